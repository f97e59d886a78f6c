// TraceSession.cpp - what every trace tool does first and last.
#include "sqtt/trace/TraceSession.h"
#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/codeobjects/FuncmapTable.h"
#include "sqtt/support/Error.h"

#include <algorithm>
#include <memory>
#include <thread>
#include <unistd.h>

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

void TraceSession::progress(size_t Index, const std::string &Dir) const {
  if (isatty(2))
    Log << "\r" << Tool << ": [" << Index + 1 << "/" << Tree.TraceDirs.size() << "] " << Dir
        << "\x1b[K" << (Index + 1 == Tree.TraceDirs.size() ? "\n" : "") << std::flush;
}

void TraceSession::analyzeDirs(const AnalysisOptions &Options, unsigned Jobs,
                               const std::function<void(DirResult &)> &Consume,
                               FoldedProfile *Profile, LossCounters &Total) {
  size_t Dirs = Tree.TraceDirs.size();
  // Cores beyond one per directory read shader engines ahead.
  AnalysisOptions Opts = Options;
  Opts.ReadAhead = Jobs >= 2 * Dirs;
  Jobs = std::max(1u, std::min<unsigned>(Jobs, unsigned(Dirs)));
  // Engine by engine progress when one directory is analysed at a time (a
  // large single trace otherwise says nothing for many seconds).
  size_t Current = 0;
  if (Jobs == 1 && isatty(2))
    Opts.EngineProgress = [&](size_t E, size_t N) {
      Log << "\r" << Tool << ": [" << Current + 1 << "/" << Dirs << "] " << Tree.TraceDirs[Current]
          << ": shader engine " << E + 1 << "/" << N << "\x1b[K" << std::flush;
    };
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
    for (size_t K = 0; K < Count; ++K) {
      if (!Errors[K].empty())
        throw Error(Errors[K]);
      progress(First + K, Tree.TraceDirs[First + K]);
      for (const std::string &W : Warnings[K])
        Log << Tool << ": warning: " << W << '\n';
      Total.add(Results[K].Loss);
      Consume(Results[K]);
    }
  }
  if (Profile)
    for (auto &A : Analyzers)
      Profile->merge(A->profile());
}

void TraceSession::printSummary(const LossCounters &L) const {
  Log << Tool << ": summary: " << L.RecordsRead << " records read; " << L.Headers << " marker headers ("
      << L.FunctionMarkers << " function, " << L.UserMarkers << " user, " << L.PointMarkers
      << " point, " << L.BareExits << " exits, " << L.Noops << " no-ops); " << L.PayloadRecords << " payload records skipped; " << L.AddressBlocks
      << " address blocks\n";
  Log << Tool << ": not attributed: " << L.UnknownIDs << " unknown IDs, " << L.UnmatchedExits
      << " unmatched exits, " << L.OpenAtWaveEnd << " scopes open at wave end, "
      << L.TruncatedPayloads << " truncated payloads, " << L.TruncatedAddressBlocks
      << " truncated address blocks, " << L.BadWaveSize << " address blocks without a wave size, "
      << L.OutsideAnyWave << " records outside any wave, " << L.PrivRecords << " trap-handler records";
  if (L.Filtered)
    Log << ", " << L.Filtered << " records filtered out";
  Log << '\n';
}

} // namespace sqtt
