// TraceSession.cpp - what every trace tool does first.
#include "sqtt/session/TraceSession.h"
#include "TraceFormats.h"
#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/codeobjects/Elf.h"
#include "sqtt/codeobjects/FuncmapTable.h"
#include "sqtt/support/Error.h"
#include "sqtt/uitree/TreeLayout.h"

#include <rocprof_trace_decoder/cxx/config_section.hpp>
#include <rocprof_trace_decoder/cxx/scope_mask.hpp>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <memory>
#include <thread>

namespace sqtt {

uint64_t SessionTotals::unattributed() const {
  const RecordCounts &L = Counts;
  return L.UnknownIDs + L.UnmatchedExits + L.OpenAtWaveEnd + L.TruncatedPayloads +
         L.TruncatedAddressBlocks + L.BadWaveSize + L.OutsideAnyWave + L.ImpossibleOccupancyRows + L.OutOfTimeOrder +
         L.NegativeTimes + L.SkippedFiles + UnresolvedKernels;
}

TraceSession::TraceSession(const SessionOptions &Options, WarningSink WarnSink)
    : Warn(std::move(WarnSink)), Demangle(Options.Demangle) {
  std::error_code EC;
  if (Options.Inputs.empty() && !std::filesystem::is_directory(Options.Base, EC))
    throw Error(Options.Base + ": not a directory");
  Tree = gatherTraceInputs(Options.Inputs.empty() ? std::vector<std::string>{Options.Base} : Options.Inputs,
                           Options.From);
  if (!Options.CodeObjects.empty())
    Tree.CodeObjects = codeObjectsByName(Options.CodeObjects);
  Processes = groupByProcess(Tree, Options.Pid, Tree.Warnings);
  RequestedDispatch = Options.Dispatch;
  selectDispatchDirectories();
}

void TraceSession::selectDispatchDirectories() {
  ProcessGroups Kept = Processes;
  Kept.TraceDirs.clear();
  Kept.GroupOfDir.clear();
  for (size_t I = 0; I < Processes.TraceDirs.size(); ++I) {
    auto Key = uitree::dispatchOfDirName(std::filesystem::path(Processes.TraceDirs[I]).filename().string());
    int64_t N = 0;
    if (!Key || std::from_chars(Key->second.data(), Key->second.data() + Key->second.size(), N).ec != std::errc())
      continue;
    DirectoryDispatches.push_back(N);
    if (RequestedDispatch && N == *RequestedDispatch) {
      Kept.TraceDirs.push_back(Processes.TraceDirs[I]);
      Kept.GroupOfDir.push_back(Processes.GroupOfDir[I]);
    }
  }
  std::sort(DirectoryDispatches.begin(), DirectoryDispatches.end());
  DirectoryDispatches.erase(std::unique(DirectoryDispatches.begin(), DirectoryDispatches.end()),
                            DirectoryDispatches.end());
  if (Kept.TraceDirs.empty())
    return;
  Processes = std::move(Kept);
  DispatchIsDirectory = true;
}

std::string TraceSession::unknownDispatch(const std::set<int64_t> &KernelIds) const {
  if (!RequestedDispatch || DispatchIsDirectory || KernelIds.count(*RequestedDispatch))
    return "";
  auto List = [](const auto &Values) {
    std::string Out;
    for (int64_t V : Values)
      Out += (Out.empty() ? "" : ", ") + std::to_string(V);
    return Out.empty() ? std::string("none") : Out;
  };
  return "--dispatch " + std::to_string(*RequestedDispatch) + ": no such dispatch; rocprofv3's dispatch numbers "
         "here (the directories): " + List(DirectoryDispatches) + "; occupancy.json's kernel ids with waves: " +
         List(KernelIds);
}

void TraceSession::loadCodeObjects() {
  for (const ProcessInputs &Group : Processes.Groups) {
    Resolvers.push_back(std::make_unique<MarkerResolver>(Names, Demangle));
    MarkerResolver &Resolver = *Resolvers.back();
    if (Processes.Groups.size() > 1)
      Resolver.setProcessLabel(Group.Pid ? "pid " + std::to_string(*Group.Pid) : "unknown process");
    loadInto(Resolver, Group.CodeObjects);
    Markers += Resolver.markerCount();
    Kernels += Resolver.kernelCount();
  }
}

namespace {

/// "0-1", "0,2,5-7": the ids a mask selects among \p Count.
std::string idsOf(uint32_t Mask, unsigned Count) {
  std::string Out;
  for (unsigned I = 0; I < Count;) {
    if (!((Mask >> I) & 1)) {
      ++I;
      continue;
    }
    unsigned J = I;
    while (J + 1 < Count && ((Mask >> (J + 1)) & 1))
      ++J;
    Out += (Out.empty() ? "" : ",") + std::to_string(I) + (J > I ? "-" + std::to_string(J) : "");
    I = J + 1;
  }
  return Out.empty() ? "none" : Out;
}

} // namespace

std::string scopeNote(const std::vector<std::pair<std::string, std::string>> &Config, uint64_t CodeObject,
                      const std::string &Target) {
  namespace hwid = sqtt_hardware_ids;
  hwid::scope_masks Masks = hwid::scope_masks::every_id();
  std::string Cu; // as written, for the note
  for (const auto &[Key, Value] : Config) {
    if (!sqtt_config_section::apply_scope_setting(Masks, Key, Value))
      return "";
    if (Key == sqtt_config_section::key::scope_cu)
      Cu = Value;
  }
  hwid::generation Generation = hwid::generation_of_target(Target);
  hwid::field Field = hwid::field_of(Generation, hwid::dimension::cu);
  uint32_t Mask = Masks.cu;
  if (!Field.valid() || !Field.is_filtered_by(Mask))
    return "";
  // gfx9 names CUs, gfx10 and later WGPs (the CU filter's unit there).
  bool Wgp = hwid::counts_wgps(Generation);
  unsigned Count = Field.id_count();
  return "code object " + std::to_string(CodeObject) + " (" + Target + "): markers only from " +
         (Wgp ? "WGPs " : "CUs ") + idsOf(Mask, Count) + (Wgp ? " of each shader array" : " of each shader engine") +
         " (built with SQTT_SCOPE_CU=" + Cu + "); rocprofv3 --att-target-cu picks the one " + (Wgp ? "WGP" : "CU") +
         " whose instructions are traced: keep it among them";
}

void TraceSession::loadInto(MarkerResolver &Resolver, const std::vector<CodeObjectPath> &CodeObjects) {
  for (const CodeObjectPath &CO : CodeObjects) {
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
        for (const auto &Config : readConfigSection(ElfImage(Obj.Data, Obj.Size, CO.Path)))
          if (std::string Note = scopeNote(Config, CO.ID, Obj.Target); !Note.empty() &&
              std::find(ScopeNotes.begin(), ScopeNotes.end(), Note) == ScopeNotes.end())
            ScopeNotes.push_back(Note);
        rtd::Funcmap Map = rtd::parse_funcmap_section(Obj.Data, Obj.Size);
        for (const rtd::FuncmapDiagnostic &D : Map.diagnostics)
          Warn(CO.Path + ": .sqtt_funcmap line " + std::to_string(D.line) + ": " + D.message);
        Conflict = markerIDConflict(Map, CO.Path);
        if (!Conflict.empty())
          break;
        if (Map.entries.empty() && !Map.marker_encoding.has_shader_clock())
          continue;
        Resolver.add(CO.ID, Map);
        ++FuncmapsLoaded;
      }
    } catch (const std::exception &E) {
      Warn(std::string(E.what()) + "; its markers cannot be named");
    }
    if (!Conflict.empty())
      throw Error(Conflict);
  }
}

