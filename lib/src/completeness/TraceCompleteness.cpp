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

  void checkDir(size_t D, CompletenessReport &R);
  bool unknownIdsRead() const { return Codes.UnknownIdsRead; }

  /// One directory being checked: what its engines' records are matched
  /// against, and the waves found so far.
  struct DirCheck {
    size_t D = 0;
    Occupancy Occ;
    std::map<int64_t, KernelOf> Kernels;
    std::vector<WaveVerdict> Waves;
    std::map<int64_t, uint64_t> UncheckedOf;
    uint64_t Orphans = 0, OutOfOrder = 0;
    std::set<uint32_t> Engines;
    std::vector<std::string> Notes;
  };
  /// Opens directory \p D for checking; its source when \p Source is given.
  DirCheck beginDir(size_t D, std::unique_ptr<TraceSource> *Source = nullptr);
  /// Matches engine \p SE's records (as read) of \p C's directory.
  void engine(DirCheck &C, uint32_t SE, const std::vector<Record> &Records);
  /// The engines that recorded nothing, then the directory's verdicts into \p R.
  void endDir(DirCheck &C, CompletenessReport &R);

private:
  /// One engine's records, wave by wave as they arrive, into \p Waves.
  void checkEngine(const std::string &Dir, uint32_t SE, const std::vector<Record> &Records, const Occupancy &Occ,
                   std::map<int64_t, KernelOf> &Kernels, const MarkerResolver &Resolver,
                   std::vector<WaveVerdict> &Waves, std::map<int64_t, uint64_t> &UncheckedOf, uint64_t &Orphans,
                   uint64_t &OutOfOrder, std::vector<std::string> &Notes);

  TraceSession &S;
  KernelCodes Codes;
  const std::function<void(const std::string &)> &Warn;
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

