// RcvExport.cpp - a headers-only copy of a trace directory for
// rocprof-compute-viewer.
#include "sqtt/att/RcvExport.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/OutputFiles.h"
#include "sqtt/uitree/MovedRecords.h"
#include "sqtt/uitree/TreeLayout.h"
#include "sqtt/uitree/TreeReader.h"
#include "sqtt/uitree/TreeWriter.h"

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
  fs::path Listing = fs::path(Dir) / uitree::FilenamesFile;
  std::error_code EC;
  if (fs::exists(Listing, EC)) {
    simdjson::dom::parser Parser;
    simdjson::dom::object Root;
    if (Parser.load(Listing.string()).get(Root))
      throw Error(Listing.string() + ": malformed JSON: not an object");
    for (auto [Key, Value] : Root) {
      if (Key == uitree::ShaderDataListKey || Key == uitree::MovedListKey)
        continue;
      std::string K;
      K += '"';
      K += std::string(Key);
      K += "\":";
      Out += K + simdjson::minify(Value) + ",";
    }
  }
  return Out + "\"" + uitree::ShaderDataListKey + "\":" + ShaderData + ",\"" + uitree::MovedListKey + "\":{" + Moved +
         "}}\n";
}

} // namespace

RcvExportStats exportForRcv(const std::string &Dir, const std::string &Out, TraceAnalyzer &Analyzer,
                            MarkerResolver &Resolver, OutputFiles &Files, std::vector<std::string> &Warnings) {
  RcvExportStats Stats;
  Files.createDirectory(Out);
  // The shaderdata files are replaced; everything else is copied as it is.
  std::set<std::string> Replaced = {uitree::FilenamesFile};
  for (const ShaderDataFile &F : listShaderData(Dir, Warnings))
    Replaced.insert(fs::path(F.Path).filename().string());
  for (const auto &[SE, Path] : listMovedRecords(Dir, Warnings)) {
    Replaced.insert(fs::path(Path).filename().string());
    Replaced.insert(fs::path(uitree::movedPositionsPath(Path)).filename().string());
  }
  std::error_code EC;
  for (const auto &Entry : fs::directory_iterator(Dir, EC)) {
    std::string Name = Entry.path().filename().string();
    if (!Entry.is_regular_file() || Replaced.count(Name) || Name.rfind(uitree::ShaderDataPrefix, 0) == 0)
      continue;
    Files.copy((fs::path(Out) / Name).string(), Entry.path().string());
    ++Stats.FilesCopied;
  }
  if (EC)
    throw Error(Dir + ": cannot list: " + EC.message());
  ShaderDataListing ShaderList;
  std::string MovedList;
  JsonTraceSource Source(Dir, Warnings);
  Analyzer.splitHeaders(Source, Resolver, [&](const TraceAnalyzer::EngineSplit &S) {
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
    std::string Data = uitree::shaderDataName(S.SE), Side = uitree::movedRecordsName(S.SE);
    Files.write((fs::path(Out) / Data).string(), [&](std::ostream &OS) { writeShaderData(OS, Headers); });
    std::string SidePath = (fs::path(Out) / Side).string();
    std::ostream &PositionsOS = Files.open(uitree::movedPositionsPath(SidePath));
    Files.write(SidePath, [&](std::ostream &OS) { writeMovedRecords(OS, PositionsOS, Moved, Positions); });
    ShaderList.add(S.SE, Data, Headers.empty() ? 0 : Headers.front().Time, Headers.empty() ? 0 : Headers.back().Time);
    MovedList += (MovedList.empty() ? "\"" : ",\"") + SE + "\":\"" + Side + "\"";
    Stats.Headers += Headers.size();
    Stats.Moved += Moved.size();
  });
  Files.write((fs::path(Out) / uitree::FilenamesFile).string(),
              [&](std::ostream &OS) { OS << rewrittenListing(Dir, ShaderList.json(), MovedList); });
  return Stats;
}

} // namespace sqtt
