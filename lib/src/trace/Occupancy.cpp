// Occupancy.cpp - occupancy.json: each wave slot's launches and ends, the
// spans and instances records fall in, and the dispatches' names.
#include "TraceFileReaders.h"
#include "sqtt/trace/TraceFiles.h"
#include "sqtt/support/Error.h"

#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;

namespace sqtt {

const WaveSpan *Occupancy::findSpan(SlotKey Slot, int64_t Time) const {
  auto It = Spans.find(Slot);
  if (It == Spans.end() || It->second.empty())
    return nullptr;
  const std::vector<WaveSpan> &S = It->second;
  auto After = std::upper_bound(S.begin(), S.end(), Time,
                                [](int64_t T, const WaveSpan &W) { return T < W.Launch; });
  if (After == S.begin())
    return &S.front(); // Before every launch: clock-corrected records can land early.
  return &*(After - 1);
}

uint32_t Occupancy::instanceAt(SlotKey Slot, int64_t Time) const {
  auto It = Spans.find(Slot);
  if (It == Spans.end() || It->second.empty())
    return 0;
  const std::vector<WaveSpan> &S = It->second;
  auto After = std::upper_bound(S.begin(), S.end(), Time,
                                [](int64_t T, const WaveSpan &W) { return T < W.Launch; });
  return After == S.begin() ? 0 : uint32_t(After - S.begin() - 1);
}

std::string Occupancy::dispatchName(int64_t Dispatch) const {
  auto It = Dispatches.find(Dispatch);
  return It == Dispatches.end() ? std::string() : It->second;
}

namespace {

Occupancy parseOccupancyJson(const simdjson::padded_string &Json, const std::string &Path) {
  Occupancy Occ;
  simdjson::dom::parser Parser;
  simdjson::dom::element Doc;
  if (parseMetadata(Parser, Json, Path).get(Doc))
    malformed(Path, "not valid JSON (truncated?)");
  simdjson::dom::object Root;
  if (Doc.get(Root))
    malformed(Path, "top level is not an object");
  std::unordered_map<SlotKey, std::vector<OccupancyRow>> Events;
  for (auto [Key, Value] : Root) {
    std::string K(Key);
    if (K == "dispatches") {
      simdjson::dom::object D;
      if (Value.get(D))
        malformed(Path, "\"dispatches\" is not an object");
      for (auto [Id, Name] : D) {
        std::string_view N;
        char *End = nullptr;
        std::string IdS(Id);
        long long I = std::strtoll(IdS.c_str(), &End, 10);
        if (End == IdS.c_str() || *End || Name.get(N))
          continue;
        Occ.Dispatches[I] = std::string(N);
      }
      continue;
    }
    char *End = nullptr;
    long SE = std::strtol(K.c_str(), &End, 10);
    if (End == K.c_str() || *End || SE < 0 || SE > 255)
      continue; // version, events, occupancy_fields, ...
    simdjson::dom::array Rows;
    if (Value.get(Rows)) {
      ++Occ.SkippedRows;
      continue;
    }
    int64_t Latest = INT64_MIN;
    for (simdjson::dom::element RowE : Rows) {
      simdjson::dom::array Row;
      if (RowE.get(Row) || Row.size() < 6) {
        ++Occ.SkippedRows;
        continue;
      }
      int64_t F[6];
      bool Ok = true;
      size_t I = 0;
      for (simdjson::dom::element X : Row) {
        if (I == 6)
          break;
        if (X.get(F[I]))
          Ok = false;
        ++I;
      }
      for (size_t J = 1; J < 4; ++J)
        Ok = Ok && F[J] >= 0 && F[J] <= 255;
      if (!Ok) {
        ++Occ.SkippedRows;
        continue;
      }
      Occ.RowsOutOfOrder += F[0] < Latest;
      Latest = std::max(Latest, F[0]);
      Events[slotKey(uint32_t(SE), uint32_t(F[1]), uint32_t(F[2]), uint32_t(F[3]))]
          .push_back({F[0], F[4] != 0, F[5]});
    }
  }
  for (auto &[Slot, List] : Events) {
    for (const OccupancyRow &R : List)
      Occ.UnnamedKernelRows += R.Start && !Occ.Dispatches.empty() && !Occ.Dispatches.count(R.Dispatch);
    addSlotRows(Occ, Slot, List);
  }
  return Occ;
}

} // namespace

std::string Occupancy::describeImpossibleRows() const {
  std::string Out;
  auto Add = [&](size_t N, const std::string &What) {
    if (N)
      Out += (Out.empty() ? "" : ", ") + std::to_string(N) + (N == 1 ? " row " : " rows ") + What;
  };
  Add(BadTimeRows, "with a time outside 0 to 2^48 cycles (skipped)");
  Add(UnnamedKernelRows, "launching a kernel_id that \"dispatches\" does not name (shown as no dispatch)");
  Add(EndsWithoutLaunch, "ending a wave that was not launched (ignored)");
  return Out;
}

std::string Occupancy::describeOddRows() const {
  std::string Out;
  if (LaunchesIntoBusySlots)
    Out += std::to_string(LaunchesIntoBusySlots) + " launch(es) into a slot whose wave had not ended (that wave is "
           "taken to end there)";
  if (RowsOutOfOrder)
    Out += std::string(Out.empty() ? "" : ", ") + std::to_string(RowsOutOfOrder) +
           " row(s) earlier than the row before them on their SE (rows are paired by time)";
  return Out;
}

void addSlotRows(Occupancy &Occ, SlotKey Slot, std::vector<OccupancyRow> &Rows) {
  std::stable_sort(Rows.begin(), Rows.end(),
                   [](const OccupancyRow &A, const OccupancyRow &B) { return A.Time < B.Time; });
  std::vector<WaveSpan> &Spans = Occ.Spans[Slot];
  bool Open = false;
  for (const OccupancyRow &E : Rows) {
    if (E.Time < 0 || E.Time >= MaxTraceCycles) {
      ++Occ.BadTimeRows; // would make a wave vanish or last for ages
      continue;
    }
    if (!E.Start && !Open)
      ++Occ.EndsWithoutLaunch;
    if (E.Start) {
      Occ.LaunchesIntoBusySlots += Open;
      if (Open)
        Spans.back().Retire = E.Time;
      Spans.push_back({E.Time, INT64_MAX, E.Dispatch});
      Open = true;
    } else if (Open) {
      Spans.back().Retire = E.Time;
      Open = false;
    }
  }
}

Occupancy readOccupancy(const std::string &Dir, std::vector<std::string> &Warnings) {
  fs::path Path = fs::path(Dir) / "occupancy.json";
  std::error_code EC;
  if (!fs::exists(Path, EC)) {
    Warnings.push_back(Dir + ": no occupancy.json; records cannot be tied to dispatches");
    return Occupancy();
  }
  Occupancy Occ = parseOccupancyJson(loadMetadataJson(Path.string()), Path.string());
  if (Occ.impossibleRows())
    Warnings.push_back(Path.string() + ": " + Occ.describeImpossibleRows());
  if (Occ.oddRows())
    Warnings.push_back(Path.string() + ": " + Occ.describeOddRows());
  if (Occ.SkippedRows)
    Warnings.push_back(Path.string() + ": " + std::to_string(Occ.SkippedRows) +
                       " wave rows skipped (not [time, cu, simd, wave_id, start, kernel_id] "
                       "integers with cu, simd and wave_id in 0-255)");
  return Occ;
}

Occupancy parseOccupancy(std::string_view Text, const std::string &Path) {
  return parseOccupancyJson(simdjson::padded_string(Text), Path);
}


} // namespace sqtt
