// RecordSelection.cpp - which records the command-line filters keep.
#include "analysis/RecordSelection.h"

namespace sqtt {

bool RecordSelection::accepts(uint32_t SE, const Record &R) {
  const RecordFilter &F = Filter;
  bool Pass[FilterKinds] = {F.SE < 0 || SE == uint32_t(F.SE), F.CU < 0 || R.CU == F.CU,
                            F.SIMD < 0 || R.SIMD == F.SIMD,   F.Wave < 0 || R.Wave == F.Wave,
                            R.Time >= F.TimeBegin && R.Time < F.TimeEnd, true, true, true};
  if (ByDispatch || Excluded) {
    const WaveSpan *Span = Occ.findSpan(slotKey(SE, R), R.Time);
    if (ByDispatch) {
      const ResolvedDispatch *D = Span ? &Dispatches.of(Span->Dispatch) : nullptr;
      Pass[FilterKernel] = D && D->KernelMatches;
      Pass[FilterDispatch] = D && D->DispatchMatches;
    }
    Pass[FilterComplete] = !Span || !WaveExclusions::excludes(Excluded, slotKey(SE, R), Span->Launch);
  }
  bool All = true;
  for (int K = 0; K < FilterKinds; ++K) {
    Passed[K] += Pass[K];
    All = All && Pass[K];
  }
  return All;
}

} // namespace sqtt
