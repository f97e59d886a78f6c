// TraceCompleteness.cpp - each wave's records matched with what its code can
// produce.
#include "sqtt/completeness/TraceCompleteness.h"

#include "WaveMatch.h"

#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/codeobjects/Elf.h"
#include "sqtt/isa/CodeObjectIsa.h"
#include "sqtt/isa/RecordAutomaton.h"
#include "sqtt/isa/Verifier.h"
#include "sqtt/support/Error.h"

#include <algorithm>
#include <memory>
#include <set>
#include <tuple>
#include <unordered_map>

namespace sqtt::completeness {

namespace {

using isa::RecordAutomaton;

/// One code object decoded for the automata of its kernels.
struct LoadedCode {
  std::unique_ptr<CodeObjectFile> File;
  std::unique_ptr<isa::CodeObjectIsa> Isa;
  std::optional<rocprof_trace_decoder::codeobj::Funcmap> Map; // its .sqtt_funcmap, if any
  isa::HardwareIdsRead Read;
};

class Checker {
public:
  Checker(TraceSession &S, const std::function<void(const std::string &)> &Warn) : S(S), Warn(Warn) {}

  void checkDir(size_t D, CompletenessReport &R);
  /// Some code tests hardware ids a trace does not tell (a workgroup mask).
  bool UnknownIdsRead = false;

private:
  struct KernelOf {
    const isa::Function *Kernel = nullptr; // null: not checkable (Why)
    LoadedCode *Code = nullptr;
    const MarkerMap *Map = nullptr;
    std::string Name, Why;
  };
  KernelOf kernelOf(size_t D, const std::string &DispatchName, const TracedKernel *Traced, MarkerResolver &Resolver);
  LoadedCode *load(const std::string &Path);
  Matcher &matcher(const KernelOf &K, uint32_t SE, uint32_t CU, uint32_t SIMD, uint32_t Slot);
  /// One engine's records, wave by wave as they arrive, into \p Waves.
  void checkEngine(const std::string &Dir, uint32_t SE, const std::vector<Record> &Records, const Occupancy &Occ,
                   std::map<int64_t, KernelOf> &Kernels, const MarkerResolver &Resolver,
                   std::vector<WaveVerdict> &Waves, std::map<int64_t, uint64_t> &UncheckedOf, uint64_t &Orphans,
                   uint64_t &OutOfOrder, std::vector<std::string> &Notes);
  std::string describe(const isa::RecordPattern &P, const KernelOf &K, const MarkerResolver &Resolver) const;
  std::string expected(Matcher &M, const std::vector<uint32_t> &States, const KernelOf &K,
                       const MarkerResolver &Resolver);

