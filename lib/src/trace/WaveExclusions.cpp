// WaveExclusions.cpp - reading a completeness report for --complete-only.
#include "sqtt/trace/WaveExclusions.h"

#include "sqtt/support/MetadataJson.h"
#include "sqtt/support/Error.h"

#include <filesystem>

namespace sqtt {

namespace {

std::string lastComponent(const std::string &Dir) {
  std::filesystem::path P(Dir);
  if (!P.has_filename())
    P = P.parent_path();
  return P.filename().string();
}

} // namespace

WaveExclusions WaveExclusions::fromReport(const std::string &Path) {
  WaveExclusions X;
  X.Path = Path;
  simdjson::padded_string Json = loadMetadataJson(Path);
  simdjson::dom::parser Parser;
  simdjson::dom::element Doc = parseMetadataOrThrow(Parser, Json, Path);
  simdjson::dom::array Waves;
  if (Doc["waves"].get(Waves))
    throw Error(Path + ": not a report of sqtt-verify --trace (no \"waves\" list)");
  size_t Index = 0;
  for (simdjson::dom::element W : Waves) {
    std::string_view Dir, Status;
    int64_t SE, CU, SIMD, Slot, Begin;
    if (W["dir"].get(Dir) || W["status"].get(Status) || W["se"].get(SE) || W["cu"].get(CU) ||
        W["simd"].get(SIMD) || W["slot"].get(Slot) || W["begin"].get(Begin))
      throw Error(Path + ": wave " + std::to_string(Index) + " lacks one of dir, status, se, cu, simd, slot, begin");
    ++Index;
    auto InRange = [](int64_t V) { return V >= 0 && V < 256; };
    if (!InRange(SE) || !InRange(CU) || !InRange(SIMD) || !InRange(Slot))
      throw Error(Path + ": wave " + std::to_string(Index - 1) + " has an id beyond 255");
    std::set<WaveLaunch> &Set = X.ByDir[std::string(Dir)];
    ++X.Checked;
    if (Status == "complete")
      continue;
    if (Status != "incomplete")
      throw Error(Path + ": wave " + std::to_string(Index - 1) + " has the status '" + std::string(Status) +
                  "' (complete or incomplete)");
    Set.insert({slotKey(uint32_t(SE), uint32_t(CU), uint32_t(SIMD), uint32_t(Slot)), Begin});
    ++X.Incomplete;
  }
  return X;
}

const std::set<WaveLaunch> *WaveExclusions::forDir(const std::string &Dir) const {
  if (auto It = ByDir.find(Dir); It != ByDir.end())
    return &It->second;
  const std::set<WaveLaunch> *Found = nullptr;
  std::string Name = lastComponent(Dir);
  for (const auto &[Other, Set] : ByDir)
    if (lastComponent(Other) == Name) {
      if (Found)
        return nullptr; // two directories of that name: neither is taken for it
      Found = &Set;
    }
  return Found;
}

} // namespace sqtt
