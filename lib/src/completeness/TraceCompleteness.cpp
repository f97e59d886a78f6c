// TraceCompleteness.cpp - each wave's records matched with what its code can
// produce.
#include "sqtt/completeness/TraceCompleteness.h"

#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/codeobjects/Elf.h"
#include "sqtt/isa/CodeObjectIsa.h"
#include "sqtt/isa/RecordAutomaton.h"
#include "sqtt/isa/Verifier.h"
#include "sqtt/support/Error.h"

#include <algorithm>
#include <memory>
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

/// An automaton with the scratch its matching needs.
struct Matcher {
  RecordAutomaton A;
  std::vector<uint32_t> Stamp; // per state: the epoch it was last added in
  uint32_t Epoch = 0;
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
  void match(Matcher &M, const KernelOf &K, const MarkerResolver &Resolver, const std::vector<Record> &Records,
             const WaveSpan &Span, WaveVerdict &V);
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

/// The states after \p Value when records may have been lost before it:
/// those an edge accepting it leads to from a state reachable from \p Cur.
void resync(Matcher &M, const std::vector<uint32_t> &Cur, uint32_t Value, std::vector<uint32_t> &Out) {
  std::vector<char> Seen(M.A.states(), 0), Added(M.A.states(), 0);
  std::vector<uint32_t> Frontier(Cur.begin(), Cur.end());
  for (uint32_t St : Cur)
    Seen[St] = 1;
  for (size_t F = 0; F < Frontier.size(); ++F)
    for (const RecordAutomaton::Edge *E = M.A.edgesBegin(Frontier[F]); E != M.A.edgesEnd(Frontier[F]); ++E) {
      if (E->Pattern.matches(Value) && !Added[E->To]) {
        Added[E->To] = 1;
        Out.push_back(E->To);
      }
      if (!Seen[E->To]) {
        Seen[E->To] = 1;
        Frontier.push_back(E->To);
      }
    }
}

/// Whether a state of \p Cur has an edge that accepts \p Value.
bool accepts(const Matcher &M, const std::vector<uint32_t> &Cur, uint32_t Value) {
  for (uint32_t St : Cur)
    for (const RecordAutomaton::Edge *E = M.A.edgesBegin(St); E != M.A.edgesEnd(St); ++E)
      if (E->Pattern.matches(Value))
        return true;
  return false;
}

/// Deviations this close together (\p Resyncs in \p Records since the
/// first) are not bursts of loss.
constexpr size_t MinDense = 3;
bool denseDeviations(size_t Resyncs, size_t Records) { return Resyncs >= MinDense && Resyncs * 8 > Records; }

void Checker::match(Matcher &M, const KernelOf &K, const MarkerResolver &Resolver, const std::vector<Record> &Records,
                    const WaveSpan &Span, WaveVerdict &V) {
  std::vector<uint32_t> Cur{0}, Next;
  int64_t Last = Span.Launch;
  size_t Resyncs = 0;
  for (size_t I = 0; I < Records.size(); ++I) {
    uint32_t Value = Records[I].Value;
    Next.clear();
    if (++M.Epoch == 0) {
      std::fill(M.Stamp.begin(), M.Stamp.end(), 0);
      M.Epoch = 1;
    }
    for (uint32_t St : Cur)
      for (const RecordAutomaton::Edge *E = M.A.edgesBegin(St); E != M.A.edgesEnd(St); ++E)
        if (E->Pattern.matches(Value) && M.Stamp[E->To] != M.Epoch) {
          M.Stamp[E->To] = M.Epoch;
          Next.push_back(E->To);
        }
    if (Next.empty()) {
      bool First = V.Complete;
      if (First) {
        V.Complete = false;
        V.GapTime = Last;
        V.GapIndex = I;
        V.Expected = expected(M, Cur, K, Resolver);
        V.Got = describe({Value, ~0u}, K, Resolver);
        V.Cause = GapCause::Loss;
      }
      // A record the wave goes on without, as if it were not there, came
      // from elsewhere (another producer of s_ttracedata): skip it.
      if (I + 1 < Records.size() && accepts(M, Cur, Records[I + 1].Value)) {
        if (First)
          V.Cause = GapCause::Unexplained;
        continue;
      }
      // Lost records explain a deviation when a later state of the code
      // accepts the record; the wave goes on from there (it may lose more).
      // A loss inside payload records can leave only states of a path the
      // wave did not take, so the wave's launch is the second place to look
      // from. A record no state accepts is not the code's, and neither is a
      // wave that deviates every few records (another build's map): losses
      // come in bursts, with long runs the code explains between them.
      resync(M, Cur, Value, Next);
      if (Next.empty())
        resync(M, {0}, Value, Next);
      ++Resyncs;
      if (Next.empty() || denseDeviations(Resyncs, I + 1 - V.GapIndex)) {
        V.Cause = GapCause::Unexplained;
        return;
      }
    }
    Cur.swap(Next);
    if (V.Complete)
      Last = Records[I].Time;
  }
  if (!V.Complete && Resyncs >= MinDense && denseDeviations(Resyncs, Records.size() - V.GapIndex)) {
    V.Cause = GapCause::Unexplained;
    return;
  }
  bool MayEnd = false;
  for (uint32_t St : Cur)
    MayEnd |= M.A.mayEnd(St);
  if (MayEnd || !V.Complete)
    return;
  V.Complete = false;
  V.GapTime = Last;
  V.GapIndex = Records.size();
  V.Expected = expected(M, Cur, K, Resolver);
  bool Open = Span.Retire == INT64_MAX;
  V.Got = Open ? "the end of the trace" : "the wave's end";
  V.Cause = Open ? GapCause::TraceEnd : GapCause::Loss;
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
  std::map<int64_t, uint64_t> UncheckedOf;
  for (const auto &[Id, Name] : Occ.Dispatches)
    Kernels[Id] = kernelOf(D, Name, Traced ? &*Traced : nullptr, Resolver);

  // Records by slot, in time order (one file's are; several files' need not be).
  std::unordered_map<SlotKey, std::vector<Record>> BySlot;
  std::map<uint32_t, int64_t> LastRecord; // per SE
  std::vector<Record> Records;
  for (size_t E = 0; E < Source->engines().size(); ++E) {
    uint32_t SE = Source->engines()[E];
    Records.clear();
    Source->readEngine(E, Records);
    int64_t &Last = LastRecord.try_emplace(SE, INT64_MIN).first->second;
    for (const Record &Rec : Records)
      if (!(Rec.Flags & RecordFlagPriv)) {
        BySlot[slotKey(SE, Rec)].push_back(Rec);
        Last = std::max(Last, Rec.Time);
      }
  }
  std::vector<Record>().swap(Records);
  std::vector<SlotKey> Slots;
  for (const auto &[Slot, Spans] : Occ.Spans)
    Slots.push_back(Slot);
  uint64_t Orphans = 0;
  for (const auto &[Slot, Recs] : BySlot)
    if (!Occ.Spans.count(Slot))
      Orphans += Recs.size();
  if (Orphans)
    R.Unchecked.push_back(Dir + ": " + std::to_string(Orphans) + " records on slots occupancy.json never launched a "
                          "wave on: no dispatch to check them against");
  std::sort(Slots.begin(), Slots.end());
  std::vector<Record> Wave;
  std::vector<WaveVerdict> DirWaves;
  for (SlotKey Slot : Slots) {
    const std::vector<WaveSpan> &Spans = Occ.Spans.at(Slot);
    std::vector<Record> *Recs = nullptr;
    if (auto It = BySlot.find(Slot); It != BySlot.end()) {
      Recs = &It->second;
      std::stable_sort(Recs->begin(), Recs->end(), [](const Record &A, const Record &B) { return A.Time < B.Time; });
    }
    size_t Next = 0;
    for (size_t I = 0; I < Spans.size(); ++I) {
      // The records of instance I: from its launch to the next launch (records
      // may arrive after retirement); before the first launch, the first's.
      Wave.clear();
      int64_t Until = I + 1 < Spans.size() ? Spans[I + 1].Launch : INT64_MAX;
      while (Recs && Next < Recs->size() && (*Recs)[Next].Time < Until)
        Wave.push_back((*Recs)[Next++]);
      const WaveSpan &Span = Spans[I];
      auto K = Kernels.find(Span.Dispatch);
      if (K == Kernels.end() || !K->second.Kernel) {
        ++UncheckedOf[Span.Dispatch];
        continue;
      }
      Matcher &M = matcher(K->second, slotSE(Slot), slotCU(Slot), slotSIMD(Slot), slotWave(Slot));
      if (M.A.cut()) {
        ++UncheckedOf[Span.Dispatch];
        continue;
      }
      WaveVerdict V;
      V.Dir = Dir;
      V.SE = slotSE(Slot), V.CU = slotCU(Slot), V.SIMD = slotSIMD(Slot), V.Slot = slotWave(Slot);
      V.Begin = Span.Launch;
      V.Dispatch = Span.Dispatch;
      V.Kernel = K->second.Name;
      V.Records = Wave.size();
      match(M, K->second, Resolver, Wave, Span, V);
      // A wave whose code may record nothing (a guard on its ids or
      // arguments) and recorded nothing is complete by itself; but when its
      // SE recorded nothing at all after it launched, the SE's trace buffer
      // had filled and the wave's records were lost with the rest.
      int64_t SELast = LastRecord.count(V.SE) ? LastRecord[V.SE] : INT64_MIN;
      if (V.Complete && Wave.empty() && Span.Launch > SELast && M.A.edgesBegin(0) != M.A.edgesEnd(0)) {
        V.Complete = false;
        V.GapTime = Span.Launch;
        V.Expected = expected(M, {0}, K->second, Resolver);
        V.Got = "nothing: SE " + std::to_string(V.SE) + " recorded nothing after " +
                (SELast == INT64_MIN ? std::string("the trace began") : "cycle " + std::to_string(SELast)) +
                " (its trace buffer was full?)";
        V.Cause = GapCause::Loss;
      }
      DirWaves.push_back(std::move(V));
    }
  }
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
