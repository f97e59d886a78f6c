// WaveMatch.cpp - how a wave's records are followed through its kernel's
// record automaton, and what a deviation is taken for.
#include "WaveMatch.h"

#include <algorithm>

namespace sqtt::completeness {

using isa::RecordAutomaton;

namespace {

/// A pattern that fixes a record's value (a marker's ID), unlike a payload
/// word's, which accepts anything.
bool fixesValue(const isa::RecordPattern &P) { return __builtin_popcount(P.Known) >= 16; }

/// The states after \p Value when records may have been lost before it:
/// those an edge accepting it leads to from a state reachable from \p From;
/// with \p FixedOnly, only edges that fix the value.
void resync(const RecordAutomaton &A, const std::vector<uint32_t> &From, uint32_t Value, std::vector<uint32_t> &Out,
            bool FixedOnly = false) {
  std::vector<char> Seen(A.states(), 0), Added(A.states(), 0);
  std::vector<uint32_t> Frontier(From.begin(), From.end());
  for (uint32_t St : From)
    Seen[St] = 1;
  for (size_t F = 0; F < Frontier.size(); ++F)
    for (const RecordAutomaton::Edge *E = A.edgesBegin(Frontier[F]); E != A.edgesEnd(Frontier[F]); ++E) {
      if (E->Pattern.matches(Value) && !Added[E->To] && (!FixedOnly || fixesValue(E->Pattern))) {
        Added[E->To] = 1;
        Out.push_back(E->To);
      }
      if (!Seen[E->To]) {
        Seen[E->To] = 1;
        Frontier.push_back(E->To);
      }
    }
}

bool accepts(const RecordAutomaton &A, const std::vector<uint32_t> &States, uint32_t Value) {
  for (uint32_t St : States)
    for (const RecordAutomaton::Edge *E = A.edgesBegin(St); E != A.edgesEnd(St); ++E)
      if (E->Pattern.matches(Value))
        return true;
  return false;
}

/// Deviations this close together (\p Resyncs in \p Records since the
/// first) are not bursts of loss.
bool denseDeviations(size_t Resyncs, uint64_t Records) { return Resyncs >= 3 && Resyncs * 8 > Records; }

/// The edge taking \p Value from \p State where every edge that takes it
/// leads to one state; null where none takes it; \p Several where edges to
/// different states do (the common step needs no stamps when neither).
const RecordAutomaton::Edge *soleEdge(const RecordAutomaton &A, uint32_t State, uint32_t Value, bool &Several) {
  const RecordAutomaton::Edge *Taken = nullptr;
  Several = false;
  for (const RecordAutomaton::Edge *E = A.edgesBegin(State), *End = A.edgesEnd(State); E != End && !Several; ++E)
    if (E->Pattern.matches(Value)) {
      Several = Taken && Taken->To != E->To;
      Taken = E;
    }
  return Taken;
}

} // namespace

void WaveMatch::restart(Matcher &With, int64_t Launch) {
  M = &With;
  Cur.assign(1, 0);
  Next.clear();
  Prev.clear();
  PrevValue.reset();
  Last = Launch;
  Count = 0;
  Resyncs = 0;
  Held.reset();
  HeldIsFirst = false;
  Done = false;
  Gap = WaveGap();
}

uint32_t WaveMatch::freshEpoch() {
  if (++M->Epoch == 0) {
    std::fill(M->Stamp.begin(), M->Stamp.end(), 0);
    M->Epoch = 1;
  }
  return M->Epoch;
}

bool WaveMatch::step(uint32_t Value) {
  // The common case, one state and one edge taking the record: no stamps.
  if (Cur.size() == 1) {
    bool Several;
    const RecordAutomaton::Edge *Taken = soleEdge(M->A, Cur[0], Value, Several);
    if (!Taken)
      return false;
    if (!Several) {
      Prev.resize(1);
      Prev[0] = Cur[0];
      Cur[0] = Taken->To;
      PrevValue = Value;
      return true;
    }
  }
  Next.clear();
  freshEpoch();
  for (uint32_t St : Cur)
    for (const RecordAutomaton::Edge *E = M->A.edgesBegin(St); E != M->A.edgesEnd(St); ++E)
      if (E->Pattern.matches(Value) && M->Stamp[E->To] != M->Epoch) {
        M->Stamp[E->To] = M->Epoch;
        Next.push_back(E->To);
      }
  if (Next.empty())
    return false;
  Prev.swap(Cur);
  Cur.swap(Next);
  PrevValue = Value;
  return true;
}

void WaveMatch::add(int64_t Time, uint32_t Value) {
  uint64_t Index = Count++;
  if (Done)
    return;
  if (Held) {
    decide(Value);
    if (Done)
      return;
  }
  if (step(Value)) {
    if (Gap.Complete)
      Last = Time;
    return;
  }
  if (Gap.Complete) {
    Gap.Complete = false;
    Gap.Index = Index;
    Gap.Time = Last;
    Gap.Allowed = Cur;
    Gap.Got = Value;
    Gap.Cause = GapCause::Loss;
  }
  HeldIsFirst = Resyncs == 0 && Gap.Index == Index;
  Held = Value;
}

void WaveMatch::add(const SlotRecord *Begin, const SlotRecord *End) {
  // Most records take the one edge their state has for them: that walk runs
  // here with its state in registers, and anything else goes through add().
  const RecordAutomaton &A = M->A;
  while (Begin != End) {
    if (Cur.size() == 1 && !Held && !Done) {
      uint32_t State = Cur[0], Before = State, BeforeValue = 0;
      int64_t LastTime = Last;
      const SlotRecord *R = Begin;
      for (; R != End; ++R) {
        bool Several;
        const RecordAutomaton::Edge *Taken = soleEdge(A, State, R->Value, Several);
        if (!Taken || Several)
          break;
        Before = State, BeforeValue = R->Value;
        State = Taken->To;
        LastTime = R->Time;
      }
      if (R != Begin) {
        Count += uint64_t(R - Begin);
        if (Gap.Complete)
          Last = LastTime;
        Prev.assign(1, Before);
        PrevValue = BeforeValue;
        Cur[0] = State;
        Begin = R;
        continue;
      }
    }
    add(Begin->Time, Begin->Value);
    ++Begin;
  }
}

void WaveMatch::afterLoss(uint32_t Value, bool FixedOnly) {
  Next.clear();
  resync(M->A, Cur, Value, Next, FixedOnly);
  // The record accepted last may itself have followed a loss and been
  // taken for another of its value (a scope's exit for an outer one's):
  // the reading with the loss before it is kept too.
  if (PrevValue) {
    std::vector<uint32_t> Before;
    resync(M->A, Prev, *PrevValue, Before);
    // Added once each (stamped: a wave that keeps deviating has many states).
    uint32_t Epoch = freshEpoch();
    for (uint32_t St : Next)
      M->Stamp[St] = Epoch;
    for (uint32_t St : Before)
      for (const RecordAutomaton::Edge *E = M->A.edgesBegin(St); E != M->A.edgesEnd(St); ++E)
        if (E->Pattern.matches(Value) && (!FixedOnly || fixesValue(E->Pattern)) && M->Stamp[E->To] != Epoch) {
          M->Stamp[E->To] = Epoch;
          Next.push_back(E->To);
        }
  }
}

void WaveMatch::decide(const std::optional<uint32_t> &NextValue) {
  uint32_t Value = *Held;
  Held.reset();
  // A record the wave goes on without, as if it were not there, may have
  // come from elsewhere (another producer of s_ttracedata); but where a later
  // state of the code records its very value (a marker's ID, not a payload
  // word, which any value fits), records lost before it explain it as well,
  // and losses are by far the commoner cause: it is then a loss, and the
  // wave goes on from either reading (the records after it choose).
  if (NextValue && accepts(M->A, Cur, *NextValue)) {
    afterLoss(Value, /*FixedOnly=*/true);
    if (HeldIsFirst)
      Gap.Cause = Next.empty() ? GapCause::Unexplained : GapCause::Loss;
    uint32_t Epoch = freshEpoch();
    for (uint32_t St : Cur)
      M->Stamp[St] = Epoch;
    for (uint32_t St : Next)
      if (M->Stamp[St] != Epoch) {
        M->Stamp[St] = Epoch;
        Cur.push_back(St);
      }
    return;
  }
  // Lost records explain a deviation when a later state of the code accepts
  // the record; the wave goes on from there (it may lose more). A loss
  // inside payload records can leave only states of a path the wave did not
  // take, so the wave's launch is the second place to look from. A record no
  // state accepts is not the code's, and neither is a wave that deviates
  // every few records (another build's map): losses come in bursts, with
  // long runs the code explains between them.
  afterLoss(Value, /*FixedOnly=*/false);
  if (Next.empty())
    resync(M->A, {0}, Value, Next);
  PrevValue.reset();
  ++Resyncs;
  if (Next.empty() || denseDeviations(Resyncs, Count - Gap.Index)) {
    Gap.Cause = GapCause::Unexplained;
    Done = true;
    return;
  }
  Cur.swap(Next);
}

WaveGap WaveMatch::finish(bool Open) {
  if (Held && !Done)
    decide(std::nullopt);
  if (!Done && !Gap.Complete && denseDeviations(Resyncs, Count - Gap.Index))
    Gap.Cause = GapCause::Unexplained;
  if (Done || !Gap.Complete)
    return std::move(Gap);
  bool MayEnd = false;
  for (uint32_t St : Cur) {
    MayEnd |= M->A.mayEnd(St);
    Gap.MayRecordMore |= M->A.edgesBegin(St) != M->A.edgesEnd(St);
  }
  if (MayEnd)
    return std::move(Gap);
  Gap.Complete = false;
  Gap.Index = Count;
  Gap.Time = Last;
  Gap.Allowed = Cur;
  Gap.Cause = Open ? GapCause::TraceEnd : GapCause::Loss;
  return std::move(Gap);
}

} // namespace sqtt::completeness
