// StatsWriter.cpp - sqtt-stats rows as an aligned table, CSV or JSON.
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/StatsWriters.h"
#include "sqtt/writers/WaveLabel.h"
#include "TableText.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>

namespace sqtt {

namespace {

constexpr const char *Columns[] = {"kernel",     "scope",      "kind",       "count",
                                   "total_cycles", "self_cycles", "min_cycles", "mean_cycles",
                                   "p50_cycles", "p90_cycles", "p99_cycles", "max_cycles",
                                   "waves",      "open",       "scoped",     "slowest_wave"};

std::string mean(double V) {
  char Buf[48];
  std::snprintf(Buf, sizeof Buf, "%.1f", V);
  return Buf;
}

/// The slowest wave, with its trace directory when the rows span several.
std::string waveName(const StatsRow &R, bool SeveralDirs) {
  if (!R.SlowestWave)
    return "";
  std::string Wave = waveLabel(*R.SlowestWave);
  if (!SeveralDirs)
    return Wave;
  return std::filesystem::path(R.SlowestWaveDir).filename().string() + "/" + Wave;
}

bool severalDirs(const std::vector<StatsRow> &Rows) {
  for (const StatsRow &R : Rows)
    if (!R.SlowestWaveDir.empty() && R.SlowestWaveDir != Rows.front().SlowestWaveDir)
      return true;
  return false;
}

/// A kernel row's scoped share, "37.5%".
std::string percent(double Fraction) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.1f%%", 100 * Fraction);
  return Buf;
}

/// The cells of a row; \p Missing stands for what a row does not have.
std::vector<std::string> cells(const StatsRow &R, bool SeveralDirs, const std::string &Missing) {
  auto N = [](uint64_t V) { return std::to_string(V); };
  if (R.Kind == StatKind::Data)
    return {R.Kernel, R.Scope, statKindName(R.Kind), N(R.Count), Missing, Missing, N(R.Min), mean(R.Mean),
            Missing, Missing, Missing, N(R.Max), Missing, Missing, Missing, Missing};
  if (R.Count == 0) // only ever open: no interval to measure
    return {R.Kernel, R.Scope, statKindName(R.Kind), "0", "0", "0", Missing, Missing,
            Missing,  Missing, Missing,              Missing, N(R.Waves), N(R.Open), Missing, Missing};
  bool Kernel = R.Kind == StatKind::Kernel;
  return {R.Kernel, R.Scope,  statKindName(R.Kind), N(R.Count), N(R.Total),
          N(R.Self), N(R.Min), mean(R.Mean),         N(R.P50),   N(R.P90),
          N(R.P99), N(R.Max), N(R.Waves),           Kernel ? Missing : N(R.Open),
          Kernel ? percent(R.ScopedFraction) : Missing, waveName(R, SeveralDirs)};
}

bool numeric(size_t Column) { return Column >= 3 && Column <= 14; }

} // namespace

void writeStatsTable(std::ostream &OS, const std::vector<StatsRow> &Rows) {
  bool Several = severalDirs(Rows);
  std::vector<std::vector<std::string>> Table;
  Table.emplace_back(std::begin(Columns), std::end(Columns));
  for (const StatsRow &R : Rows) {
    Table.push_back(cells(R, Several, "-"));
    if (Table.back()[0].empty())
      Table.back()[0] = "(no dispatch)";
  }
  writeAligned(OS, Table, numeric);
}

void writeStatsCsv(std::ostream &OS, const std::vector<StatsRow> &Rows) {
  bool Several = severalDirs(Rows);
  writeCsvRow(OS, std::vector<std::string>(std::begin(Columns), std::end(Columns)));
  for (const StatsRow &R : Rows)
    writeCsvRow(OS, cells(R, Several, ""));
}

OutputRows statsOutputRows(const std::vector<StatsRow> &Rows) {
  return outputRowsOf(Rows, [Several = severalDirs(Rows)](const StatsRow &R) {
    OutputRow F = {{"kernel", FieldValue::text(R.Kernel)},
                   {"scope", FieldValue::text(R.Scope)},
                   {"kind", FieldValue::text(statKindName(R.Kind))},
                   {"count", FieldValue::integer(R.Count)}};
    if (R.Kind == StatKind::Data) {
      F.insert(F.end(), {{"min", FieldValue::integer(R.Min)},
                         {"mean", FieldValue::real(R.Mean, "%.1f")},
                         {"max", FieldValue::integer(R.Max)}});
      return F;
    }
    F.insert(F.end(), {{"total_cycles", FieldValue::integer(R.Total)}, {"self_cycles", FieldValue::integer(R.Self)}});
    if (R.Count)
      F.insert(F.end(), {{"min_cycles", FieldValue::integer(R.Min)},
                         {"mean_cycles", FieldValue::real(R.Mean, "%.1f")},
                         {"p50_cycles", FieldValue::integer(R.P50)},
                         {"p90_cycles", FieldValue::integer(R.P90)},
                         {"p99_cycles", FieldValue::integer(R.P99)},
                         {"max_cycles", FieldValue::integer(R.Max)}});
    F.push_back({"waves", FieldValue::integer(R.Waves)});
    if (R.Kind == StatKind::Kernel)
      F.push_back({"scoped_fraction", FieldValue::real(R.ScopedFraction, "%.4f")});
    else
      F.push_back({"open", FieldValue::integer(R.Open)});
    if (R.Count)
      F.push_back({"slowest_wave", FieldValue::text(waveName(R, Several))});
    return F;
  });
}

