// TraceFiles.cpp - finding and reading a rocprofv3 --att output tree.
#include "sqtt/trace/TraceFiles.h"
#include "sqtt/support/ContainedPath.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/InputFile.h"
#include "sqtt/support/MappedFile.h"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <set>
#include <sys/stat.h>
#include <unordered_set>

namespace fs = std::filesystem;

namespace sqtt {

bool codeObjectIdFromName(const std::string &Path, uint64_t &ID) {
  static const std::regex Pattern("code_object_id_([0-9]+)");
  std::smatch M;
  std::string Name = fs::path(Path).filename().string();
  if (!std::regex_search(Name, M, Pattern))
    return false;
  ID = std::stoull(M[1].str());
  return true;
}

TraceTree discoverTraceTree(const std::string &Base) {
  std::error_code EC;
  if (!fs::is_directory(Base, EC))
    throw Error(Base + ": not a directory");
  TraceTree Tree;
  std::set<std::string> Dirs;
  std::vector<std::string> Objects;
  for (auto It = fs::recursive_directory_iterator(Base, fs::directory_options::skip_permission_denied, EC);
       It != fs::recursive_directory_iterator(); It.increment(EC)) {
    if (EC)
      break;
    std::string Name = It->path().filename().string();
    if (!It->is_regular_file(EC)) {
      // A FIFO or device under a trace file's name is not read (it could
      // block forever), and not skipped silently either.
      bool Named = (Name.rfind("shaderdata_", 0) == 0 && It->path().extension() == ".json") ||
                   (Name.find("code_object_id") != std::string::npos && It->path().extension() == ".out");
      if (Named && !It->is_directory(EC))
        Tree.Warnings.push_back(It->path().string() + ": not a regular file; skipped");
      continue;
    }
    if (Name.rfind("shaderdata_", 0) == 0 && It->path().extension() == ".json")
      Dirs.insert(It->path().parent_path().string());
    else if (Name.find("code_object_id") != std::string::npos && It->path().extension() == ".out")
      Objects.push_back(It->path().string());
  }
  Tree.TraceDirs.assign(Dirs.begin(), Dirs.end());
  std::sort(Objects.begin(), Objects.end());
  for (const std::string &P : Objects) {
    uint64_t ID;
    if (codeObjectIdFromName(P, ID))
      Tree.CodeObjects.push_back({ID, P});
    else
      Tree.Warnings.push_back("cannot extract code_object_id from " + P + "; skipped");
  }
  return Tree;
}

namespace {

// Metadata files are small next to the records; these bounds only refuse
// what no rocprofv3 writes (a device, a runaway file) before reading it.
constexpr size_t MaxMetadataBytes = size_t(4) << 30;
// rocprofv3 nests filenames.json six levels deep (wave_filenames), occupancy.json four.
constexpr size_t MaxMetadataDepth = 32;

simdjson::padded_string loadJson(const std::string &Path) {
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

} // namespace

namespace {

/// shaderdata_<se>_<n>.json files of \p Dir, in (se, n) order.
std::vector<ShaderDataFile> globShaderData(const std::string &Dir) {
  std::vector<std::pair<std::vector<long>, std::string>> Found;
  std::error_code EC;
  for (const auto &Entry : fs::directory_iterator(Dir, EC)) {
    std::string Name = Entry.path().filename().string();
    if (Name.rfind("shaderdata_", 0) == 0 && Entry.path().extension() == ".json")
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
  fs::path Listing = fs::path(Dir) / "filenames.json";
  std::error_code EC;
  if (!fs::exists(Listing, EC))
    return OnDisk;
  simdjson::padded_string Json = loadJson(Listing.string());
  simdjson::dom::parser Parser;
  simdjson::dom::element Doc;
  if (parseMetadata(Parser, Json, Listing.string()).get(Doc))
    malformed(Listing.string(), "not valid JSON");
  simdjson::dom::object Root, Shader;
  if (Doc.get(Root))
    malformed(Listing.string(), "top level is not an object");
  if (Root["shaderdata_filenames"].get(Shader)) {
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

namespace {

const char *const RecordFields[] = {"time", "value", "cu", "simd", "wave_id", "flags"};

/// Parses one chunk "[[t,v,cu,simd,wave,flags],...]" of a records array.
size_t parseRecordChunk(simdjson::ondemand::parser &Parser, const simdjson::padded_string &Chunk,
                        const std::string &Path, size_t FirstRow, std::vector<Record> &Out) {
  simdjson::ondemand::document Doc;
  simdjson::ondemand::array Rows;
  if (Parser.iterate(Chunk).get(Doc) || Doc.get_array().get(Rows))
    malformed(Path, "\"records\" near record " + std::to_string(FirstRow) + " is not valid JSON");
  size_t Row = FirstRow;
  for (auto Item : Rows) {
    simdjson::ondemand::array Fields;
    if (Item.get_array().get(Fields))
      malformed(Path, "record " + std::to_string(Row) + " is not an array");
    int64_t V[6];
    size_t N = 0;
    for (auto F : Fields) {
      if (N < 6) {
        int64_t X;
        if (F.get_int64().get(X)) {
          uint64_t U;
          if (F.get_uint64().get(U))
            malformed(Path, "record " + std::to_string(Row) + ": " + RecordFields[N] +
                                " is not an integer of at most 64 bits");
          X = int64_t(U);
        }
        V[N] = X;
      }
      ++N;
    }
    if (N < 6)
      malformed(Path, "record " + std::to_string(Row) + " has " + std::to_string(N) +
                          " fields, expected 6");
    for (size_t F = 2; F < 6; ++F)
      if (V[F] < 0 || V[F] > 255)
        malformed(Path, "record " + std::to_string(Row) + ": " + RecordFields[F] + " " +
                            std::to_string(V[F]) + " is out of range (0-255)");
    Record R;
    R.Time = V[0];
    R.Value = uint32_t(uint64_t(V[1]) & 0xFFFFFFFFu);
    R.CU = uint8_t(V[2]);
    R.SIMD = uint8_t(V[3]);
    R.Wave = uint8_t(V[4]);
    R.Flags = uint8_t(V[5]);
    Out.push_back(R);
    ++Row;
  }
  return Row - FirstRow;
}

bool isSpace(char C) { return C == ' ' || C == '\n' || C == '\r' || C == '\t'; }

} // namespace

/// An upper bound of the records from \p Pos on: each ends with ']' and takes
/// at least 13 bytes ("[t,v,c,s,w,f]"). Reading it first lets the caller
/// allocate once (growing by doubling would briefly hold three times the
/// records); the pages passed are released like the parser's.
static size_t countRecords(std::string_view Text, size_t Pos, const MappedFile *Map) {
  constexpr size_t ChunkBytes = 1 << 20;
  size_t Closers = 0;
  for (size_t At = Pos; At < Text.size(); At += ChunkBytes) {
    size_t End = std::min(Text.size(), At + ChunkBytes);
    Closers += size_t(std::count(Text.data() + At, Text.data() + End, ']'));
    if (Map)
      Map->release(End);
  }
  return std::min(Closers, (Text.size() - Pos) / 13 + 1);
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
static void checkRecordsSize(std::string_view Text, size_t ArrayBegin, const std::string &Path) {
  constexpr std::string_view CountKey = "\"records_count\"";
  size_t At = Text.substr(0, ArrayBegin).find(CountKey);
  if (At == std::string_view::npos)
    return;
  At += CountKey.size();
  while (At < ArrayBegin && (isSpace(Text[At]) || Text[At] == ':'))
    ++At;
  uint64_t Count = 0;
  auto [End, Ec] = std::from_chars(Text.data() + At, Text.data() + ArrayBegin, Count);
  if (Ec != std::errc() || End == Text.data() + At)
    return; // not a plain count: the records decide
  constexpr uint64_t MaxRecordBytes = 256, Slack = 1 << 16;
  uint64_t Limit = Count > (UINT64_MAX - Slack - ArrayBegin) / MaxRecordBytes
                       ? UINT64_MAX
                       : ArrayBegin + Count * MaxRecordBytes + Slack;
  if (Text.size() > Limit)
    malformed(Path, std::to_string(Text.size()) + " bytes, more than its records_count of " +
                        std::to_string(Count) + " records can take (corrupt)");
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
  checkRecordsSize(Text, Pos, Path);
  ++Pos; // Inside the records array.
  Out.reserve(Out.size() + countRecords(Text, Pos, Map));

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
  struct Event {
    int64_t Time;
    bool Start;
    int64_t Dispatch;
  };
  std::unordered_map<SlotKey, std::vector<Event>> Events;
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
      Events[slotKey(uint32_t(SE), uint32_t(F[1]), uint32_t(F[2]), uint32_t(F[3]))]
          .push_back({F[0], F[4] != 0, F[5]});
    }
  }
  for (auto &[Slot, List] : Events) {
    std::stable_sort(List.begin(), List.end(), [](const Event &A, const Event &B) { return A.Time < B.Time; });
    std::vector<WaveSpan> &Spans = Occ.Spans[Slot];
    bool Open = false;
    for (const Event &E : List) {
      if (E.Start) {
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
  return Occ;
}

} // namespace

Occupancy readOccupancy(const std::string &Dir, std::vector<std::string> &Warnings) {
  fs::path Path = fs::path(Dir) / "occupancy.json";
  std::error_code EC;
  if (!fs::exists(Path, EC)) {
    Warnings.push_back(Dir + ": no occupancy.json; records cannot be tied to dispatches");
    return Occupancy();
  }
  Occupancy Occ = parseOccupancyJson(loadJson(Path.string()), Path.string());
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
