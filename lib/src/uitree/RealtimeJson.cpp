// RealtimeJson.cpp - realtime.json: each shader engine's (cycles, realtime)
// samples, fitted into the capture's clocks (D26, FORMATS §12).
#include "TreeReaders.h"
#include "sqtt/support/Error.h"
#include "sqtt/uitree/TreeLayout.h"
#include "sqtt/uitree/TreeReader.h"

#include <filesystem>

namespace sqtt {

CaptureClock parseCaptureClock(std::string_view Text, const std::string &Path) {
  simdjson::padded_string Json(Text);
  simdjson::dom::parser Parser;
  simdjson::dom::element Doc = parseMetadataOrThrow(Parser, Json, Path);
  simdjson::dom::object Root;
  if (Doc.get(Root))
    malformed(Path, "not an object");
  double Frequency = 100e6; // the viewers' default when metadata has none
  std::string FrequencySource = "realtime.json gives no rate: the viewers' default";
  std::map<uint32_t, ClockSamples> Samples;
  for (auto Field : Root) {
    std::string_view Key = Field.key;
    if (Key == "metadata") {
      uint64_t F = 0;
      if (!Field.value["frequency"].get(F) && F > 0)
        Frequency = double(F), FrequencySource = "realtime.json's metadata";
      continue;
    }
    if (Key.size() < 3 || Key.substr(0, 2) != "SE")
      continue;
    uint32_t SE = 0;
    for (char C : Key.substr(2)) {
      if (C < '0' || C > '9' || SE > 255)
        malformed(Path, "key '" + std::string(Key) + "' is not SE<number>");
      SE = SE * 10 + uint32_t(C - '0');
    }
    simdjson::dom::array List;
    if (Field.value.get(List) || List.size() < 2)
      throw Error(Path + ": " + std::string(Key) + " needs two [gfx_clock, realtime_clock] samples");
    ClockSamples &S = Samples[SE];
    for (size_t I = 0; I < List.size(); ++I) {
      simdjson::dom::array Pair;
      int64_t G = 0, R = 0;
      if (List.at(I).get(Pair) || Pair.size() < 2 || Pair.at(0).get(G) || Pair.at(1).get(R))
        malformed(Path, std::string(Key) + " sample " + std::to_string(I) + " is not two integers");
      S.emplace_back(double(G), double(R));
    }
  }
  return fitCaptureClock(Samples, Frequency, FrequencySource, Path);
}

std::optional<CaptureClock> readCaptureClock(const std::string &Dir, std::vector<std::string> &Warnings) {
  std::optional<std::string> Found = treeFile(Dir, uitree::RealtimeFile);
  if (!Found)
    return std::nullopt;
  const std::string &Path = *Found;
  try {
    simdjson::padded_string Json = loadMetadataJson(Path);
    CaptureClock Clock = parseCaptureClock(std::string_view(Json.data(), Json.size()), Path);
    Clock.Carrier = uitree::RealtimeFile;
    return Clock;
  } catch (const std::exception &E) {
    Warnings.push_back(std::string(E.what()) + "; shader engines are not aligned and cycles stay as recorded");
    return std::nullopt;
  }
}

} // namespace sqtt
