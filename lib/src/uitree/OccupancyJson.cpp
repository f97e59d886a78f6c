// OccupancyJson.cpp - occupancy.json: each wave slot's launch and end rows
// and the dispatches' names, read into the trace model's Occupancy.
#include "TreeReaders.h"
#include "sqtt/support/Error.h"
#include "sqtt/uitree/TreeLayout.h"
#include "sqtt/uitree/TreeReader.h"

#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;

namespace sqtt {

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

Occupancy readOccupancy(const std::string &Dir, std::vector<std::string> &Warnings) {
  fs::path Path = fs::path(Dir) / uitree::OccupancyFile;
  std::error_code EC;
  if (!fs::exists(Path, EC)) {
    Warnings.push_back(Dir + ": no " + std::string(uitree::OccupancyFile) + "; records cannot be tied to dispatches");
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