// Long because the Start and End lambdas and the record loop share the state
// of the waves in flight, the one pass over an engine's records the
// matching makes.
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
    int64_t NextLaunch = INT64_MAX; // of the wave after Instance (kept here: the spans are cold)
    void next() {
      NextLaunch = Instance + 1 < Spans->size() ? (*Spans)[Instance + 1].Launch : INT64_MAX;
    }
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
    Matcher &M = Codes.matcher(K->second, slotSE(Slot), slotCU(Slot), slotSIMD(Slot), slotWave(Slot));
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
    W.Match.reset();
  };
  // The engine's slots in a flat open-addressed table: a lookup per record
  // is most of the matching's time, and a node-based map misses the cache.
  std::vector<std::pair<SlotKey, SlotWalk>> Walks;
  for (const auto &[Slot, Spans] : Occ.Spans)
    if (slotSE(Slot) == SE && !Spans.empty()) {
      Walks.emplace_back(Slot, SlotWalk{});
      Walks.back().second.Spans = &Spans;
      Walks.back().second.next();
    }
  size_t Mask = 1;
  while (Mask < 2 * Walks.size() + 2)
    Mask <<= 1;
  --Mask;
  auto Bucket = [&](SlotKey K) { return size_t((uint64_t(K) * 0x9E3779B97F4A7C15ull) >> 40) & Mask; };
  std::vector<uint32_t> Table(Mask + 1, UINT32_MAX);
  for (uint32_t I = 0; I < Walks.size(); ++I) {
    size_t B = Bucket(Walks[I].first);
    while (Table[B] != UINT32_MAX)
      B = (B + 1) & Mask;
    Table[B] = I;
  }
  for (const Record &Rec : Records) {
    if (Rec.Flags & RecordFlagPriv)
      continue;
    SlotKey Slot = slotKey(SE, Rec);
    size_t B = Bucket(Slot);
    while (Table[B] != UINT32_MAX && Walks[Table[B]].first != Slot)
      B = (B + 1) & Mask;
    if (Table[B] == UINT32_MAX) {
      ++Orphans;
      continue;
    }
    SlotWalk &W = Walks[Table[B]].second;
    if (Rec.Time < W.LastTime)
      ++OutOfOrder; // kept with the wave it came in
    W.LastTime = std::max(W.LastTime, Rec.Time);
    // Records belong to the last wave launched at or before them (they may
    // arrive after it retired); before the first launch, to the first.
    while (W.NextLaunch <= Rec.Time) {
      End(Slot, W);
      ++W.Instance;
      W.next();
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
    Notes.push_back(Dir + ": SE " + std::to_string(SE) + ": " +
                    (SELast == INT64_MIN ? std::string("nothing was recorded on this shader engine although its waves "
                                                       "could record (its buffer full from the start, or the markers "
                                                       "filtered out by the scope masks?)")
                                         : "nothing was recorded after cycle " + std::to_string(SELast) +
                                               " although waves launched later (its trace buffer was full?)") +
                    (Running ? "; " + std::to_string(Running) + " waves reported complete were still running then "
                               "and could have recorded more: their last records may be lost"
                             : ""));

}

Checker::DirCheck Checker::beginDir(size_t D, std::unique_ptr<TraceSource> *Opened) {
  DirCheck C;
  C.D = D;
  const std::string &Dir = S.traceDirs()[D];
  MarkerResolver &Resolver = S.resolverOf(D);
  std::vector<std::string> Warnings;
  std::unique_ptr<TraceSource> Source = S.openTraceSource(Dir, Resolver, Warnings);
  C.Occ = Source->occupancy();
  std::optional<TracedKernel> Traced = Source->tracedKernel();
  for (const std::string &W : Warnings)
    Warn(W);
  for (const auto &[Id, Name] : C.Occ.Dispatches)
    C.Kernels[Id] = Codes.kernelOf(D, Name, Traced ? &*Traced : nullptr, Resolver);
  if (Opened)
    *Opened = std::move(Source);
  return C;
}

void Checker::engine(DirCheck &C, uint32_t SE, const std::vector<Record> &Records) {
  C.Engines.insert(SE);
  checkEngine(S.traceDirs()[C.D], SE, Records, C.Occ, C.Kernels, S.resolverOf(C.D), C.Waves, C.UncheckedOf,
              C.Orphans, C.OutOfOrder, C.Notes);
}

void Checker::checkDir(size_t D, CompletenessReport &R) {
  std::unique_ptr<TraceSource> Source;
  DirCheck C = beginDir(D, &Source);
  std::vector<Record> Records;
  for (size_t E = 0; E < Source->engines().size(); ++E) {
    Records.clear();
    Source->readEngine(E, Records);
    engine(C, Source->engines()[E], Records);
  }
  endDir(C, R);
}

void Checker::endDir(DirCheck &C, CompletenessReport &R) {
  const std::string &Dir = S.traceDirs()[C.D];
  const MarkerResolver &Resolver = S.resolverOf(C.D);
  std::map<int64_t, KernelOf> &Kernels = C.Kernels;
  std::vector<WaveVerdict> &DirWaves = C.Waves;
  std::map<int64_t, uint64_t> &UncheckedOf = C.UncheckedOf;
  // Engines that recorded nothing still ran their waves.
  std::vector<Record> Records;
  std::set<uint32_t> Silent;
  for (const auto &[Slot, Spans] : C.Occ.Spans)
    if (!C.Engines.count(slotSE(Slot)))
      Silent.insert(slotSE(Slot));
  for (uint32_t SE : Silent)
    checkEngine(Dir, SE, Records, C.Occ, Kernels, Resolver, DirWaves, UncheckedOf, C.Orphans, C.OutOfOrder, C.Notes);
  R.Notes.insert(R.Notes.end(), C.Notes.begin(), C.Notes.end());
  std::sort(DirWaves.begin(), DirWaves.end(), [](const WaveVerdict &A, const WaveVerdict &B) {
    return std::tie(A.SE, A.CU, A.SIMD, A.Slot, A.Begin) < std::tie(B.SE, B.CU, B.SIMD, B.Slot, B.Begin);
  });
  if (C.Orphans)
    R.Unchecked.push_back(Dir + ": " + std::to_string(C.Orphans) + " records on slots occupancy.json never launched a "
                          "wave on: no dispatch to check them against");
  if (C.OutOfOrder)
    R.Notes.push_back(Dir + ": " + std::to_string(C.OutOfOrder) + " records earlier than the record before them on "
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
  CompletenessReport R;
  Checker C(Session, Warn);
  for (size_t D = 0; D < Session.traceDirs().size(); ++D) {
    if (Progress)
      Progress(D, Session.traceDirs().size());
    C.checkDir(D, R);
  }
  if (C.unknownIdsRead())
    R.Notes.push_back(UnknownIdsNote);
  return R;
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

void StreamingCheck::engine(size_t Dir, uint32_t SE, const std::vector<Record> &Records) {
  std::lock_guard<std::mutex> Hold(S->Lock);
  auto It = S->Dirs.find(Dir);
  if (It == S->Dirs.end())
    It = S->Dirs.emplace(Dir, S->C.beginDir(Dir)).first;
  S->C.engine(It->second, SE, Records);
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
  return R;
}

} // namespace sqtt::completeness
