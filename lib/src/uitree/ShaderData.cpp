// ShaderData.cpp - a trace directory's shaderdata files: which they are
// (filenames.json, or a glob) and their records.
#include "TreeReaders.h"
#include "sqtt/uitree/TreeLayout.h"
#include "sqtt/uitree/TreeReader.h"
#include "sqtt/support/ContainedPath.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/HugePages.h"
#include "sqtt/support/MappedFile.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <set>
#include <unordered_set>

#include <sys/stat.h>

namespace fs = std::filesystem;

namespace sqtt {

namespace {

/// Integer-tuple order of shaderdata_<se>_<idx>.json names.
std::vector<long> numbersIn(const std::string &Name) {
  std::vector<long> Out;
  for (size_t I = 0; I < Name.size();) {
    if (!isdigit(static_cast<unsigned char>(Name[I]))) {
      ++I;
      continue;
    }
    size_t J = I;
    while (J < Name.size() && isdigit(static_cast<unsigned char>(Name[J])))
      ++J;
    Out.push_back(std::stol(Name.substr(I, std::min<size_t>(J - I, 15))));
    I = J;
  }
  return Out;
}


/// shaderdata_<se>_<n>.json files of \p Dir, in (se, n) order.
std::vector<ShaderDataFile> globShaderData(const std::string &Dir) {
  std::vector<std::pair<std::vector<long>, std::string>> Found;
  std::error_code EC;
  for (const auto &Entry : fs::directory_iterator(Dir, EC)) {
    std::string Name = Entry.path().filename().string();
    if (uitree::isShaderDataName(Name))
      Found.push_back({numbersIn(Name), Entry.path().string()});
  }
  std::sort(Found.begin(), Found.end());
  std::vector<ShaderDataFile> Files;
  for (auto &[Numbers, Path] : Found)
    if (!Numbers.empty() && Numbers[0] >= 0 && Numbers[0] <= 255)
      Files.push_back({uint32_t(Numbers[0]),
                       fileInDirectory(Dir, fs::path(Path).filename().string(), Dir)});
  return Files;
}

} // namespace

std::vector<ShaderDataFile> listShaderData(const std::string &Dir,
                                           std::vector<std::string> &Warnings) {
  std::vector<ShaderDataFile> OnDisk = globShaderData(Dir);
  fs::path Listing = fs::path(Dir) / uitree::FilenamesFile;
  std::error_code EC;
  if (!fs::exists(Listing, EC))
    return OnDisk;
  simdjson::padded_string Json = loadMetadataJson(Listing.string());
  simdjson::dom::parser Parser;
  simdjson::dom::element Doc;
  if (parseMetadata(Parser, Json, Listing.string()).get(Doc))
    malformed(Listing.string(), "not valid JSON");
  simdjson::dom::object Root, Shader;
  if (Doc.get(Root))
    malformed(Listing.string(), "top level is not an object");
  if (Root[uitree::ShaderDataListKey].get(Shader)) {
    if (!OnDisk.empty())
      Warnings.push_back(Listing.string() + ": no \"shaderdata_filenames\" object; reading the " +
                         std::to_string(OnDisk.size()) + " shaderdata_*.json file(s) of the directory");
    return OnDisk;
  }
  std::vector<ShaderDataFile> Files;
  std::set<std::pair<dev_t, ino_t>> Listed;
  std::unordered_set<std::string_view> Names; // views into the parsed listing
  size_t Duplicates = 0;
  for (auto [Key, Value] : Shader) {
    char *End = nullptr;
    std::string K(Key);
    long SE = std::strtol(K.c_str(), &End, 10);
    if (End == K.c_str() || *End || SE < 0 || SE > 255) {
      Warnings.push_back(Listing.string() + ": shader engine key '" + K + "' is not a number; skipped");
      continue;
    }
    simdjson::dom::array Entries;
    if (Value.get(Entries))
      malformed(Listing.string(), "shaderdata_filenames[\"" + K + "\"] is not an array");
    for (simdjson::dom::element E : Entries) {
      std::string_view Name;
      simdjson::dom::array Triple;
      if (!E.get(Triple) && Triple.size() > 0) {
        if (Triple.at(0).get(Name))
          malformed(Listing.string(), "shaderdata file name is not a string");
      } else if (E.get(Name)) {
        malformed(Listing.string(), "shaderdata entry is neither a list nor a string");
      }
      // The same name again costs no system call (a listing may repeat one
      // name hundreds of thousands of times).
      if (!Names.insert(Name).second) {
        ++Duplicates;
        continue;
      }
      std::string P = fileInDirectory(Dir, Name, Listing.string());
      struct stat St;
      if (::stat(P.c_str(), &St) != 0) {
        Warnings.push_back(Listing.string() + ": lists missing file " + std::string(Name));
        continue;
      }
      // One file listed twice (or under two names) is read once.
      if (Listed.insert({St.st_dev, St.st_ino}).second)
        Files.push_back({uint32_t(SE), P});
      else
        ++Duplicates;
    }
  }
  if (Duplicates)
    Warnings.push_back(Listing.string() + ": lists " + std::to_string(Duplicates) +
                       " shaderdata file(s) more than once; each is read once");
  // Files the listing does not name are not read (the listing decides), but
  // they are not dropped silently either.
  for (const ShaderDataFile &F : OnDisk) {
    struct stat St;
    if (::stat(F.Path.c_str(), &St) == 0 && !Listed.count({St.st_dev, St.st_ino}))
      Warnings.push_back(Listing.string() + ": does not list " + fs::path(F.Path).filename().string() +
                         "; its records are not read");
  }
  return Files;
}

/// Where "records" is, looked for only near the start: rocprofv3 writes a
/// few short keys before the records, and a corrupt or foreign file (a
/// gigabyte of zeros) must be refused without being read whole.
static size_t findRecordsKey(std::string_view Text, const std::string &Path) {
  constexpr size_t Preamble = 1 << 20;
  size_t Start = 0;
  while (Start < Text.size() && isSpace(Text[Start]))
    ++Start;
  if (Start == Text.size() || Text[Start] != '{') {
    char Byte[8];
    std::snprintf(Byte, sizeof Byte, "0x%02x", Start == Text.size() ? 0 : unsigned(uint8_t(Text[Start])));
    malformed(Path, Start == Text.size() ? std::string("not valid JSON (truncated or corrupt)")
                                         : "not valid JSON (truncated or corrupt): the first byte is " +
                                               std::string(Byte) + ", not '{'");
  }
  size_t Key = Text.substr(0, Preamble).find("\"records\"");
  if (Key == std::string_view::npos && Text.size() > Preamble)
    malformed(Path, "no \"records\" array in its first MiB (not a shaderdata file)");
  return Key;
}

/// A shaderdata file that states its records_count before the records
/// cannot be much larger than that many records take (a record is at most
/// six 20-digit numbers; 256 bytes allows any layout rocprofv3 or json.dump
/// writes). A larger one is corrupt; it is refused before it is read.
static uint64_t checkRecordsSize(std::string_view Text, size_t ArrayBegin, const std::string &Path) {
  constexpr std::string_view CountKey = "\"records_count\"";
  size_t At = Text.substr(0, ArrayBegin).find(CountKey);
  if (At == std::string_view::npos)
    return UINT64_MAX;
  At += CountKey.size();
  while (At < ArrayBegin && (isSpace(Text[At]) || Text[At] == ':'))
    ++At;
  uint64_t Count = 0;
  auto [End, Ec] = std::from_chars(Text.data() + At, Text.data() + ArrayBegin, Count);
  if (Ec != std::errc() || End == Text.data() + At)
    return UINT64_MAX; // not a plain count: the records decide
  constexpr uint64_t MaxRecordBytes = 256, Slack = 1 << 16;
  uint64_t Limit = Count > (UINT64_MAX - Slack - ArrayBegin) / MaxRecordBytes
                       ? UINT64_MAX
                       : ArrayBegin + Count * MaxRecordBytes + Slack;
  if (Text.size() > Limit)
    malformed(Path, std::to_string(Text.size()) + " bytes, more than its records_count of " +
                        std::to_string(Count) + " records can take (corrupt)");
  return Count;
}

// simdjson indexes every structural character of a document (4 bytes each),
// and a records array is mostly structure, so parsing a whole file at once
// costs several times its size. The array is therefore handed to simdjson in
// chunks of about a megabyte, cut after a record's closing bracket (records
// hold only numbers, so the first ']' after any point ends a record).
size_t readRecordsArray(std::string_view Text, const std::string &Path, std::vector<Record> &Out,
                        size_t &ArrayBegin, size_t &ArrayEnd, const MappedFile *Map) {
  size_t Key = findRecordsKey(Text, Path);
  if (Key == std::string_view::npos) {
    // Not the expected shape: let simdjson say what is wrong.
    simdjson::padded_string Json(Text.data(), Text.size());
    simdjson::ondemand::parser P;
    simdjson::ondemand::document Doc;
    if (P.iterate(Json).get(Doc) || Doc.find_field_unordered("records").error() != simdjson::NO_SUCH_FIELD)
      malformed(Path, "not valid JSON (truncated or corrupt)");
    malformed(Path, "no \"records\" array");
  }
  size_t Pos = Key + 9;
  while (Pos < Text.size() && isSpace(Text[Pos]))
    ++Pos;
  if (Pos >= Text.size() || Text[Pos] != ':')
    malformed(Path, "not valid JSON (truncated or corrupt)");
  ++Pos;
  while (Pos < Text.size() && isSpace(Text[Pos]))
    ++Pos;
  if (Pos >= Text.size() || Text[Pos] != '[')
    malformed(Path, "\"records\" is not an array");
  ArrayBegin = Pos;
  uint64_t Count = checkRecordsSize(Text, Pos, Path);
  ++Pos; // Inside the records array.
  reserveLarge(Out, Out.size() + recordsBound(Text, Pos, Count));

  constexpr size_t ChunkBytes = 1 << 20;
  simdjson::ondemand::parser Parser;
  size_t Rows = 0;
  for (;;) {
    while (Pos < Text.size() && isSpace(Text[Pos]))
      ++Pos;
    if (Pos >= Text.size())
      malformed(Path, "truncated: the records array does not end");
    if (Text[Pos] == ']')
      break; // End of the array.
    bool Closed = false;
    size_t Next = plainRecords(Text, Pos, std::min(Text.size(), Pos + ChunkBytes), Out, Rows, Closed);
    if (Map)
      Map->release(Next);
    if (Closed) {
      Pos = Next;
      break;
    }
    if (Next != Pos) {
      Pos = Next;
      continue;
    }
    // A record in another form: simdjson parses a chunk from it, or says
    // what is wrong with it.
    size_t Cut = std::min(Text.size(), Pos + ChunkBytes);
    size_t Close = Text.find(']', Cut == Text.size() ? Pos : Cut);
    if (Close == std::string_view::npos)
      malformed(Path, "truncated: record " + std::to_string(Rows) + " does not end");
    std::string Chunk;
    Chunk.reserve(Close - Pos + 3);
    Chunk += '[';
    Chunk.append(Text.substr(Pos, Close + 1 - Pos));
    Chunk += ']';
    Rows += parseRecordChunk(Parser, simdjson::padded_string(Chunk), Path, Rows, Out);
    Pos = Close + 1;
    if (Map)
      Map->release(Pos);
    while (Pos < Text.size() && isSpace(Text[Pos]))
      ++Pos;
    if (Pos < Text.size() && Text[Pos] == ',')
      ++Pos;
    else if (Pos < Text.size() && Text[Pos] == ']')
      break;
    else
      malformed(Path, Pos < Text.size() ? "unexpected text after record " + std::to_string(Rows)
                                        : "truncated: the records array does not end");
  }
  ArrayEnd = Pos + 1;
  return Rows;
}

size_t readShaderData(const ShaderDataFile &File, std::vector<Record> &Out) {
  MappedFile Map(File.Path);
  std::string_view Text(reinterpret_cast<const char *>(Map.data()), Map.size());
  size_t Begin, End;
  return readRecordsArray(Text, File.Path, Out, Begin, End, &Map);
}

} // namespace sqtt
