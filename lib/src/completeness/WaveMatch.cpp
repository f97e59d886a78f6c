// WaveMatch.cpp - how a wave's records are followed through its kernel's
// record automaton, and what a deviation is taken for.
#include "WaveMatch.h"

#include <algorithm>

namespace sqtt::completeness {

using isa::RecordAutomaton;

namespace {

/// The states after \p Value when records may have been lost before it:
/// those an edge accepting it leads to from a state reachable from \p From.
void resync(const RecordAutomaton &A, const std::vector<uint32_t> &From, uint32_t Value, std::vector<uint32_t> &Out) {
  std::vector<char> Seen(A.states(), 0), Added(A.states(), 0);
  std::vector<uint32_t> Frontier(From.begin(), From.end());
  for (uint32_t St : From)
    Seen[St] = 1;
  for (size_t F = 0; F < Frontier.size(); ++F)
    for (const RecordAutomaton::Edge *E = A.edgesBegin(Frontier[F]); E != A.edgesEnd(Frontier[F]); ++E) {
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

} // namespace

bool WaveMatch::step(uint32_t Value) {
  Next.clear();
  if (++M->Epoch == 0) {
    std::fill(M->Stamp.begin(), M->Stamp.end(), 0);
    M->Epoch = 1;
  }
  for (uint32_t St : Cur)
    for (const RecordAutomaton::Edge *E = M->A.edgesBegin(St); E != M->A.edgesEnd(St); ++E)
      if (E->Pattern.matches(Value) && M->Stamp[E->To] != M->Epoch) {
        M->Stamp[E->To] = M->Epoch;
        Next.push_back(E->To);
      }
  if (Next.empty())
    return false;
  Cur.swap(Next);
  return true;
}

void WaveMatch::add(const Record &R) {
  uint64_t Index = Count++;
  if (Done)
    return;
  if (Held) {
    decide(R.Value);
    if (Done)
      return;
  }
  if (step(R.Value)) {
    if (Gap.Complete)
      Last = R.Time;
    return;
  }
  if (Gap.Complete) {
    Gap.Complete = false;
    Gap.Index = Index;
    Gap.Time = Last;
    Gap.Allowed = Cur;
    Gap.Got = R.Value;
    Gap.Cause = GapCause::Loss;
  }
  HeldIsFirst = Resyncs == 0 && Gap.Index == Index;
  Held = R;
}

void WaveMatch::decide(const std::optional<uint32_t> &NextValue) {
  uint32_t Value = Held->Value;
  Held.reset();
  // A record the wave goes on without, as if it were not there, came from
  // elsewhere (another producer of s_ttracedata): it is skipped.
  if (NextValue && accepts(M->A, Cur, *NextValue)) {
    if (HeldIsFirst)
      Gap.Cause = GapCause::Unexplained;
    return;
  }
  // Lost records explain a deviation when a later state of the code accepts
  // the record; the wave goes on from there (it may lose more). A loss
  // inside payload records can leave only states of a path the wave did not
  // take, so the wave's launch is the second place to look from. A record no
  // state accepts is not the code's, and neither is a wave that deviates
  // every few records (another build's map): losses come in bursts, with
  // long runs the code explains between them.
  Next.clear();
  resync(M->A, Cur, Value, Next);
  if (Next.empty())
    resync(M->A, {0}, Value, Next);
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
