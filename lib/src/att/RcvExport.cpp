// RcvExport.cpp - a headers-only copy of a trace directory for
// rocprof-compute-viewer.
#include "sqtt/att/RcvExport.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/OutputFiles.h"
#include "sqtt/trace/MovedRecords.h"
#include "sqtt/trace/TraceFiles.h"

#include <simdjson.h>

#include <filesystem>
#include <set>

namespace fs = std::filesystem;

namespace sqtt {

namespace {

/// filenames.json with its shaderdata listing replaced by \p ShaderData and
/// \p Moved; every other key as it was.
std::string rewrittenListing(const std::string &Dir, const std::string &ShaderData, const std::string &Moved) {
  std::string Out = "{";
  fs::path Listing = fs::path(Dir) / "filenames.json";
  std::error_code EC;
  if (fs::exists(Listing, EC)) {
    simdjson::dom::parser Parser;
    simdjson::dom::object Root;
    if (Parser.load(Listing.string()).get(Root))
      throw Error(Listing.string() + ": malformed JSON: not an object");
    for (auto [Key, Value] : Root) {
      if (Key == "shaderdata_filenames" || Key == "sqtt_moved_filenames")
        continue;
      std::string K;
      K += '"';
      K += std::string(Key);
      K += "\":";
      Out += K + simdjson::minify(Value) + ",";
    }
  }
  return Out + "\"shaderdata_filenames\":{" + ShaderData + "},\"sqtt_moved_filenames\":{" + Moved + "}}\n";
}

} // namespace

RcvExportStats exportForRcv(const std::string &Dir, const std::string &Out, TraceAnalyzer &Analyzer,
                            MarkerResolver &Resolver, OutputFiles &Files, std::vector<std::string> &Warnings) {
  RcvExportStats Stats;
  Files.createDirectory(Out);
  // The shaderdata files are replaced; everything else is copied as it is.
  std::set<std::string> Replaced = {"filenames.json"};
  for (const ShaderDataFile &F : listShaderData(Dir, Warnings))
    Replaced.insert(fs::path(F.Path).filename().string());
  for (const auto &[SE, Path] : listMovedRecords(Dir, Warnings)) {
    Replaced.insert(fs::path(Path).filename().string());
    Replaced.insert(fs::path(movedPositionsPath(Path)).filename().string());
  }
  std::error_code EC;
  for (const auto &Entry : fs::directory_iterator(Dir, EC)) {
    std::string Name = Entry.path().filename().string();
    if (!Entry.is_regular_file() || Replaced.count(Name) || Name.rfind("shaderdata_", 0) == 0)
      continue;
    Files.copy((fs::path(Out) / Name).string(), Entry.path().string());
    ++Stats.FilesCopied;
  }
  if (EC)
    throw Error(Dir + ": cannot list: " + EC.message());
  std::string ShaderList, MovedList;
  Analyzer.splitHeaders(Dir, Resolver, Warnings, [&](const TraceAnalyzer::EngineSplit &S) {
    std::vector<Record> Headers, Moved;
    std::vector<uint64_t> Positions;
    for (size_t I = 0; I < S.Records.size(); ++I) {
      if (S.Header[I]) {
        Headers.push_back(S.Records[I]);
      } else {
        Moved.push_back(S.Records[I]);
        Positions.push_back(I);
      }
    }
    std::string SE = std::to_string(S.SE);
    std::string Data = "shaderdata_" + SE + "_0.json", Side = "sqtt_moved_" + SE + ".json";
    Files.write((fs::path(Out) / Data).string(), [&](std::ostream &OS) { writeShaderData(OS, Headers); });
    std::string SidePath = (fs::path(Out) / Side).string();
    std::ostream &PositionsOS = Files.open(movedPositionsPath(SidePath));
    Files.write(SidePath, [&](std::ostream &OS) { writeMovedRecords(OS, PositionsOS, Moved, Positions); });
    ShaderList += (ShaderList.empty() ? "\"" : ",\"") + SE + "\":[[\"" + Data + "\"," +
                  std::to_string(Headers.empty() ? 0 : Headers.front().Time) + "," +
                  std::to_string(Headers.empty() ? 0 : Headers.back().Time) + "]]";
    MovedList += (MovedList.empty() ? "\"" : ",\"") + SE + "\":\"" + Side + "\"";
    Stats.Headers += Headers.size();
    Stats.Moved += Moved.size();
  });
  Files.write((fs::path(Out) / "filenames.json").string(),
              [&](std::ostream &OS) { OS << rewrittenListing(Dir, ShaderList, MovedList); });
  return Stats;
}

} // namespace sqtt
