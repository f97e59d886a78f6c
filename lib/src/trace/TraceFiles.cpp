// TraceFiles.cpp - finding and reading a rocprofv3 --att output tree.
#include "sqtt/trace/TraceFiles.h"
#include "sqtt/support/ContainedPath.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/HugePages.h"
#include "sqtt/support/InputFile.h"
#include "sqtt/support/MappedFile.h"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <regex>
#include <set>
#include <sys/stat.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
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

/// A record from its six fields, in range; the value masked to 32 bits.
Record recordOf(const int64_t (&V)[6]) {
  Record R;
  R.Time = V[0];
  R.Value = uint32_t(uint64_t(V[1]) & 0xFFFFFFFFu);
  R.CU = uint8_t(V[2]);
  R.SIMD = uint8_t(V[3]);
  R.Wave = uint8_t(V[4]);
  R.Flags = uint8_t(V[5]);
  return R;
}

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
    Out.push_back(recordOf(V));
    ++Row;
  }
  return Row - FirstRow;
}

bool isSpace(char C) { return C == ' ' || C == '\n' || C == '\r' || C == '\t'; }

/// An upper bound of the records from \p Pos on: each takes at least 13
/// bytes ("[t,v,c,s,w,f]"), or the file's records_count when it states a
/// smaller one. Reserving it lets the caller allocate once (growing by
/// doubling would briefly hold three times the records); only the part the
/// records fill is ever touched, so an estimate above the real count costs
/// address space, not memory, and no pass over the text counts them first.
size_t recordsBound(std::string_view Text, size_t Pos, uint64_t Count) {
  return size_t(std::min<uint64_t>(Count, (Text.size() - Pos) / 13 + 1));
}

/// Eight digits, the first in the lowest byte, each as 0-9: their value
/// (fast_float's SWAR conversion).
inline uint64_t eightDigits(uint64_t V) {
  constexpr uint64_t Mask = 0x000000FF000000FF, Mul1 = 100 + (1000000ull << 32), Mul2 = 1 + (10000ull << 32);
  V = V * 10 + (V >> 8);
  return (((V & Mask) * Mul1) + (((V >> 16) & Mask) * Mul2)) >> 32;
}

/// Bit I set where P[I] is a digit, for I < 64 (without SSE2, a byte of
/// 0x80 or more may clear the bits above it; the record then fails its checks).
inline uint64_t digitMask(const char *P) {
  uint64_t Mask = 0;
#ifdef __SSE2__
  const __m128i Below = _mm_set1_epi8('0' - 1), Above = _mm_set1_epi8('9' + 1);
  for (unsigned I = 0; I < 4; ++I) {
    __m128i V = _mm_loadu_si128(reinterpret_cast<const __m128i *>(P + 16 * I));
    __m128i Digit = _mm_and_si128(_mm_cmpgt_epi8(V, Below), _mm_cmplt_epi8(V, Above));
    Mask |= uint64_t(uint32_t(_mm_movemask_epi8(Digit))) << (16 * I);
  }
#else
  for (unsigned I = 0; I < 8; ++I) {
    uint64_t W;
    std::memcpy(&W, P + 8 * I, 8);
    uint64_t D = W ^ 0x3030303030303030ull; // '0'-'9' -> 0-9
    uint64_t Digit = ~((D + 0x7676767676767676ull) | D) & 0x8080808080808080ull;
    Mask |= (((Digit >> 7) * 0x0102040810204080ull) >> 56) << (8 * I);
  }
#endif
  return Mask;
}

/// The value of the \p N (1-16) digits at \p P (16 readable bytes),
/// without a branch on N: the time and value columns mix 3- and 10-digit
/// numbers, and a branch on their length mispredicts every few records.
inline uint64_t digitsValue(const char *P, unsigned N) {
  static constexpr uint64_t Pow10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
  uint64_t High, Low;
  std::memcpy(&High, P, 8);
  std::memcpy(&Low, P + 8, 8);
  unsigned A = N < 8 ? N : 8, B = N - A;
  High = (High ^ 0x3030303030303030ull) << (64 - 8 * A);
  Low = ((Low ^ 0x3030303030303030ull) << ((64 - 8 * B) & 63)) & (0 - uint64_t(B != 0));
  return eightDigits(High) * Pow10[B] + eightDigits(Low);
}

