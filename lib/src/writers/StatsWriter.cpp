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

void writeStatsJson(std::ostream &OS, const std::vector<StatsRow> &Rows) {
  bool Several = severalDirs(Rows);
  OS << "[";
  for (size_t I = 0; I < Rows.size(); ++I) {
    const StatsRow &R = Rows[I];
    OS << (I ? ",\n  {" : "\n  {") << "\"kernel\": ";
    writeJsonString(OS, R.Kernel);
    OS << ", \"scope\": ";
    writeJsonString(OS, R.Scope);
    OS << ", \"kind\": \"" << statKindName(R.Kind) << "\", \"count\": " << R.Count;
    if (R.Kind == StatKind::Data) {
      OS << ", \"min\": " << R.Min << ", \"mean\": " << mean(R.Mean) << ", \"max\": " << R.Max << "}";
      continue;
    }
    OS << ", \"total_cycles\": " << R.Total << ", \"self_cycles\": " << R.Self;
    if (R.Count)
      OS << ", \"min_cycles\": " << R.Min << ", \"mean_cycles\": " << mean(R.Mean)
         << ", \"p50_cycles\": " << R.P50 << ", \"p90_cycles\": " << R.P90 << ", \"p99_cycles\": " << R.P99
         << ", \"max_cycles\": " << R.Max;
    OS << ", \"waves\": " << R.Waves;
    if (R.Kind == StatKind::Kernel) {
      char Buf[32];
      std::snprintf(Buf, sizeof Buf, "%.4f", R.ScopedFraction);
      OS << ", \"scoped_fraction\": " << Buf;
    } else {
      OS << ", \"open\": " << R.Open;
    }
    if (R.Count) {
      OS << ", \"slowest_wave\": ";
      writeJsonString(OS, waveName(R, Several));
    }
    OS << "}";
  }
  OS << (Rows.empty() ? "]\n" : "\n]\n");
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

void writeWavesJson(std::ostream &OS, const std::vector<WaveTime> &Waves, const NameTable &Names) {
  bool Several = severalWaveDirs(Waves);
  OS << "[";
  for (size_t I = 0; I < Waves.size(); ++I) {
    const WaveTime &W = Waves[I];
    std::vector<std::string> Cells = waveCells(W, Names, Several);
    OS << (I ? ",\n  {" : "\n  {") << "\"wave\": ";
    writeJsonString(OS, Cells[0]);
    OS << ", \"se\": " << slotSE(W.Wave.Slot) << ", \"cu\": " << slotCU(W.Wave.Slot)
       << ", \"simd\": " << slotSIMD(W.Wave.Slot) << ", \"slot\": " << slotWave(W.Wave.Slot)
       << ", \"instance\": " << W.Wave.Instance << ", \"dispatch\": " << W.Dispatch << ", \"kernel\": ";
    writeJsonString(OS, Cells[2]);
    OS << ", \"launch\": " << W.Launch << ", \"cycles\": " << W.cycles() << ", \"traced\": "
       << (W.Traced ? "true" : "false");
    if (W.Traced)
      OS << ", \"scoped_cycles\": " << std::min(W.Scoped, W.cycles());
    OS << "}";
  }
  OS << (Waves.empty() ? "]\n" : "\n]\n");
}

} // namespace sqtt
