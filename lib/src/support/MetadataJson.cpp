// MetadataJson.cpp - loading small JSON files whole, and the error for
// malformed ones.
#include "sqtt/support/MetadataJson.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/InputFile.h"

namespace sqtt {

// Metadata files are small next to the records; these bounds only refuse
// what no rocprofv3 writes (a device, a runaway file) before reading it.
constexpr size_t MaxMetadataBytes = size_t(4) << 30;
// rocprofv3 nests filenames.json six levels deep (wave_filenames), occupancy.json four.
constexpr size_t MaxMetadataDepth = 32;

simdjson::padded_string loadMetadataJson(const std::string &Path) {
  InputFile In(Path);
  In.checkSize(MaxMetadataBytes, "trace metadata");
  simdjson::padded_string Json(In.size());
  In.readInto(Json.data());
  return Json;
}

[[noreturn]] void malformed(const std::string &Path, const std::string &What) {
  throw Error(Path + ": malformed JSON: " + What);
}

simdjson::simdjson_result<simdjson::dom::element>
parseMetadata(simdjson::dom::parser &Parser, const simdjson::padded_string &Json, const std::string &Path) {
  if (Parser.allocate(Json.size(), MaxMetadataDepth))
    throw Error(Path + ": out of memory for " + std::to_string(Json.size()) + " bytes of JSON");
  auto Doc = Parser.parse(Json);
  if (Doc.error() == simdjson::DEPTH_ERROR)
    malformed(Path, "nests deeper than " + std::to_string(MaxMetadataDepth) +
                        " levels (rocprofv3 writes at most 6)");
  return Doc;
}

simdjson::dom::element parseMetadataOrThrow(simdjson::dom::parser &Parser, const simdjson::padded_string &Json,
                                            const std::string &Path) {
  simdjson::dom::element Doc;
  if (auto Error = parseMetadata(Parser, Json, Path).get(Doc))
    malformed(Path, simdjson::error_message(Error));
  return Doc;
}

} // namespace sqtt