/// The value of the \p N (1-8) digits at \p P (8 readable bytes).
inline uint64_t shortDigitsValue(const char *P, unsigned N) {
  uint64_t W;
  std::memcpy(&W, P, 8);
  return eightDigits((W ^ 0x3030303030303030ull) << (64 - 8 * N));
}

inline void skipSpace(const char *&P, const char *End) {
  while (P < End && isSpace(*P))
    ++P;
}

/// The fast path of the records reader: parses records in the usual form
/// ("[t,v,cu,simd,wave,flags]", plain non-negative integers of at most 16
/// digits, slot fields in range, then ',' or the array's ']') from \p Pos
/// until \p Limit. Returns where it stopped: after a ',' (at \p Limit or
/// beyond), at the array's ']' (with \p Closed set), or at the start of a
/// record it did not take, which simdjson then parses or names what is wrong
/// with. The six numbers are found from one mask of the record's digits, so
/// parsing them does not wait on one another; a per-field on-demand parse
/// cost more than all of the analysis.
size_t plainRecords(std::string_view Text, size_t Pos, size_t Limit, std::vector<Record> &Out, size_t &Rows,
                    bool &Closed) {
  const char *P = Text.data() + Pos, *End = Text.data() + Text.size(), *Stop = Text.data() + Limit;
  // A record is read 64 bytes at a time and numbers 16 bytes past their
  // start: the last records are left to simdjson.
  const char *Last = End - std::min<size_t>(Text.size(), 80);
  // The digit mask of 64 bytes serves the records that start in its first
  // half (about three); a record that does not fit is retried with the mask
  // taken at its start.
  const char *Window = nullptr;
  uint64_t WindowDigits = 0;
  while (P < Stop && P <= Last && *P == '[') {
    size_t Offset = size_t(P - Window);
    if (!Window || Offset > 32) {
      Window = P;
      WindowDigits = digitMask(P);
      Offset = 0;
    }
    uint64_t Digits = WindowDigits >> Offset;
    uint64_t Starts = Digits & ~(Digits << 1), Ends = Digits & ~(Digits >> 1);
    unsigned S[6], E[6];
    bool Ok = true;
    for (unsigned K = 0; K < 6; ++K) {
      Ok &= Starts != 0;
      S[K] = unsigned(__builtin_ctzll(Starts | (1ull << 63)));
      E[K] = unsigned(__builtin_ctzll(Ends | (1ull << 63)));
      Starts &= Starts - 1;
      Ends &= Ends - 1;
    }
    Ok &= S[0] == 1 && P[E[5] + 1] == ']';
    for (unsigned K = 0; K < 5; ++K)
      Ok &= S[K + 1] == E[K] + 2 && P[E[K] + 1] == ',';
    int64_t V[6];
    for (unsigned K = 0; K < 2; ++K) {
      unsigned N = E[K] - S[K] + 1;
      Ok &= N <= 16 && (N == 1 || P[S[K]] != '0');
      V[K] = int64_t(digitsValue(P + S[K], std::min(N, 16u)));
    }
    for (unsigned K = 2; K < 6; ++K) { // 0-255: at most 3 digits
      unsigned N = E[K] - S[K] + 1;
      Ok &= N <= 3 && (N == 1 || P[S[K]] != '0');
      V[K] = int64_t(shortDigitsValue(P + S[K], std::min(N, 3u)));
    }
    Ok &= (uint64_t(V[2]) | uint64_t(V[3]) | uint64_t(V[4]) | uint64_t(V[5])) <= 255;
    if (!Ok && Offset) {
      Window = nullptr; // Perhaps cut by the mask's end: again from its start.
      continue;
    }
    const char *Next = P + E[5] + 2;
    skipSpace(Next, End);
    if (!Ok || Next == End || (*Next != ',' && *Next != ']'))
      break;
    Out.push_back(recordOf(V));
    ++Rows;
    P = Next;
    if (*P == ']') {
      Closed = true;
      break;
    }
    ++P;
    skipSpace(P, End);
  }
  return size_t(P - Text.data());
}

} // namespace

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
