// AttStep.cpp - adding marker metadata to code.json and undoing gfx12 clock
// packing in a trace directory.
//
// One run per directory at a time (a lock file), and every change of a run
// made as one transaction with a journal (AttTransaction.h): the shaderdata
// files an engine's correction touches and code.json, which records that the
// correction was done, change together or not at all, across crashes.
#include "sqtt/att/AttStep.h"
#include "sqtt/att/AttTransaction.h"
#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/codeobjects/FuncmapTable.h"
#include "sqtt/codeobjects/Elf.h"
#include "sqtt/support/DirectoryLock.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/InputFile.h"
#include "sqtt/support/MappedFile.h"
#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/uitree/TreeLayout.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <unordered_map>

namespace fs = std::filesystem;
using nlohmann::json;

namespace sqtt {

namespace rtd = rocprof_trace_decoder::codeobj;

AttTables buildAttTables(const std::vector<CodeObjectPath> &CodeObjects,
                         std::vector<std::string> &Warnings) {
  AttTables T;
  for (const CodeObjectPath &CO : CodeObjects) {
    std::string Conflict; // stops the step; other bad code objects only warn
    try {
      CodeObjectFile File(CO.Path);
      for (const CodeObject &Obj : File.codeObjects()) {
        ElfImage Elf(Obj.Data, Obj.Size, CO.Path);
        rtd::Funcmap Map = rtd::parse_funcmap_section(Obj.Data, Obj.Size);
        Conflict = markerIDConflict(Map, CO.Path);
        if (!Conflict.empty())
          break;
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
    if (!Conflict.empty())
      throw Error(Conflict);
  }
  return T;
}

namespace {

constexpr const char *LockName = ".sqtt-att.lock";
// rocprofv3 writes code.json four levels deep ({"code": [[..., [reasons]]]});
// a deeper one is not a code.json, and re-indenting it would blow it up.
constexpr int MaxCodeJsonDepth = 16;
constexpr size_t MaxCodeJsonBytes = size_t(1) << 30;

/// code.json of \p Dir: its text ("" if there is none) and document.
json readCodeJson(const std::string &Path, std::string &Text, std::vector<std::string> &Warnings) {
  struct stat St;
  if (::lstat(Path.c_str(), &St) != 0) {
    Warnings.push_back(Path + " does not exist; creating one with the funcmap tables only");
    return json::object();
  }
  if (!S_ISREG(St.st_mode))
    throw Error(Path + ": is " + fileKindName(St.st_mode) +
                "; the att step replaces only regular files (nothing was changed)");
  Text = InputFile(Path).readAll(MaxCodeJsonBytes, "a code.json");
  json Doc;
  try {
    Doc = json::parse(Text, [&](int Depth, json::parse_event_t, json &) {
      if (Depth > MaxCodeJsonDepth)
        throw Error(Path + ": malformed JSON: nests deeper than " + std::to_string(MaxCodeJsonDepth) +
                    " levels (rocprofv3 writes at most 4; nothing was changed)");
      return true;
    });
  } catch (const json::exception &E) {
    throw Error(Path + ": malformed JSON: " + E.what());
  }
  if (!Doc.is_object())
    throw Error(Path + ": top level is not an object");
  return Doc;
}

/// The att step rewrites a shaderdata file in place: it must be a regular
/// file the user left writable. A file without write permission is taken
/// as "do not change" (also for root, who could).
void checkRewritable(const std::string &Path) {
  struct stat St;
  if (::lstat(Path.c_str(), &St) != 0)
    throw Error(Path + ": cannot stat: " + std::strerror(errno));
  if (!S_ISREG(St.st_mode))
    throw Error(Path + ": is " + fileKindName(St.st_mode) +
                "; the att step rewrites only regular files in place (nothing was changed)");
  if ((St.st_mode & 0222) == 0 || ::access(Path.c_str(), W_OK) != 0) {
    char Mode[8];
    std::snprintf(Mode, sizeof Mode, "%04o", unsigned(St.st_mode & 07777));
    throw Error(Path + ": is not writable (mode " + Mode +
                "); the att step corrects it in place: make it writable or work on a copy "
                "(nothing was changed)");
  }
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

/// Each dispatch's code object by D22: code.json's label row, an unnamed
/// dispatch's, or the one code object whose K: row names the kernel (0:
/// none).
std::unordered_map<int64_t, uint64_t> dispatchCodeObjects(const AttTables &Tables,
                                                          const std::optional<TracedKernel> &Traced,
                                                          const Occupancy &Occ) {
  std::unordered_map<std::string, std::vector<uint64_t>> Kernels;
  for (const FuncmapRowJson &R : Tables.Rows)
    if (R.Kind == 'K') {
      std::vector<uint64_t> &COs = Kernels[R.Name];
      if (std::find(COs.begin(), COs.end(), R.CodeObject) == COs.end())
        COs.push_back(R.CodeObject);
    }
  std::unordered_map<int64_t, uint64_t> CodeObjectOf;
  for (const auto &[D, Name] : Occ.Dispatches) {
    auto K = Kernels.find(Name);
    CodeObjectOf[D] = dispatchCodeObject(Name, Traced ? &*Traced : nullptr,
                                         K != Kernels.end() ? K->second : std::vector<uint64_t>())
                          .value_or(0);
  }
  return CodeObjectOf;
}

} // namespace

AttDirResult runAttStep(const std::string &Dir, const AttTables &Tables, const AttOptions &Options,
                        std::vector<std::string> &Warnings) {
  AttDirResult Result;
  Result.Dir = Dir;
  DirectoryLock Lock(Dir, LockName, Options.WaitForLock, Options.OnWait);
  Result.Recovery = AttTransaction::recover(Dir);
  fs::path CodeJson = fs::path(Dir) / uitree::CodeFile;
  std::string OldText;
  json Doc = readCodeJson(CodeJson.string(), OldText, Warnings);
  json &Marker = Doc["sqtt_att"];
  Result.AlreadyDecoded = Marker.is_object() && Marker.value("markers_decoded", false);

  AttTransaction Writer(Dir);
  if (Options.DecodeMarkers && !Tables.Layouts.empty() && !Result.AlreadyDecoded) {
    std::optional<TracedKernel> Traced = readTracedKernel(Dir, Warnings);
    Occupancy Occ = readOccupancy(Dir, Warnings);
    std::unordered_map<int64_t, uint64_t> CodeObjectOf = dispatchCodeObjects(Tables, Traced, Occ);
    // Slot streams never cross shader engines, so each engine is corrected
    // and written out on its own: memory follows the largest engine.
    std::map<uint32_t, std::vector<ShaderDataFile>> Engines;
    for (const ShaderDataFile &F : listShaderData(Dir, Warnings)) {
      checkRewritable(F.Path); // all before any is read: refuse early
      Engines[F.SE].push_back(F);
    }
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
                S.Launches.push_back({W.Launch, CodeObjectOf.count(W.Dispatch) ? CodeObjectOf[W.Dispatch] : 0});
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
        Writer.stage(D.Path, [&](std::ostream &OS) {
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
  std::string NewText = Doc.dump(1) + "\n";
  if (NewText != OldText)
    Writer.stage(CodeJson.string(), [&](std::ostream &OS) { OS << NewText; });
  Writer.commit();
  return Result;
}

} // namespace sqtt
