// TraceSession.cpp - what every trace tool does first and last.
#include "sqtt/trace/TraceSession.h"
#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/codeobjects/FuncmapTable.h"
#include "sqtt/codeobjects/Elf.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/Progress.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <set>
#include <sstream>
#include <thread>

namespace sqtt {

TraceSession::TraceSession(const SessionOptions &Options, const std::string &ToolName,
                           std::ostream &LogStream)
    : Resolver(Names, Options.Demangle), Tool(ToolName), Log(LogStream) {
  Tree = discoverTraceTree(Options.Base);
  for (const std::string &W : Tree.Warnings) // before any error they may explain
    Log << Tool << ": warning: " << W << '\n';
  if (Tree.TraceDirs.empty())
    throw Error(Options.Base + ": no shaderdata_*.json files found (is this a rocprofv3 --att output "
                               "directory?)");
  if (!Options.CodeObjects.empty()) {
    Tree.CodeObjects.clear();
    for (const std::string &P : Options.CodeObjects) {
      uint64_t ID = 0;
      if (!codeObjectIdFromName(P, ID))
        throw Error(P + ": cannot tell the code object ID from the name (expected "
                        "..._code_object_id_<N>...)");
      Tree.CodeObjects.push_back({ID, P});
    }
  }
  if (Tree.CodeObjects.empty())
    throw Error(Options.Base + ": no code objects (*code_object_id_<N>*.out) found; pass them with "
                               "--code-objects");
  Log << Tool << ": found " << Tree.TraceDirs.size() << " trace dir(s), " << Tree.CodeObjects.size()
      << " code object(s)\n";

  size_t Loaded = 0;
  for (const CodeObjectPath &CO : Tree.CodeObjects) {
    // Unreadable code objects only cost their names; a map with conflicting
    // IDs would name markers wrongly, so it stops the tool.
    std::string Conflict;
    try {
      CodeObjectFile File(CO.Path);
      for (const CodeObject &Obj : File.codeObjects()) {
        // Kernel symbols name rocprofv3's "<co> / 0x<vaddr>" dispatches (D17).
        std::map<uint64_t, std::string> Symbols;
        for (const ElfSymbol &S : ElfImage(Obj.Data, Obj.Size, CO.Path).definedSymbols())
          if (S.Type == 2 /* STT_FUNC */)
            Symbols.try_emplace(S.Value, S.Name);
        Resolver.addCodeObject(CO.ID, CO.Path, Obj.Target, std::move(Symbols));
        rtd::Funcmap Map = rtd::parse_funcmap_section(Obj.Data, Obj.Size);
        for (const rtd::FuncmapDiagnostic &D : Map.diagnostics)
          Log << Tool << ": warning: " << CO.Path << ": .sqtt_funcmap line " << D.line << ": "
              << D.message << '\n';
        Conflict = markerIDConflict(Map, CO.Path);
        if (!Conflict.empty())
          break;
        if (Map.entries.empty() && !Map.marker_encoding.has_shader_clock())
          continue;
        Resolver.add(CO.ID, Map);
        ++Loaded;
      }
    } catch (const std::exception &E) {
      Log << Tool << ": warning: " << E.what() << "; its markers cannot be named\n";
    }
    if (!Conflict.empty())
      throw Error(Conflict);
  }
  Log << Tool << ": loaded funcmaps from " << Loaded << " code object(s): " << Resolver.markerCount()
      << " markers, " << Resolver.kernelCount() << " kernels\n";
  if (Loaded == 0)
    Log << Tool << ": warning: no code object has a .sqtt_funcmap; markers will show as event#<id>. "
                   "Was the SQTT pass plugin loaded during compilation?\n";
}

namespace {

/// "--cu 99 matches no record", or the filters that match nothing together.
std::string describeEmptyFilters(const AnalysisOptions &O, const FilterTally &Passed) {
  const RecordFilter &F = O.Filter;
  std::vector<std::pair<FilterKind, std::string>> Active;
  if (F.SE >= 0)
    Active.push_back({FilterSE, "--se " + std::to_string(F.SE)});
  if (F.CU >= 0)
    Active.push_back({FilterCU, "--cu " + std::to_string(F.CU)});
  if (F.SIMD >= 0)
    Active.push_back({FilterSIMD, "--simd " + std::to_string(F.SIMD)});
  if (F.Wave >= 0)
    Active.push_back({FilterWave, "--wave " + std::to_string(F.Wave)});
  if (F.timed())
    Active.push_back({FilterTime, "--time " + (F.TimeBegin == INT64_MIN ? "" : std::to_string(F.TimeBegin)) +
                                      ":" + (F.TimeEnd == INT64_MAX ? "" : std::to_string(F.TimeEnd))});
  if (!O.KernelRegex.empty())
    Active.push_back({FilterKernel, "--kernel '" + O.KernelRegex + "'"});
  if (O.Dispatch >= 0)
    Active.push_back({FilterDispatch, "--dispatch " + std::to_string(O.Dispatch)});
  std::string None, All;
  for (auto &[Kind, Text] : Active) {
    All += (All.empty() ? "" : " ") + Text;
    if (Passed[Kind] == 0)
      None += (None.empty() ? "" : ", ") + Text;
  }
  if (!None.empty())
    return "no record matches " + None;
  return "no record matches the filters together (" + All + ")";
}

} // namespace

void TraceSession::analyzeDirs(const AnalysisOptions &Options, unsigned Jobs,
                               const std::function<void(DirResult &)> &Consume,
                               FoldedProfile *Profile, RecordCounts &Total) {
  size_t Dirs = Tree.TraceDirs.size();
  // Cores beyond one per directory read shader engines ahead.
  AnalysisOptions Opts = Options;
  Opts.ReadAhead = Jobs >= 2 * Dirs;
  Jobs = std::max(1u, std::min<unsigned>(Jobs, unsigned(Dirs)));
  // Engine by engine progress when one directory is analysed at a time (a
  // large single trace otherwise says nothing for many seconds).
  size_t Current = 0;
  ProgressLine Progress(Log, Tool);
  auto DirLabel = [&](size_t I) {
    return "[" + std::to_string(I + 1) + "/" + std::to_string(Dirs) + "] " + Tree.TraceDirs[I];
  };
  if (Jobs == 1 && Progress.enabled())
    Opts.EngineProgress = [&](size_t E, size_t N) {
      Progress.update(DirLabel(Current) + ": shader engine " + std::to_string(E + 1) + "/" +
                      std::to_string(N));
    };
  FilterTally Passed{};
  std::vector<std::unique_ptr<TraceAnalyzer>> Analyzers;
  for (unsigned J = 0; J < Jobs; ++J)
    Analyzers.push_back(std::make_unique<TraceAnalyzer>(Resolver, Names, Opts));
  // A batch of Jobs directories at a time keeps at most Jobs results alive.
  for (size_t First = 0; First < Dirs; First += Jobs) {
    size_t Count = std::min<size_t>(Jobs, Dirs - First);
    std::vector<DirResult> Results(Count);
    std::vector<std::vector<std::string>> Warnings(Count);
    std::vector<std::string> Errors(Count);
    Current = First;
    Progress.update(DirLabel(First + Count - 1));
    auto Work = [&](size_t K) {
      try {
        Results[K] = Analyzers[K]->analyze(Tree.TraceDirs[First + K], uint32_t(First + K), Warnings[K]);
      } catch (const std::exception &E) {
        Errors[K] = E.what();
      }
    };
    std::vector<std::thread> Threads;
    for (size_t K = 1; K < Count; ++K)
      Threads.emplace_back(Work, K);
    Work(0);
    for (std::thread &T : Threads)
      T.join();
    Progress.clear(); // before any other line
    for (size_t K = 0; K < Count; ++K) {
      if (!Errors[K].empty())
        throw Error(Errors[K]);
      UnresolvedKernels += Results[K].Unresolved.size();
      for (int F = 0; F < FilterKinds; ++F)
        Passed[F] += Results[K].Passed[F];
      for (const std::string &W : Warnings[K])
        Log << Tool << ": warning: " << W << '\n';
      Total.add(Results[K].Loss);
      Consume(Results[K]);
    }
  }
  if (Profile)
    for (auto &A : Analyzers)
      Profile->merge(A->profile());
  if (Total.RecordsRead == 0)
    throw Error(Tree.TraceDirs.size() == 1 ? Tree.TraceDirs[0] + ": no shaderdata records"
                                           : "no shaderdata records in any trace directory");
  if (Options.filtered() && Total.RecordsRead == Total.PrivRecords + Total.Filtered)
    throw Error(describeEmptyFilters(Options, Passed));
}

namespace {

/// "3 function, 6 user" from (count, label) pairs, zero counts left out.
std::string nonZero(std::initializer_list<std::pair<uint64_t, const char *>> Items) {
  std::string Out;
  for (auto &[N, Label] : Items)
    if (N)
      Out += (Out.empty() ? "" : ", ") + std::to_string(N) + " " + Label;
  return Out;
}

} // namespace

uint64_t TraceSession::unattributed(const RecordCounts &L) const {
  return L.UnknownIDs + L.UnmatchedExits + L.OpenAtWaveEnd + L.TruncatedPayloads +
         L.TruncatedAddressBlocks + L.BadWaveSize + L.OutsideAnyWave + UnresolvedKernels;
}

void TraceSession::printSummary(const RecordCounts &L) const {
  std::string Markers = nonZero({{L.FunctionMarkers, "function"},
                                 {L.UserMarkers, "user"},
                                 {L.PointMarkers, "point"},
                                 {L.BareExits, "exits"},
                                 {L.Noops, "no-ops"}});
  Log << Tool << ": summary: " << L.RecordsRead << " records read; " << L.Headers << " marker headers"
      << (Markers.empty() ? "" : " (" + Markers + ")");
  std::string Rest = nonZero({{L.PayloadRecords, "payload records skipped"},
                              {L.AddressBlocks, "address blocks"},
                              {L.PrivRecords, "trap-handler records dropped"},
                              {L.Filtered, "records filtered out"}});
  Log << (Rest.empty() ? "" : "; " + Rest) << '\n';
  std::string Lost = nonZero({{L.UnknownIDs, "unknown IDs"},
                              {L.UnmatchedExits, "unmatched exits"},
                              {L.OpenAtWaveEnd, "scopes open at wave end"},
                              {L.TruncatedPayloads, "truncated payloads"},
                              {L.TruncatedAddressBlocks, "truncated address blocks"},
                              {L.BadWaveSize, "address blocks without a wave size"},
                              {L.OutsideAnyWave, "records outside any wave"},
                              {UnresolvedKernels, "kernels without their code object's map"}});
  Log << Tool << ": not attributed: " << (Lost.empty() ? "nothing" : Lost) << '\n';
  double Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  char Line[96];
  std::snprintf(Line, sizeof Line, "done in %.2f s (%.0f records/s)", Seconds,
                Seconds > 0 ? double(L.RecordsRead) / Seconds : 0.0);
  Log << Tool << ": " << Line << '\n';
}

int TraceSession::finish(const RecordCounts &Loss, bool Strict) const {
  printSummary(Loss);
  if (Strict && unattributed(Loss)) {
    Log << Tool << ": error: --strict: " << unattributed(Loss)
        << " record(s), scope(s) or kernel(s) could not be attributed (see above)\n";
    return 1;
  }
  return 0;
}

} // namespace sqtt