  TraceSession &S;
  const std::function<void(const std::string &)> &Warn;
  std::map<std::string, std::unique_ptr<LoadedCode>> Codes; // by path; null: unreadable
  std::map<std::tuple<const isa::Function *, std::array<uint32_t, 3>>, std::unique_ptr<Matcher>> Matchers;
};

LoadedCode *Checker::load(const std::string &Path) {
  auto [It, New] = Codes.try_emplace(Path);
  if (!New)
    return It->second.get();
  try {
    auto L = std::make_unique<LoadedCode>();
    L->File = std::make_unique<CodeObjectFile>(Path);
    if (L->File->codeObjects().empty())
      throw Error(Path + ": no AMDGPU code object");
    const CodeObject &CO = L->File->codeObjects().front();
    ElfImage Elf(CO.Data, CO.Size, Path);
    if (const ElfSection *Section = Elf.findSection(sqtt_marker_kind::funcmap_section))
      L->Map = rocprof_trace_decoder::codeobj::parse_funcmap(Elf.contents(*Section));
    L->Isa = std::make_unique<isa::CodeObjectIsa>(isa::CodeObjectIsa::decode(CO, Path));
    L->Read = isa::hardwareIdsRead(*L->Isa);
    It->second = std::move(L);
  } catch (const std::exception &E) {
    Warn(E.what());
  }
  return It->second.get();
}

Checker::KernelOf Checker::kernelOf(size_t D, const std::string &DispatchName, const TracedKernel *Traced,
                                    MarkerResolver &Resolver) {
  KernelOf K;
  DispatchTarget T = Resolver.resolveDispatch(DispatchName, Traced);
  K.Name = T.Kernel.empty() ? DispatchName : T.Kernel;
  if (!T.CodeObject) {
    K.Why = "no code object is known to define it" + (T.Problem.empty() ? "" : " (" + T.Problem + ")");
    return K;
  }
  const auto &Group = S.Processes.Groups.at(S.Processes.GroupOfDir.at(D));
  const CodeObjectPath *Path = nullptr;
  for (const CodeObjectPath &P : Group.CodeObjects)
    if (P.ID == *T.CodeObject)
      Path = &P;
  if (!Path) {
    K.Why = "code object " + std::to_string(*T.CodeObject) + " is not in the trace";
    return K;
  }
  K.Code = load(Path->Path);
  if (!K.Code) {
    K.Why = "its code object " + Path->Path + " cannot be decoded";
    return K;
  }
  K.Kernel = K.Code->Isa->find(T.Kernel);
  if (!K.Kernel)
    K.Why = "'" + T.Kernel + "' is not a function of " + Path->Path;
  K.Map = T.Map;
  return K;
}

Matcher &Checker::matcher(const KernelOf &K, uint32_t SE, uint32_t CU, uint32_t SIMD, uint32_t Slot) {
  isa::HardwareIds Hw = isa::traceWaveIds(K.Code->Isa->generation(), K.Code->Read, SE, CU, SIMD, Slot);
  const isa::HardwareIdsRead &Read = K.Code->Read;
  UnknownIdsRead |= (Hw.UnknownHwId & Read.HwId) || (Hw.UnknownHwId1 & Read.HwId1) || (Hw.UnknownHwId2 & Read.HwId2);
  auto [It, New] = Matchers.try_emplace({K.Kernel, isa::hardwareIdsKey(Hw)});
  if (New) {
    It->second = std::make_unique<Matcher>();
    It->second->A = RecordAutomaton::build(*K.Code->Isa, *K.Kernel, Hw, K.Code->Map ? &*K.Code->Map : nullptr);
    It->second->Stamp.assign(It->second->A.states(), 0);
  }
  return *It->second;
}

std::string Checker::describe(const isa::RecordPattern &P, const KernelOf &K, const MarkerResolver &Resolver) const {
  std::string Hex = isa::hexValue(P.Value);
  if (P.Known != ~0u)
    return "a value computed at run time (" + Hex + " in bits " + isa::hexValue(P.Known) + ")";
  if (!K.Map)
    return Hex;
  DecodedMarker M = Resolver.decode(P.Value, *K.Map);
  if (!M.Info)
    return Hex;
  std::string What = M.Enter ? "enter" : M.ExitPrev ? "exit+point" : "point";
  if (M.ExitPrev && M.Enter)
    What = "exit+enter";
  return What + " '" + S.Names.str(M.Info->Name) + "' (" + Hex + ")";
}

std::string Checker::expected(Matcher &M, const std::vector<uint32_t> &States, const KernelOf &K,
                              const MarkerResolver &Resolver) {
  std::vector<isa::RecordPattern> Patterns;
  bool End = false;
  for (uint32_t St : States) {
    End |= M.A.mayEnd(St);
    for (const RecordAutomaton::Edge *E = M.A.edgesBegin(St); E != M.A.edgesEnd(St); ++E)
      if (std::find(Patterns.begin(), Patterns.end(), E->Pattern) == Patterns.end())
        Patterns.push_back(E->Pattern);
  }
  std::string Text;
  for (size_t I = 0; I < Patterns.size() && I < 3; ++I)
    Text += (I ? " or " : "") + describe(Patterns[I], K, Resolver);
  if (Patterns.size() > 3)
    Text += " or " + std::to_string(Patterns.size() - 3) + " more";
  if (End)
    Text += Text.empty() ? "the wave's end" : " or the wave's end";
  return Text;
}

/// A dispatch whose waves nearly all deviate within their first records ran
/// other code than the code object given (another build, whose IDs differ):
/// losses leave most waves, or most of each wave, intact. Its waves' cause
/// is then the map, not loss.
void judgeForeignMaps(const std::string &Dir, std::vector<WaveVerdict> &Waves, CompletenessReport &R) {
  std::map<int64_t, std::pair<size_t, size_t>> Early; // dispatch -> (waves with records, early deviations)
  for (const WaveVerdict &W : Waves)
    if (W.Records) {
      auto &[With, Deviating] = Early[W.Dispatch];
      ++With;
      Deviating += !W.Complete && W.GapIndex <= 2 && W.Cause != GapCause::TraceEnd;
    }
  for (const auto &[Dispatch, Counts] : Early) {
    if (Counts.first < 4 || Counts.second * 10 < Counts.first * 9)
      continue;
    for (WaveVerdict &W : Waves)
      if (W.Dispatch == Dispatch && !W.Complete)
        W.Cause = GapCause::Unexplained;
    R.Notes.push_back(Dir + ": dispatch " + std::to_string(Dispatch) + ": " + std::to_string(Counts.second) + " of " +
                      std::to_string(Counts.first) + " waves with records deviate within their first three: the "
                      "trace was likely recorded with another build of the code object (its marker IDs differ)");
  }
}

void Checker::checkEngine(const std::string &Dir, uint32_t SE, const std::vector<Record> &Records,
                          const Occupancy &Occ, std::map<int64_t, KernelOf> &Kernels,
                          const MarkerResolver &Resolver, std::vector<WaveVerdict> &Waves,
                          std::map<int64_t, uint64_t> &UncheckedOf, uint64_t &Orphans, uint64_t &OutOfOrder,
                          std::vector<std::string> &Notes) {
  // A slot's waves are matched as their records come (each file's records are
  // in time order per slot): what is kept is the state of the waves in
  // flight, not the records.
  struct SlotWalk {
    const std::vector<WaveSpan> *Spans = nullptr;
    size_t Instance = 0;   // the wave its records go to now
    bool Started = false;  // Instance has been given its match (or found unchecked)
    std::optional<WaveMatch> Match;
    const KernelOf *Kernel = nullptr;
    int64_t LastTime = INT64_MIN;
  };
  int64_t SELast = INT64_MIN; // the engine's last record
  for (const Record &Rec : Records)
    if (!(Rec.Flags & RecordFlagPriv))
      SELast = std::max(SELast, Rec.Time);
  auto Start = [&](SlotKey Slot, SlotWalk &W) {
    W.Started = true;
    W.Match.reset();
    const WaveSpan &Span = (*W.Spans)[W.Instance];
    auto K = Kernels.find(Span.Dispatch);
    if (K == Kernels.end() || !K->second.Kernel) {
      ++UncheckedOf[Span.Dispatch];
      return;
    }
    Matcher &M = matcher(K->second, slotSE(Slot), slotCU(Slot), slotSIMD(Slot), slotWave(Slot));
    if (M.A.cut()) {
      ++UncheckedOf[Span.Dispatch];
      return;
    }
    W.Kernel = &K->second;
    W.Match.emplace(M, Span.Launch);
  };
  size_t First = Waves.size();
  std::vector<char> RecordMore; // per wave from First: complete, still running at SELast, could record more
  auto End = [&](SlotKey Slot, SlotWalk &W) {
    if (!W.Started)
      Start(Slot, W);
    W.Started = false;
    if (!W.Match)
      return;
    const WaveSpan &Span = (*W.Spans)[W.Instance];
    const KernelOf &K = *W.Kernel;
    WaveGap Gap = W.Match->finish(Span.Retire == INT64_MAX);
    WaveVerdict V;
    V.Dir = Dir;
    V.SE = SE, V.CU = slotCU(Slot), V.SIMD = slotSIMD(Slot), V.Slot = slotWave(Slot);
    V.Begin = Span.Launch;
    V.Dispatch = Span.Dispatch;
    V.Kernel = K.Name;
    V.Records = W.Match->records();
    Matcher &M = matcher(K, SE, V.CU, V.SIMD, V.Slot);
    if (!Gap.Complete) {
      V.Complete = false;
      V.GapTime = Gap.Time;
      V.GapIndex = Gap.Index;
      V.Expected = expected(M, Gap.Allowed, K, Resolver);
      V.Got = Gap.Got ? describe({*Gap.Got, ~0u}, K, Resolver)
                      : Span.Retire == INT64_MAX ? "the end of the trace" : "the wave's end";
      V.Cause = Gap.Cause;
    } else if (V.Records == 0 && Span.Launch > SELast && M.A.edgesBegin(0) != M.A.edgesEnd(0)) {
      // A wave whose code may record nothing (a guard on its ids or
      // arguments) and recorded nothing is complete by itself; but when its
      // SE recorded nothing at all after it launched, the SE's trace buffer
      // had filled and the wave's records were lost with the rest.
      V.Complete = false;
      V.GapTime = Span.Launch;
      V.Expected = expected(M, {0}, K, Resolver);
      V.Got = "nothing: SE " + std::to_string(SE) + " recorded nothing after " +
              (SELast == INT64_MIN ? std::string("the trace began") : "cycle " + std::to_string(SELast)) +
              " (its trace buffer was full?)";
      V.Cause = GapCause::Loss;
    }
    Waves.push_back(std::move(V));
    RecordMore.push_back(Gap.Complete && Gap.MayRecordMore && Span.Retire > SELast);
    W.Match.reset();
  };
  std::unordered_map<SlotKey, SlotWalk> Walks;
  for (const auto &[Slot, Spans] : Occ.Spans)
    if (slotSE(Slot) == SE && !Spans.empty())
      Walks[Slot].Spans = &Spans;
  for (const Record &Rec : Records) {
    if (Rec.Flags & RecordFlagPriv)
      continue;
    SlotKey Slot = slotKey(SE, Rec);
    auto It = Walks.find(Slot);
    if (It == Walks.end()) {
      ++Orphans;
      continue;
    }
    SlotWalk &W = It->second;
    if (Rec.Time < W.LastTime)
      ++OutOfOrder; // kept with the wave it came in
    W.LastTime = std::max(W.LastTime, Rec.Time);
    // Records belong to the last wave launched at or before them (they may
    // arrive after it retired); before the first launch, to the first.
    while (W.Instance + 1 < W.Spans->size() && (*W.Spans)[W.Instance + 1].Launch <= Rec.Time) {
      End(Slot, W);
      ++W.Instance;
    }
    if (!W.Started)
      Start(Slot, W);
    if (W.Match)
      W.Match->add(Rec);
  }
  for (auto &[Slot, W] : Walks)
    for (; W.Instance < W.Spans->size(); ++W.Instance)
      End(Slot, W);
  // Once the engine's buffer is known to have filled (a wave launched after
  // its last record lost everything), the waves that were still running then
  // and whose code could record more lost their last records too.
  bool BufferFull = false;
  for (size_t I = First; I < Waves.size(); ++I)
    BufferFull |= !Waves[I].Complete && Waves[I].Records == 0 && Waves[I].Begin > SELast;
  // Waves that were still running then and whose code could record more
  // may have lost their last records; what they kept is a whole run of their
  // code, so which of them did cannot be told (and most did not).
  size_t Running = 0;
  for (size_t I = First; BufferFull && I < Waves.size(); ++I)
    Running += RecordMore[I - First];
  if (BufferFull)
    Notes.push_back(Dir + ": SE " + std::to_string(SE) + ": nothing was recorded after cycle " +
                    std::to_string(SELast) + " although waves launched later (its trace buffer was full?)" +
                    (Running ? "; " + std::to_string(Running) + " waves reported complete were still running then "
                               "and could have recorded more: their last records may be lost"
                             : ""));

}

void Checker::checkDir(size_t D, CompletenessReport &R) {
  const std::string &Dir = S.traceDirs()[D];
  MarkerResolver &Resolver = S.resolverOf(D);
  std::vector<std::string> Warnings;
  std::unique_ptr<TraceSource> Source = S.openTraceSource(Dir, Resolver, Warnings);
  Occupancy Occ = Source->occupancy();
  std::optional<TracedKernel> Traced = Source->tracedKernel();
  for (const std::string &W : Warnings)
    Warn(W);
  std::map<int64_t, KernelOf> Kernels;
  for (const auto &[Id, Name] : Occ.Dispatches)
    Kernels[Id] = kernelOf(D, Name, Traced ? &*Traced : nullptr, Resolver);

  std::vector<WaveVerdict> DirWaves;
  std::map<int64_t, uint64_t> UncheckedOf;
  uint64_t Orphans = 0, OutOfOrder = 0;
  std::vector<Record> Records;
  std::set<uint32_t> Engines;
  for (size_t E = 0; E < Source->engines().size(); ++E) {
    uint32_t SE = Source->engines()[E];
    Engines.insert(SE);
    Records.clear();
    Source->readEngine(E, Records);
    checkEngine(Dir, SE, Records, Occ, Kernels, Resolver, DirWaves, UncheckedOf, Orphans, OutOfOrder, R.Notes);
  }
  // Engines that recorded nothing still ran their waves.
  Records.clear();
  std::set<uint32_t> Silent;
  for (const auto &[Slot, Spans] : Occ.Spans)
    if (!Engines.count(slotSE(Slot)))
      Silent.insert(slotSE(Slot));
  for (uint32_t SE : Silent)
    checkEngine(Dir, SE, Records, Occ, Kernels, Resolver, DirWaves, UncheckedOf, Orphans, OutOfOrder, R.Notes);
  std::sort(DirWaves.begin(), DirWaves.end(), [](const WaveVerdict &A, const WaveVerdict &B) {
    return std::tie(A.SE, A.CU, A.SIMD, A.Slot, A.Begin) < std::tie(B.SE, B.CU, B.SIMD, B.Slot, B.Begin);
  });
  if (Orphans)
    R.Unchecked.push_back(Dir + ": " + std::to_string(Orphans) + " records on slots occupancy.json never launched a "
                          "wave on: no dispatch to check them against");
  if (OutOfOrder)
    R.Notes.push_back(Dir + ": " + std::to_string(OutOfOrder) + " records earlier than the record before them on "
                      "their slot: each was matched in the order the file gives");
  judgeForeignMaps(Dir, DirWaves, R);
  for (WaveVerdict &V : DirWaves) {
    R.ByDispatch[Dir + ": dispatch " + std::to_string(V.Dispatch) + " " + V.Kernel].add(V);
    R.ByKernel[V.Kernel].add(V);
    R.BySE[V.SE].add(V);
    R.ByCU[{V.SE, V.CU}].add(V);
    R.Total.add(V);
    R.Waves.push_back(std::move(V));
  }
  for (const auto &[Id, Count] : UncheckedOf) {
    R.UncheckedWaves += Count;
    const KernelOf &K = Kernels.count(Id) ? Kernels[Id] : KernelOf{};
    std::string Why = !K.Why.empty() ? K.Why
                      : K.Kernel    ? "the walk of its code stopped at a limit (a callee the model cannot "
                                      "follow, or too many paths)"
                                    : "occupancy.json names no dispatch with this id";
    R.Unchecked.push_back(Dir + ": " + std::to_string(Count) + " wave" + (Count == 1 ? "" : "s") + " of dispatch " +
                          std::to_string(Id) + (K.Name.empty() ? "" : " (" + K.Name + ")") + ": " + Why);
  }
}

} // namespace

CompletenessReport checkTrace(TraceSession &Session, const std::function<void(const std::string &)> &Warn,
                              const std::function<void(size_t, size_t)> &Progress) {
  CompletenessReport R;
  Checker C(Session, Warn);
  for (size_t D = 0; D < Session.traceDirs().size(); ++D) {
    if (Progress)
      Progress(D, Session.traceDirs().size());
    C.checkDir(D, R);
  }
  if (C.UnknownIdsRead)
    R.Notes.push_back("the workgroup slot and shader array of a wave are not in a trace: where a scope mask tests "
                    "them, a wave that recorded nothing passes");
  return R;
}

} // namespace sqtt::completeness
