// TraceCompleteness.cpp - each wave's records matched with what its code can
// produce.
#include "sqtt/completeness/TraceCompleteness.h"

#include "KernelCodes.h"
#include "WaveMatch.h"


#include <algorithm>
#include <memory>
#include <mutex>
#include <set>
#include <tuple>

namespace sqtt::completeness {

namespace {

using isa::RecordAutomaton;

const char *const UnknownIdsNote = "the workgroup slot and shader array of a wave are not in a trace: where a scope "
                                   "mask tests them, a wave that recorded nothing passes";

class Checker {
public:
  Checker(TraceSession &S, const std::function<void(const std::string &)> &Warn) : S(S), Codes(S, Warn), Warn(Warn) {}

  bool unknownIdsRead() const { return Codes.UnknownIdsRead; }

  /// One directory being checked: what its engines' records are matched
  /// against, and the waves found so far.
  struct DirCheck {
    size_t D = 0;
    Occupancy Occ;
    std::map<int64_t, KernelOf> Kernels;
    std::vector<WaveVerdict> Waves;
    std::map<int64_t, uint64_t> UncheckedOf;
    uint64_t Orphans = 0;
    std::set<uint32_t> Engines;
    std::vector<std::string> Notes;
  };
  /// Directory \p D checked against its waves \p Occ (on the records' time
  /// axis) and the kernel its code.json labels.
  DirCheck beginDir(size_t D, const Occupancy &Occ, const std::optional<TracedKernel> &Traced);
  /// Directory \p D, read from its files: where no engine of it came.
  DirCheck beginDir(size_t D);
  /// Matches engine \p SE's records of \p C's directory, slot by slot and
  /// wave by wave, into C.Waves.
  void engine(DirCheck &C, uint32_t SE, const SlotGroups &Groups);
  /// The kernel names the verdicts index.
  std::vector<std::string> kernelNames() const { return KernelNames; }
  /// The engines that recorded nothing, then the directory's verdicts into \p R.
  void endDir(DirCheck &C, CompletenessReport &R);

private:
  /// Interns kernel names for the report's Kernels.
  uint32_t kernelIndex(const std::string &Name);

