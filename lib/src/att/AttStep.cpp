// AttStep.cpp - adding marker metadata to code.json and undoing gfx12 clock
// packing in a trace directory.
//
// Write order: the new shaderdata files first, code.json (which says the
// markers were decoded) last; each through a temporary file renamed over the
// original. An interruption before the last rename leaves either old files,
// or new shaderdata with an unmarked code.json; rerunning then finds legacy
// values (a constant zero clock field) and changes nothing further.
#include "sqtt/att/AttStep.h"
#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/codeobjects/Elf.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/MappedFile.h"
#include "sqtt/trace/MarkerResolver.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <unordered_map>

namespace fs = std::filesystem;
using nlohmann::json;

namespace sqtt {

namespace rtd = rocprof_trace_decoder::codeobj;

AttTables buildAttTables(const std::vector<CodeObjectPath> &CodeObjects,
                         std::vector<std::string> &Warnings) {
  AttTables T;
  for (const CodeObjectPath &CO : CodeObjects) {
    try {
      CodeObjectFile File(CO.Path);
      for (const CodeObject &Obj : File.codeObjects()) {
        ElfImage Elf(Obj.Data, Obj.Size, CO.Path);
        rtd::Funcmap Map = rtd::parse_funcmap_section(Obj.Data, Obj.Size);
        for (const rtd::FuncmapDiagnostic &D : Map.diagnostics)
          Warnings.push_back(CO.Path + ": .sqtt_funcmap line " + std::to_string(D.line) + ": " +
                             D.message);
        // F and K rows carry the address of the function symbol of that name.
        std::unordered_map<std::string, uint64_t> Functions;
        for (const ElfSymbol &S : Elf.definedSymbols())
          if (S.Type == 2 /* STT_FUNC */) {
            auto [It, New] = Functions.try_emplace(S.Name, S.Value);
            if (!New)
              It->second = std::min(It->second, S.Value);
          }
        for (const rtd::FuncmapEntry &E : Map.entries) {
          FuncmapRowJson Row;
          Row.CodeObject = CO.ID;
          Row.Kind = E.type == rtd::FuncmapEntryType::Function ? 'F'
                     : E.type == rtd::FuncmapEntryType::Kernel ? 'K'
                     : E.type == rtd::FuncmapEntryType::User   ? 'U'
                                                               : 'P';
          Row.MarkerID = Row.Kind == 'K' ? 0 : E.id;
          Row.Name = E.name;
          Row.SourceLoc = E.source_loc;
          if (Row.Kind == 'F' || Row.Kind == 'K') {
            auto It = Functions.find(E.name);
            Row.Vaddr = It == Functions.end() ? 0 : It->second;
          }
          T.Rows.push_back(Row);
          if (Row.Kind != 'K') {
            T.Correction.Known[CO.ID].insert(E.id);
            if (E.extra_payload_count) {
              T.Payloads.push_back({CO.ID, E.id, E.extra_payload_count});
              T.Correction.Payloads[{CO.ID, E.id}] = E.extra_payload_count;
            }
          }
        }
        if (Map.marker_encoding.has_shader_clock() && Map.marker_encoding.is_valid()) {
          T.Layouts.push_back({CO.ID, Map.marker_encoding.shader_clock_bits,
                               Map.marker_encoding.shader_clock_shift});
          T.Correction.Layouts[CO.ID] = {Map.marker_encoding.shader_clock_bits,
                                         Map.marker_encoding.shader_clock_shift};
        }
      }
    } catch (const std::exception &E) {
      Warnings.push_back(std::string(E.what()) + "; its funcmap is not in code.json");
    }
  }
  return T;
}

namespace {

/// A file replaced through a temporary next to it.
class AtomicWriter {
public:
  explicit AtomicWriter(const AttOptions &Options) : Options(Options) {}
  ~AtomicWriter() {
    for (auto &[Tmp, Final] : Pending)
      std::remove(Tmp.c_str());
  }
  /// Writes the new version of \p Final with \p Write(stream) to a temporary.
  template <typename WriteFn> void stageWith(const std::string &Final, WriteFn &&Write) {
    std::string Tmp = Final + ".sqtt-att.tmp";
    Pending.push_back({Tmp, Final});
    std::ofstream OS(Tmp, std::ios::binary);
    if (OS)
      Write(OS);
    if (!OS || !OS.flush())
      throw Error(Final + ": cannot write the new version (nothing was changed)");
    if (Options.FailAfterWrites >= 0 && int(Pending.size()) >= Options.FailAfterWrites)
      throw Error(Final + ": simulated write failure (nothing was changed)");
  }
  void stage(const std::string &Final, const std::string &Contents) {
    stageWith(Final, [&](std::ostream &OS) { OS.write(Contents.data(), std::streamsize(Contents.size())); });
  }
  /// Renames every staged file over its original, in staging order.
  void commit() {
    for (auto &[Tmp, Final] : Pending) {
      std::error_code EC;
      fs::rename(Tmp, Final, EC);
      if (EC)
        throw Error(Final + ": cannot replace: " + EC.message());
    }
    Pending.clear();
  }

private:
  const AttOptions &Options;
  std::vector<std::pair<std::string, std::string>> Pending;
};

std::string readFile(const std::string &Path) {
  std::ifstream IS(Path, std::ios::binary);
  if (!IS)
    throw Error(Path + ": cannot read");
  std::ostringstream SS;
  SS << IS.rdbuf();
  return SS.str();
}

void writeRecords(std::ostream &OS, const std::vector<Record> &Records) {
  std::string Out = "[";
  char Buf[96];
  for (size_t I = 0; I < Records.size(); ++I) {
    const Record &R = Records[I];
    int N = std::snprintf(Buf, sizeof Buf, "%s[%lld,%u,%u,%u,%u,%u]", I ? "," : "",
                          (long long)R.Time, R.Value, R.CU, R.SIMD, R.Wave, R.Flags);
    Out.append(Buf, size_t(N));
    if (Out.size() >= (1u << 20)) {
      OS.write(Out.data(), std::streamsize(Out.size()));
      Out.clear();
    }
  }
  Out += ']';
  OS.write(Out.data(), std::streamsize(Out.size()));
}

/// A fingerprint of the times and values, to tell which files changed.
uint64_t recordsFingerprint(const std::vector<Record> &Records) {
  uint64_t H = 0xcbf29ce484222325ull;
  for (const Record &R : Records) {
    H = (H ^ uint64_t(R.Time)) * 0x100000001b3ull;
    H = (H ^ R.Value) * 0x100000001b3ull;
  }
  return H;
}

/// The code object a dispatch name belongs to: a K row's name, or rocprofv3's
/// "<co> / 0x<vaddr>" for kernels it could not name.
std::optional<uint64_t> codeObjectOfDispatch(const std::string &Name,
                                             const std::unordered_map<std::string, uint64_t> &Kernels) {
  auto It = Kernels.find(Name);
  if (It != Kernels.end())
    return It->second;
  if (std::optional<UnnamedDispatch> U = parseUnnamedDispatch(Name))
    return U->CodeObject;
  return std::nullopt;
}

} // namespace

AttDirResult runAttStep(const std::string &Dir, const AttTables &Tables, const AttOptions &Options,
                        std::vector<std::string> &Warnings) {
  AttDirResult Result;
  Result.Dir = Dir;
  fs::path CodeJson = fs::path(Dir) / "code.json";
  json Doc = json::object();
  std::error_code EC;
  if (fs::exists(CodeJson, EC)) {
    try {
      Doc = json::parse(readFile(CodeJson.string()));
    } catch (const json::exception &E) {
      throw Error(CodeJson.string() + ": malformed JSON: " + E.what());
    }
    if (!Doc.is_object())
      throw Error(CodeJson.string() + ": top level is not an object");
  } else {
    Warnings.push_back(CodeJson.string() + " does not exist; creating one with the funcmap tables only");
  }
  json &Marker = Doc["sqtt_att"];
  Result.AlreadyDecoded = Marker.is_object() && Marker.value("markers_decoded", false);

  AtomicWriter Writer(Options);
  if (Options.DecodeMarkers && !Tables.Layouts.empty() && !Result.AlreadyDecoded) {
    std::unordered_map<std::string, uint64_t> Kernels;
    for (const FuncmapRowJson &R : Tables.Rows)
      if (R.Kind == 'K')
        Kernels[R.Name] = R.CodeObject;
    Occupancy Occ = readOccupancy(Dir, Warnings);
    // Slot streams never cross shader engines, so each engine is corrected
    // and written out on its own: memory follows the largest engine.
    std::map<uint32_t, std::vector<ShaderDataFile>> Engines;
    for (const ShaderDataFile &F : listShaderData(Dir, Warnings))
      Engines[F.SE].push_back(F);
    bool AnyPayloadTable = !Tables.Payloads.empty();
    for (const auto &[SE, EngineFiles] : Engines) {
      struct FileData {
        std::string Path;
        std::unique_ptr<MappedFile> Map;
        size_t ArrayBegin = 0, ArrayEnd = 0;
        std::vector<Record> Records;
        uint64_t Before = 0;
      };
      std::vector<FileData> Files;
      for (const ShaderDataFile &F : EngineFiles) {
        FileData D;
        D.Path = F.Path;
        D.Map = std::make_unique<MappedFile>(F.Path);
        std::string_view Text(reinterpret_cast<const char *>(D.Map->data()), D.Map->size());
        readRecordsArray(Text, F.Path, D.Records, D.ArrayBegin, D.ArrayEnd, D.Map.get());
        D.Before = recordsFingerprint(D.Records);
        Files.push_back(std::move(D));
      }

      // Streams per slot, each in time order, with the code object of each launch.
      std::vector<SlotStream> Streams;
      std::unordered_map<SlotKey, size_t> StreamOf;
      for (FileData &D : Files)
        for (Record &R : D.Records) {
          SlotKey Key = slotKey(SE, R);
          auto [It, New] = StreamOf.try_emplace(Key, Streams.size());
          if (New) {
            SlotStream S;
            S.SE = SE;
            S.CU = R.CU, S.SIMD = R.SIMD, S.Wave = R.Wave;
            auto Spans = Occ.Spans.find(Key);
            if (Spans != Occ.Spans.end())
              for (const WaveSpan &W : Spans->second)
                S.Launches.push_back(
                    {W.Launch, codeObjectOfDispatch(Occ.dispatchName(W.Dispatch), Kernels).value_or(0)});
            Streams.push_back(std::move(S));
          }
          Streams[It->second].Records.push_back(&R);
        }
      for (SlotStream &S : Streams)
        std::stable_sort(S.Records.begin(), S.Records.end(),
                         [](const Record *A, const Record *B) { return A->Time < B->Time; });
      CorrectionStats Stats = correctShaderClock(Streams, Tables.Correction);
      Streams.clear();
      Result.Stats.Normalized += Stats.Normalized;
      Result.Stats.Corrected += Stats.Corrected;
      Result.Stats.PayloadRecords += Stats.PayloadRecords;
      Result.Stats.Domains += Stats.Domains;
      Result.Stats.MaxShift = std::max(Result.Stats.MaxShift, Stats.MaxShift);

      for (FileData &D : Files) {
        if (recordsFingerprint(D.Records) == D.Before)
          continue;
        // Re-sorting is safe only when no header is followed by its payload.
        if (Stats.Corrected && !AnyPayloadTable)
          std::stable_sort(D.Records.begin(), D.Records.end(),
                           [](const Record &A, const Record &B) { return A.Time < B.Time; });
        const char *Text = reinterpret_cast<const char *>(D.Map->data());
        Writer.stageWith(D.Path, [&](std::ostream &OS) {
          OS.write(Text, std::streamsize(D.ArrayBegin));
          writeRecords(OS, D.Records);
          OS.write(Text + D.ArrayEnd, std::streamsize(D.Map->size() - D.ArrayEnd));
        });
        ++Result.FilesRewritten;
      }
    }
    Result.Decoded = true;
  }

  // The tables, rebuilt from the code objects every time.
  json Rows = json::array();
  for (const FuncmapRowJson &R : Tables.Rows)
    Rows.push_back({R.CodeObject, R.MarkerID, std::string(1, R.Kind), R.Name, R.SourceLoc, R.Vaddr});
  Doc["sqtt_funcmap"] = Rows;
  if (!Tables.Layouts.empty())
    Doc["sqtt_funcmap_layout"] = Tables.Layouts;
  else
    Doc.erase("sqtt_funcmap_layout");
  if (!Tables.Payloads.empty())
    Doc["sqtt_funcmap_payloads"] = Tables.Payloads;
  else
    Doc.erase("sqtt_funcmap_payloads");
  bool Decoded = Result.AlreadyDecoded || Result.Decoded;
  Doc["sqtt_att"] = {{"tool", "sqtt-att"},
                     {"markers_decoded", Decoded},
                     {"note", Decoded ? "packed gfx12 marker headers were restored to (id << 2) | flags "
                                        "and their times corrected"
                                      : "marker values and times are as rocprofv3 decoded them"}};
  Writer.stage(CodeJson.string(), Doc.dump(1) + "\n");
  Writer.commit();
  return Result;
}

} // namespace sqtt