std::unique_ptr<TraceSource> TraceSession::openTraceSource(const std::string &Dir, const MarkerResolver &Resolver,
                                                          std::vector<std::string> &Warnings) const {
  for (const TraceFormat &F : traceFormats())
    if (std::unique_ptr<TraceSource> Source = F.open(Tree, Dir, Resolver, Warnings))
      return Source;
  throw Error(Dir + ": no input format reads it");
}

SessionTotals TraceSession::analyzeDirs(const AnalysisOptions &Options, unsigned Jobs,
                                        const std::function<void(DirResult &)> &Consume,
                                        FoldedProfile *Profile,
                                        const std::function<void(const SessionProgress &)> &Progress) {
  const std::vector<std::string> &DirList = Processes.TraceDirs;
  size_t Dirs = DirList.size();
  if (Dirs == 0 || Resolvers.size() != Processes.Groups.size())
    return {};
  // Cores beyond one per directory read shader engines ahead.
  AnalysisOptions Opts = Options;
  Opts.ReadAhead = Jobs >= 2 * Dirs;
  if (DispatchIsDirectory)
    Opts.Dispatch = -1; // the directory is the dispatch: all of it
  Jobs = std::max(1u, std::min<unsigned>(Jobs, unsigned(Dirs)));
  // Engine by engine progress when one directory is analysed at a time (a
  // large single trace otherwise says nothing for many seconds).
  size_t Current = 0;
  if (Jobs == 1 && Progress)
    Opts.EngineProgress = [&](size_t E, size_t N) { Progress({Current, Dirs, E, N}); };
  SessionTotals Totals;
  std::vector<std::unique_ptr<TraceAnalyzer>> Analyzers;
  for (unsigned J = 0; J < Jobs; ++J)
    Analyzers.push_back(std::make_unique<TraceAnalyzer>(*Resolvers.front(), Names, Opts));
  // A batch of Jobs directories at a time keeps at most Jobs results alive.
  for (size_t First = 0; First < Dirs; First += Jobs) {
    size_t Count = std::min<size_t>(Jobs, Dirs - First);
    std::vector<DirResult> Results(Count);
    std::vector<std::vector<std::string>> Warnings(Count);
    std::vector<std::string> Errors(Count);
    Current = First;
    if (Progress)
      Progress({First + Count - 1, Dirs, 0, 0});
    auto Work = [&](size_t K) {
      try {
        size_t D = First + K;
        MarkerResolver &Resolver = *Resolvers[Processes.GroupOfDir[D]];
        std::unique_ptr<TraceSource> Source = openTraceSource(DirList[D], Resolver, Warnings[K]);
        Results[K] = Analyzers[K]->analyze(*Source, uint32_t(D), Resolver, Warnings[K]);
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
      Totals.UnresolvedKernels += Results[K].Unresolved.size();
      for (int F = 0; F < FilterKinds; ++F)
        Totals.Passed[F] += Results[K].Passed[F];
      for (const std::string &W : Warnings[K])
        Warn(W);
      Totals.Counts.add(Results[K].Counts);
      Consume(Results[K]);
    }
  }
  if (Profile)
    for (auto &A : Analyzers)
      Profile->merge(A->profile());
  return Totals;
}

const rocpd::Database *TraceSession::rocpdOf(const std::string &Dir) const {
  auto Process = Tree.DirProcess.find(Dir);
  return Tree.rocpdOf(Process == Tree.DirProcess.end() ? std::nullopt : std::optional<uint64_t>(Process->second));
}

const rocpd::Dispatch *TraceSession::rocpdDispatch(const std::string &Dir) const {
  const rocpd::Database *Db = rocpdOf(Dir);
  auto Key = uitree::dispatchOfDirName(std::filesystem::path(Dir).filename().string());
  return Db && Key ? Db->dispatch(std::atoll(Key->second.c_str())) : nullptr;
}

std::string TraceSession::rocpdLine(const std::string &Dir) const {
  const rocpd::Database *Db = rocpdOf(Dir);
  if (const rocpd::Dispatch *D = rocpdDispatch(Dir))
    return Db->describe(*D);
  auto Key = uitree::dispatchOfDirName(std::filesystem::path(Dir).filename().string());
  if (!Db || !Key)
    return "";
  return "no row for dispatch " + Key->second + " in " + Db->Path +
         (Db->Dispatches.empty() ? " (no kernel trace: rocprofv3 --att --kernel-trace records them)" : "");
}

} // namespace sqtt