  TraceSession &S;
  KernelCodes Codes;
  const std::function<void(const std::string &)> &Warn;
  std::map<std::string, uint32_t> KernelIndex;
  std::vector<std::string> KernelNames;
};

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

// Long because the Start and End lambdas and the loop over the slots share
// the state of the engine's waves, the one pass over its records the
// matching makes.
void Checker::engine(DirCheck &C, uint32_t SE, const SlotGroups &Groups) {
  C.Engines.insert(SE);
  const std::string &Dir = S.traceDirs()[C.D];
  const MarkerResolver &Resolver = S.resolverOf(C.D);
  std::map<int64_t, KernelOf> &Kernels = C.Kernels;
  std::vector<WaveVerdict> &Waves = C.Waves;
  // Slot by slot, each slot's waves in launch order and its records in time
  // order: what is kept is the state of one wave, and the automaton it
  // walks stays in the cache.
  struct SlotWalk {
    SlotKey Slot = 0;
    const std::vector<WaveSpan> *Spans = nullptr;
    size_t Instance = 0;   // the wave its records go to now
    bool Started = false;  // Instance has been given its match (or found unchecked)
    WaveMatch *Match = nullptr; // Matching while Instance is checked
    const KernelOf *Kernel = nullptr;
  };
  // One slot is walked at a time: one match, restarted for each wave.
  std::optional<WaveMatch> Matching;
  int64_t SELast = INT64_MIN; // the engine's last record
  for (size_t G = 0; G < Groups.Slots.size(); ++G)
    if (Groups.Start[G + 1] > Groups.Start[G])
      SELast = std::max(SELast, Groups.Stream[Groups.Start[G + 1] - 1].Time);
  auto Start = [&](SlotWalk &W) {
    const SlotKey Slot = W.Slot;
    W.Started = true;
    W.Match = nullptr;
    const WaveSpan &Span = (*W.Spans)[W.Instance];
    auto K = Kernels.find(Span.Dispatch);
    if (K == Kernels.end() || !K->second.Kernel) {
      ++C.UncheckedOf[Span.Dispatch];
      return;
    }
    Matcher &M = Codes.matcher(K->second, slotSE(Slot), slotCU(Slot), slotSIMD(Slot), slotWave(Slot));
    if (M.A.cut()) {
      ++C.UncheckedOf[Span.Dispatch];
      return;
    }
    W.Kernel = &K->second;
    if (Matching)
      Matching->restart(M, Span.Launch);
    else
      Matching.emplace(M, Span.Launch);
    W.Match = &*Matching;
  };
  size_t First = Waves.size();
  std::vector<char> RecordMore; // per wave from First: complete, still running at SELast, could record more
  auto End = [&](SlotWalk &W) {
    const SlotKey Slot = W.Slot;
    if (!W.Started)
      Start(W);
    W.Started = false;
    if (!W.Match)
      return;
    const WaveSpan &Span = (*W.Spans)[W.Instance];
    const KernelOf &K = *W.Kernel;
    WaveGap Gap = W.Match->finish(Span.Retire == INT64_MAX);
    WaveVerdict V;
    V.Dir = uint32_t(C.D);
    V.SE = SE, V.CU = slotCU(Slot), V.SIMD = slotSIMD(Slot), V.Slot = slotWave(Slot);
    V.Begin = Span.Launch;
    V.Dispatch = Span.Dispatch;
    V.Kernel = K.NameIndex;
    V.Records = W.Match->records();
    Matcher &M = Codes.matcher(K, SE, V.CU, V.SIMD, V.Slot);
    if (!Gap.Complete) {
      V.Complete = false;
      V.GapTime = Gap.Time;
      V.GapIndex = Gap.Index;
      V.Expected = Codes.expected(M, Gap.Allowed, K, Resolver);
      V.Got = Gap.Got ? Codes.describe({*Gap.Got, ~0u}, 0, K, Resolver)
                      : Span.Retire == INT64_MAX ? "the end of the trace" : "the wave's end";
      V.Cause = Gap.Cause;
    } else if (V.Records == 0 && Span.Launch > SELast && M.A.edgesBegin(0) != M.A.edgesEnd(0)) {
      // A wave whose code may record nothing (a guard on its ids or
      // arguments) and recorded nothing is complete by itself; but when its
      // SE recorded nothing at all after it launched, the SE's trace buffer
      // had filled and the wave's records were lost with the rest.
      V.Complete = false;
      V.GapTime = Span.Launch;
      V.Expected = Codes.expected(M, {0}, K, Resolver);
      V.Got = "nothing: SE " + std::to_string(SE) + " recorded nothing after " +
              (SELast == INT64_MIN ? std::string("the trace began") : "cycle " + std::to_string(SELast)) +
              " (its trace buffer was full?)";
      V.Cause = GapCause::Loss;
    }
    Waves.push_back(std::move(V));
    RecordMore.push_back(Gap.Complete && Gap.MayRecordMore && Span.Retire > SELast);
    W.Match = nullptr;
  };
  // The group of each slot with records, by slot.
  std::vector<std::pair<SlotKey, uint32_t>> GroupOf;
  for (uint32_t G = 0; G < Groups.Slots.size(); ++G)
    GroupOf.emplace_back(Groups.Slots[G], G);
  std::sort(GroupOf.begin(), GroupOf.end());
  std::vector<char> Walked(Groups.Slots.size(), 0);
  for (const auto &[Slot, Spans] : C.Occ.Spans) {
    if (slotSE(Slot) != SE || Spans.empty())
      continue;
    SlotWalk W;
    W.Slot = Slot, W.Spans = &Spans;
    auto It = std::lower_bound(GroupOf.begin(), GroupOf.end(), std::make_pair(Slot, uint32_t(0)));
    if (It != GroupOf.end() && It->first == Slot) {
      Walked[It->second] = 1;
      const SlotRecord *R = Groups.Stream.data() + Groups.Start[It->second];
      const SlotRecord *REnd = Groups.Stream.data() + Groups.Start[It->second + 1];
      // Records belong to the last wave launched at or before them (they
      // may arrive after it retired); before the first launch, to the first.
      int64_t NextLaunch = Spans.size() > 1 ? Spans[1].Launch : INT64_MAX;
      while (R != REnd) {
        while (NextLaunch <= R->Time) {
          End(W);
          ++W.Instance;
          NextLaunch = W.Instance + 1 < Spans.size() ? Spans[W.Instance + 1].Launch : INT64_MAX;
        }
        if (!W.Started)
          Start(W);
        const SlotRecord *Run = R; // the records of this wave
        while (Run != REnd && Run->Time < NextLaunch)
          ++Run;
        if (W.Match)
          W.Match->add(R, Run);
        R = Run;
      }
    }
    for (; W.Instance < Spans.size(); ++W.Instance)
      End(W);
  }
  for (size_t G = 0; G < Groups.Slots.size(); ++G)
    if (!Walked[G])
      C.Orphans += Groups.Start[G + 1] - Groups.Start[G];
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
    C.Notes.push_back(Dir + ": SE " + std::to_string(SE) + ": " +
                    (SELast == INT64_MIN ? std::string("nothing was recorded on this shader engine although its waves "
                                                       "could record (its buffer full from the start, or the markers "
                                                       "filtered out by the scope masks?)")
                                         : "nothing was recorded after cycle " + std::to_string(SELast) +
                                               " although waves launched later (its trace buffer was full?)") +
                    (Running ? "; " + std::to_string(Running) + " waves reported complete were still running then "
                               "and could have recorded more: their last records may be lost"
                             : ""));

}

Checker::DirCheck Checker::beginDir(size_t D, const Occupancy &Occ, const std::optional<TracedKernel> &Traced) {
  DirCheck C;
  C.D = D;
  C.Occ = Occ;
  for (const auto &[Id, Name] : C.Occ.Dispatches) {
    KernelOf &K = C.Kernels[Id] = Codes.kernelOf(D, Name, Traced ? &*Traced : nullptr, S.resolverOf(D));
    K.NameIndex = kernelIndex(K.Name);
  }
  return C;
}

Checker::DirCheck Checker::beginDir(size_t D) {
  std::vector<std::string> Warnings;
  std::unique_ptr<TraceSource> Source = S.openTraceSource(S.traceDirs()[D], S.resolverOf(D), Warnings);
  for (const std::string &W : Warnings)
    Warn(W);
  Occupancy Occ = Source->occupancy();
  if (std::optional<CaptureClock> Clock = Source->clock())
    alignOccupancy(Occ, *Clock); // as the analysis shows its waves
  return beginDir(D, Occ, Source->tracedKernel());
}

uint32_t Checker::kernelIndex(const std::string &Name) {
  auto [It, New] = KernelIndex.try_emplace(Name, uint32_t(KernelNames.size()));
  if (New)
    KernelNames.push_back(Name);
  return It->second;
}

void Checker::endDir(DirCheck &C, CompletenessReport &R) {
  const std::string &Dir = S.traceDirs()[C.D];
  std::map<int64_t, KernelOf> &Kernels = C.Kernels;
  std::vector<WaveVerdict> &DirWaves = C.Waves;
  std::map<int64_t, uint64_t> &UncheckedOf = C.UncheckedOf;
  // Engines that recorded nothing still ran their waves.
  const SlotGroups Nothing{{}, {0}, {}};
  std::set<uint32_t> Silent;
  for (const auto &[Slot, Spans] : C.Occ.Spans)
    if (!C.Engines.count(slotSE(Slot)))
      Silent.insert(slotSE(Slot));
  for (uint32_t SE : Silent)
    engine(C, SE, Nothing);
  R.Notes.insert(R.Notes.end(), C.Notes.begin(), C.Notes.end());
  std::sort(DirWaves.begin(), DirWaves.end(), [](const WaveVerdict &A, const WaveVerdict &B) {
    return std::tie(A.SE, A.CU, A.SIMD, A.Slot, A.Begin) < std::tie(B.SE, B.CU, B.SIMD, B.Slot, B.Begin);
  });
  if (C.Orphans)
    R.Unchecked.push_back(Dir + ": " + std::to_string(C.Orphans) + " records on slots occupancy.json never launched a "
                          "wave on: no dispatch to check them against");
  judgeForeignMaps(Dir, DirWaves, R);
  // Each wave's groups, looked up once per dispatch and kernel.
  std::map<std::pair<int64_t, uint32_t>, Tally *> DispatchTally; // (dispatch, kernel)
  std::vector<Tally *> KernelTally(KernelNames.size(), nullptr);
  for (WaveVerdict &V : DirWaves) {
    Tally *&ByDispatch = DispatchTally[{V.Dispatch, V.Kernel}];
    if (!ByDispatch)
      ByDispatch = &R.ByDispatch[Dir + ": dispatch " + std::to_string(V.Dispatch) + " " + KernelNames[V.Kernel]];
    ByDispatch->add(V);
    Tally *&ByKernel = KernelTally[V.Kernel];
    if (!ByKernel)
      ByKernel = &R.ByKernel[KernelNames[V.Kernel]];
    ByKernel->add(V);
    R.BySE[V.SE].add(V);
    R.ByCU[{V.SE, V.CU}].add(V);
    R.Total.add(V);
    R.Waves.push_back(std::move(V));
  }
  std::vector<WaveVerdict>().swap(DirWaves);
  for (const auto &[Id, Count] : UncheckedOf) {
    R.UncheckedWaves += Count;
    const KernelOf &K = Kernels.count(Id) ? Kernels[Id] : KernelOf{};
    if (K.WithoutPlugin)
      R.WithoutPluginWaves += Count;
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
  // The analysis reads the records, building nothing: the check alone
  // follows them, as it does beside sqtt-triage's analysis.
  StreamingCheck Check(Session, Warn);
  AnalysisOptions A;
  Check.feedFrom(A);
  Session.analyzeDirs(A, 1, [](DirResult &) {}, nullptr, [&](const SessionProgress &P) {
    if (Progress && P.Engines == 0)
      Progress(P.Dir, P.Dirs);
  });
  return Check.finish();
}

struct StreamingCheck::State {
  State(TraceSession &S, const std::function<void(const std::string &)> &Warn) : Warn(Warn), C(S, this->Warn) {}
  std::function<void(const std::string &)> Warn;
  Checker C;
  std::mutex Lock;
  std::map<size_t, Checker::DirCheck> Dirs;
};

StreamingCheck::StreamingCheck(TraceSession &Session, const std::function<void(const std::string &)> &Warn)
    : Session(Session), S(std::make_unique<State>(Session, Warn)) {}
StreamingCheck::~StreamingCheck() = default;

void StreamingCheck::feedFrom(AnalysisOptions &A) {
  A.EngineRecords = [this](const AnalysisOptions::EngineView &V) { engine(V); };
}

void StreamingCheck::engine(const AnalysisOptions::EngineView &V) {
  std::lock_guard<std::mutex> Hold(S->Lock);
  auto It = S->Dirs.find(V.DirIndex);
  if (It == S->Dirs.end())
    It = S->Dirs.emplace(V.DirIndex, S->C.beginDir(V.DirIndex, V.Occ, V.Traced)).first;
  S->C.engine(It->second, V.SE, V.Groups);
}

CompletenessReport StreamingCheck::finish() {
  std::lock_guard<std::mutex> Hold(S->Lock);
  CompletenessReport R;
  for (size_t D = 0; D < Session.traceDirs().size(); ++D) {
    auto It = S->Dirs.find(D);
    if (It == S->Dirs.end()) // no engine came: every engine of it recorded nothing
      It = S->Dirs.emplace(D, S->C.beginDir(D)).first;
    S->C.endDir(It->second, R);
    S->Dirs.erase(It);
  }
  if (S->C.unknownIdsRead())
    R.Notes.push_back(UnknownIdsNote);
  R.Dirs = Session.traceDirs();
  R.Kernels = S->C.kernelNames();
  return R;
}

} // namespace sqtt::completeness