void writeStatsJson(std::ostream &OS, const std::vector<StatsRow> &Rows) {
  writeJsonRows(OS, statsOutputRows(Rows));
}

const OutputTable &statsTable() {
  static const OutputTable T{"sqtt_scopes",
                             {{"kernel", ColumnType::Text},
                              {"scope", ColumnType::Text},
                              {"kind", ColumnType::Text},
                              {"count", ColumnType::Integer},
                              {"total_cycles", ColumnType::Integer},
                              {"self_cycles", ColumnType::Integer},
                              {"min_cycles", ColumnType::Integer},
                              {"mean_cycles", ColumnType::Real},
                              {"p50_cycles", ColumnType::Integer},
                              {"p90_cycles", ColumnType::Integer},
                              {"p99_cycles", ColumnType::Integer},
                              {"max_cycles", ColumnType::Integer},
                              {"waves", ColumnType::Integer},
                              {"scoped_fraction", ColumnType::Real},
                              {"open", ColumnType::Integer},
                              {"slowest_wave", ColumnType::Text},
                              {"min", ColumnType::Integer},
                              {"mean", ColumnType::Real},
                              {"max", ColumnType::Integer}}};
  return T;
}

namespace {

constexpr const char *WaveColumns[] = {"wave", "dispatch", "kernel", "launch", "cycles", "scoped_cycles",
                                       "scoped", "traced"};

std::vector<std::string> waveCells(const WaveTime &W, const NameTable &Names, bool SeveralDirs) {
  std::string Label = waveLabel(W.Wave);
  if (SeveralDirs)
    Label = std::filesystem::path(Names.str(W.Dir)).filename().string() + "/" + Label;
  uint64_t Scoped = std::min(W.Scoped, W.cycles());
  return {Label, std::to_string(W.Dispatch), Names.str(W.Kernel), std::to_string(W.Launch),
          std::to_string(W.cycles()), W.Traced ? std::to_string(Scoped) : "",
          W.Traced ? percent(double(Scoped) / double(W.cycles())) : "", W.Traced ? "yes" : "no"};
}

bool severalWaveDirs(const std::vector<WaveTime> &Waves) {
  for (const WaveTime &W : Waves)
    if (W.Dir != Waves.front().Dir)
      return true;
  return false;
}

} // namespace

void writeWavesTable(std::ostream &OS, const std::vector<WaveTime> &Waves, const NameTable &Names) {
  bool Several = severalWaveDirs(Waves);
  std::vector<std::vector<std::string>> Table;
  Table.emplace_back(std::begin(WaveColumns), std::end(WaveColumns));
  for (const WaveTime &W : Waves) {
    Table.push_back(waveCells(W, Names, Several));
    for (std::string &Cell : Table.back())
      if (Cell.empty())
        Cell = "-";
  }
  writeAligned(OS, Table, [](size_t C) { return C == 1 || (C >= 3 && C <= 6); });
}

void writeWavesCsv(std::ostream &OS, const std::vector<WaveTime> &Waves, const NameTable &Names) {
  bool Several = severalWaveDirs(Waves);
  writeCsvRow(OS, std::vector<std::string>(std::begin(WaveColumns), std::end(WaveColumns)));
  for (const WaveTime &W : Waves)
    writeCsvRow(OS, waveCells(W, Names, Several));
}

OutputRows wavesOutputRows(const std::vector<WaveTime> &Waves, const NameTable &Names) {
  return outputRowsOf(Waves, [&Names, Several = severalWaveDirs(Waves)](const WaveTime &W) {
    std::vector<std::string> Cells = waveCells(W, Names, Several);
    OutputRow F = {{"wave", FieldValue::text(Cells[0])},
                   {"se", FieldValue::integer(slotSE(W.Wave.Slot))},
                   {"cu", FieldValue::integer(slotCU(W.Wave.Slot))},
                   {"simd", FieldValue::integer(slotSIMD(W.Wave.Slot))},
                   {"slot", FieldValue::integer(slotWave(W.Wave.Slot))},
                   {"instance", FieldValue::integer(W.Wave.Instance)},
                   {"dispatch", FieldValue::integer(W.Dispatch)},
                   {"kernel", FieldValue::text(Cells[2])},
                   {"launch", FieldValue::integer(W.Launch)},
                   {"cycles", FieldValue::integer(W.cycles())},
                   {"traced", FieldValue::boolean(W.Traced)}};
    if (W.Traced)
      F.push_back({"scoped_cycles", FieldValue::integer(std::min(W.Scoped, W.cycles()))});
    return F;
  });
}

void writeWavesJson(std::ostream &OS, const std::vector<WaveTime> &Waves, const NameTable &Names) {
  writeJsonRows(OS, wavesOutputRows(Waves, Names));
}

const OutputTable &wavesTable() {
  static const OutputTable T{"sqtt_waves",
                             {{"wave", ColumnType::Text},
                              {"se", ColumnType::Integer},
                              {"cu", ColumnType::Integer},
                              {"simd", ColumnType::Integer},
                              {"slot", ColumnType::Integer},
                              {"instance", ColumnType::Integer},
                              {"dispatch", ColumnType::Integer},
                              {"kernel", ColumnType::Text},
                              {"launch", ColumnType::Integer},
                              {"cycles", ColumnType::Integer},
                              {"traced", ColumnType::Integer},
                              {"scoped_cycles", ColumnType::Integer}}};
  return T;
}

} // namespace sqtt
