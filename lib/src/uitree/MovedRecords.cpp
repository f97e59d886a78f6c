// MovedRecords.cpp - the side files of a headers-only trace directory.
#include "sqtt/uitree/MovedRecords.h"
#include "TreeReaders.h"
#include "sqtt/support/ContainedPath.h"
#include "sqtt/support/Error.h"
#include "sqtt/uitree/TreeLayout.h"
#include "sqtt/uitree/TreeReader.h"
#include "sqtt/uitree/TreeWriter.h"

#include <filesystem>

namespace fs = std::filesystem;

namespace sqtt {

std::map<uint32_t, std::string> listMovedRecords(const std::string &Dir, std::vector<std::string> &Warnings) {
  std::map<uint32_t, std::string> Out;
  fs::path Listing = fs::path(Dir) / uitree::FilenamesFile;
  std::error_code EC;
  if (!fs::exists(Listing, EC))
    return Out;
  simdjson::padded_string Json = loadMetadataJson(Listing.string());
  simdjson::dom::parser Parser;
  simdjson::dom::element Doc = parseMetadataOrThrow(Parser, Json, Listing.string());
  simdjson::dom::object Moved;
  if (Doc[uitree::MovedListKey].get(Moved))
    return Out;
  for (auto [Key, Value] : Moved) {
    std::string K(Key);
    char *End = nullptr;
    long SE = std::strtol(K.c_str(), &End, 10);
    std::string_view Name;
    if (End == K.c_str() || *End || SE < 0 || SE > 255 || Value.get(Name)) {
      Warnings.push_back(Listing.string() + ": sqtt_moved_filenames entry '" + K + "' is not \"<se>\": \"<file>\"");
      continue;
    }
    Out[uint32_t(SE)] = fileInDirectory(Dir, Name, Listing.string());
  }
  return Out;
}

void mergeMovedRecords(const std::string &Path, std::vector<Record> &Headers) {
  std::vector<Record> Moved;
  readShaderData({0, Path}, Moved);
  std::string PosPath = uitree::movedPositionsPath(Path);
  simdjson::padded_string Json = loadMetadataJson(PosPath);
  simdjson::dom::parser Parser;
  simdjson::dom::array Positions;
  if (parseMetadataOrThrow(Parser, Json, PosPath).get(Positions))
    malformed(PosPath, "not an array of positions");
  if (Positions.size() != Moved.size())
    throw Error(PosPath + ": " + std::to_string(Positions.size()) + " positions for the " +
                std::to_string(Moved.size()) + " records of " + Path);
  const uint64_t Total = Headers.size() + Moved.size();
  std::vector<Record> Out(Total);
  std::vector<bool> Taken(Total, false);
  size_t I = 0;
  uint64_t Last = 0;
  for (simdjson::dom::element E : Positions) {
    uint64_t P = 0;
    if (E.get(P) || P >= Total || (I && P <= Last))
      malformed(PosPath, "position " + std::to_string(I) + " is not an increasing index below " +
                             std::to_string(Total));
    Out[P] = Moved[I++];
    Taken[P] = true;
    Last = P;
  }
  size_t H = 0;
  for (uint64_t P = 0; P < Total; ++P)
    if (!Taken[P])
      Out[P] = Headers[H++];
  Headers = std::move(Out);
}

void writeMovedRecords(std::ostream &OS, std::ostream &PositionsOS, const std::vector<Record> &Records,
                       const std::vector<uint64_t> &Positions) {
  ShaderDataWriter Side(OS, "\"note\":\"the words sqtt-att --for-rcv moved out of the shaderdata "
                           "files (payloads, address blocks, trap-handler records)\"");
  for (const Record &R : Records)
    Side.add(R);
  Side.finish();
  PositionsOS << '[';
  for (size_t I = 0; I < Positions.size(); ++I)
    PositionsOS << (I ? "," : "") << Positions[I];
  PositionsOS << "]\n";
}

} // namespace sqtt
