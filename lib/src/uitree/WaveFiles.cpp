// WaveFiles.cpp - reading rocprofv3's per-wave instruction records and
// code.json's ISA listing (FORMATS §12).
#include "TreeReaders.h"
#include "sqtt/support/ContainedPath.h"
#include "sqtt/support/Error.h"
#include "sqtt/uitree/TreeLayout.h"
#include "sqtt/uitree/TreeReader.h"

#include <algorithm>
#include <set>
#include <filesystem>

namespace fs = std::filesystem;

namespace sqtt {

namespace {

int64_t intAt(simdjson::dom::array Row, size_t I, const std::string &Path, const char *What) {
  int64_t V = 0;
  if (Row.at(I).get(V))
    malformed(Path, std::string(What) + " is not an integer");
  return V;
}

uint32_t u32(int64_t V, const std::string &Path, const char *What) {
  if (V < 0 || V > int64_t(UINT32_MAX))
    malformed(Path, std::string(What) + " " + std::to_string(V) + " is out of range");
  return uint32_t(V);
}

WaveInstructions parseWave(const simdjson::padded_string &Json, const std::string &Path, uint32_t SE) {
  simdjson::dom::parser Parser;
  simdjson::dom::element Doc = parseMetadataOrThrow(Parser, Json, Path);
  simdjson::dom::object Wave;
  if (Doc["wave"].get(Wave))
    malformed(Path, "no \"wave\" object");
  WaveInstructions W;
  W.Path = Path;
  W.SE = SE;
  auto Field = [&](const char *Key) {
    int64_t V = 0;
    if (Wave[Key].get(V))
      malformed(Path, std::string("\"wave\" has no integer \"") + Key + "\"");
    return V;
  };
  W.CU = u32(Field("cu"), Path, "cu");
  W.SIMD = u32(Field("simd"), Path, "simd");
  W.Slot = u32(Field("slot"), Path, "slot");
  W.Id = u32(Field("id"), Path, "id");
  W.Begin = Field("begin");
  W.End = Field("end");
  if (W.CU > 255 || W.SIMD > 255 || W.Slot > 255)
    malformed(Path, "cu, simd or slot beyond 255");
  simdjson::dom::array Rows;
  if (Wave["instructions"].get(Rows))
    malformed(Path, "\"wave\" has no \"instructions\" array");
  W.Instructions.reserve(Rows.size());
  size_t Index = 0;
  for (simdjson::dom::element E : Rows) {
    simdjson::dom::array Row;
    std::string Where = "instruction " + std::to_string(Index++);
    if (E.get(Row) || Row.size() < 5)
      malformed(Path, Where + " is not [time, category, stall, duration, line]");
    WaveInstruction I;
    I.Time = intAt(Row, 0, Path, Where.c_str());
    int64_t Category = intAt(Row, 1, Path, Where.c_str());
    I.Category = uint8_t(Category >= 0 && Category < int64_t(InstCategories) ? Category : 0);
    I.Stall = u32(intAt(Row, 2, Path, Where.c_str()), Path, (Where + " stall").c_str());
    I.Duration = u32(intAt(Row, 3, Path, Where.c_str()), Path, (Where + " duration").c_str());
    I.Line = u32(intAt(Row, 4, Path, Where.c_str()), Path, (Where + " line").c_str());
    W.Instructions.push_back(I);
  }
  if (!std::is_sorted(W.Instructions.begin(), W.Instructions.end(),
                      [](const WaveInstruction &A, const WaveInstruction &B) { return A.Time < B.Time; }))
    std::stable_sort(W.Instructions.begin(), W.Instructions.end(),
                     [](const WaveInstruction &A, const WaveInstruction &B) { return A.Time < B.Time; });
  simdjson::dom::array Timeline;
  simdjson::dom::element TimelineField;
  if (!Wave["timeline"].get(TimelineField) && TimelineField.get(Timeline))
    malformed(Path, "\"timeline\" is not an array of [state, duration]");
  if (!Wave["timeline"].get(Timeline)) {
    int64_t At = W.Begin;
    for (simdjson::dom::element E : Timeline) {
      simdjson::dom::array Row;
      int64_t State = 0, Duration = 0;
      if (E.get(Row) || Row.size() < 2 || Row.at(0).get(State) || Row.at(1).get(Duration) || Duration < 0)
        malformed(Path, "a \"timeline\" row is not [state, duration]");
      W.States.push_back({At, uint64_t(Duration), uint8_t(State > 0 && State < int64_t(WaveStates) ? State : 0)});
      At += Duration;
    }
  }
  return W;
}

std::vector<CodeLine> parseListing(const simdjson::padded_string &Json, const std::string &Path) {
  simdjson::dom::parser Parser;
  simdjson::dom::element Doc = parseMetadataOrThrow(Parser, Json, Path);
  simdjson::dom::array Code;
  if (Doc["code"].get(Code))
    malformed(Path, "no \"code\" array");
  std::vector<CodeLine> Lines;
  size_t Index = 0;
  for (simdjson::dom::element E : Code) {
    simdjson::dom::array Row;
    std::string_view Isa, Source;
    int64_t Number = 0;
    if (E.get(Row) || Row.size() < 6 || Row.at(0).get(Isa) || Row.at(2).get(Number))
      malformed(Path, "code row " + std::to_string(Index) + " is not [ISA, _, LineNumber, Source, ...]");
    ++Index;
    // LineNumber is the row's index in rocprofv3's files; far beyond the
    // rows is no listing.
    if (Number < 0 || uint64_t(Number) > Code.size() + 65536)
      malformed(Path, "code row " + std::to_string(Index - 1) + " has line number " + std::to_string(Number) +
                          ", beyond the " + std::to_string(Code.size()) + " rows");
    if (size_t(Number) >= Lines.size())
      Lines.resize(size_t(Number) + 1);
    CodeLine &L = Lines[size_t(Number)];
    L.Isa = std::string(Isa);
    if (!Row.at(3).get(Source))
      L.Source = std::string(Source);
    int64_t V = 0;
    if (!Row.at(4).get(V) && V >= 0)
      L.CodeObject = uint64_t(V);
    if (!Row.at(5).get(V) && V >= 0)
      L.Vaddr = uint64_t(V);
  }
  // The plugin's instructions ([codeobj, vaddr] rows, CodeLine::Inserted);
  // a malformed row marks nothing rather than failing the listing.
  simdjson::dom::array Inserted;
  if (!Doc[uitree::CodeInsertedKey].get(Inserted)) {
    std::set<std::pair<uint64_t, uint64_t>> Marked;
    for (simdjson::dom::element E : Inserted) {
      simdjson::dom::array Row;
      uint64_t CO = 0, Vaddr = 0;
      if (!E.get(Row) && Row.size() >= 2 && !Row.at(0).get(CO) && !Row.at(1).get(Vaddr))
        Marked.insert({CO, Vaddr});
    }
    for (CodeLine &L : Lines)
      L.Inserted = Marked.count({L.CodeObject, L.Vaddr}) != 0;
  }
  return Lines;
}

} // namespace

WaveInstructions parseWaveFile(std::string_view Text, const std::string &Path, uint32_t SE) {
  return parseWave(simdjson::padded_string(Text), Path, SE);
}

std::vector<CodeLine> parseCodeListing(std::string_view Text, const std::string &Path) {
  return parseListing(simdjson::padded_string(Text), Path);
}

namespace {

struct ListedWave {
  std::string File; // its path, inside the directory
  uint32_t SE;
};

/// wave_filenames = {se: {simd: {slot: {n: [file, begin, end]}}}}; none when
/// the key is missing (then the directory is globbed) or null.
std::optional<std::vector<ListedWave>> listedWaves(const std::string &Dir, std::vector<std::string> &Warnings) {
  std::optional<std::string> Found = treeFile(Dir, uitree::FilenamesFile);
  if (!Found)
    return std::nullopt;
  const std::string &Path = *Found;
  try {
    simdjson::padded_string Json = loadMetadataJson(Path);
    simdjson::dom::parser Parser;
    simdjson::dom::element Doc = parseMetadataOrThrow(Parser, Json, Path);
    simdjson::dom::element Listing;
    if (Doc[uitree::WaveListKey].get(Listing))
      return std::nullopt;
    std::vector<ListedWave> Out;
    simdjson::dom::object Engines;
    if (Listing.get(Engines))
      return Out; // null: a PC-sampling capture
    size_t Skipped = 0;
    for (auto [SEKey, Simds] : Engines) {
      std::string K(SEKey);
      char *End = nullptr;
      long SE = std::strtol(K.c_str(), &End, 10);
      simdjson::dom::object SimdObj;
      if (End == K.c_str() || *End || SE < 0 || SE > 255 || Simds.get(SimdObj)) {
        ++Skipped;
        continue;
      }
      for (auto [SimdKey, Slots] : SimdObj) {
        simdjson::dom::object SlotObj;
        if (Slots.get(SlotObj)) {
          ++Skipped;
          continue;
        }
        for (auto [SlotKeyName, Instances] : SlotObj) {
          simdjson::dom::object InstObj;
          if (Instances.get(InstObj)) {
            ++Skipped;
            continue;
          }
          for (auto [N, Entry] : InstObj) {
            std::string_view File;
            simdjson::dom::array Row;
            if ((!Entry.get(Row) && Row.size() > 0 && !Row.at(0).get(File)) || !Entry.get(File))
              Out.push_back({fileInDirectory(Dir, File, Path), uint32_t(SE)});
            else
              ++Skipped;
          }
        }
      }
    }
    if (Skipped)
      Warnings.push_back(Path + ": " + std::to_string(Skipped) +
                         " wave_filenames entries are not {se: {simd: {slot: {n: [file, begin, end]}}}}; skipped");
    return Out;
  } catch (const std::exception &E) {
    Warnings.push_back(std::string(E.what()) + "; its wave files are not read");
    return std::vector<ListedWave>();
  }
}

std::vector<ListedWave> globbedWaves(const std::string &Dir) {
  std::vector<ListedWave> Out;
  std::error_code EC;
  for (const auto &Entry : std::filesystem::directory_iterator(Dir, EC)) {
    std::string File = Entry.path().filename().string();
    if (std::optional<uint32_t> SE = uitree::engineOfWaveFileName(File); SE && *SE <= 255)
      Out.push_back({(fs::path(Dir) / File).string(), *SE});
  }
  std::sort(Out.begin(), Out.end(), [](const ListedWave &A, const ListedWave &B) { return A.File < B.File; });
  return Out;
}

} // namespace

InstructionCapture readInstructionCapture(const std::string &Dir, const CaptureClock *Clock,
                                          std::vector<std::string> &Warnings) {
  InstructionCapture C;
  std::optional<std::vector<ListedWave>> Listed = listedWaves(Dir, Warnings);
  std::vector<ListedWave> Files = Listed ? std::move(*Listed) : globbedWaves(Dir);
  std::stable_sort(Files.begin(), Files.end(), [](const ListedWave &A, const ListedWave &B) { return A.SE < B.SE; });
  for (const ListedWave &F : Files) {
    const std::string &Path = F.File;
    try {
      simdjson::padded_string Json = loadMetadataJson(Path);
      WaveInstructions W = parseWave(Json, Path, F.SE);
      if (Clock)
        if (auto It = Clock->Offset.find(F.SE); It != Clock->Offset.end() && It->second != 0) {
          W.Begin += It->second, W.End += It->second;
          for (WaveInstruction &I : W.Instructions)
            I.Time += It->second;
          for (WaveStateSpan &S : W.States)
            S.Begin += It->second;
        }
      C.Waves.push_back(std::move(W));
    } catch (const std::exception &E) {
      Warnings.push_back(std::string(E.what()) + "; this wave's instructions are left out");
    }
  }
  C.index();
  if (C.Waves.empty())
    return C;
  std::string Code = (std::filesystem::path(Dir) / uitree::CodeFile).string();
  std::error_code EC;
  if (!std::filesystem::exists(Code, EC)) {
    Warnings.push_back(Dir + ": wave files without code.json: instructions are shown by line number only");
    return C;
  }
  try {
    simdjson::padded_string Json = loadMetadataJson(Code);
    C.Lines = parseListing(Json, Code);
  } catch (const std::exception &E) {
    Warnings.push_back(std::string(E.what()) + "; instructions are shown by line number only");
  }
  return C;
}

} // namespace sqtt
