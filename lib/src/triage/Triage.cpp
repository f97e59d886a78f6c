//===- Triage.cpp - the verdict: every kind's findings, folded, ranked ----===//
#include "TriageContext.h"

namespace sqtt::triage {

TriageReport triage(const Measurements &M, const Measurements *Baseline, const TriageOptions &Options) {
  TriageContext C(M, Baseline, Options);
  TriageReport R;
  R.Trace = Options.TracePath;
  if (Baseline)
    R.Baseline = Options.BaselinePath;
  R.Trust = trustLines(C);
  std::vector<Finding> &F = R.Findings;
  findIncompleteTrace(C, F);
  findClockUncertain(C, F);
  findMarkerOverhead(C, F);
  findStragglers(C, F);
  findDispatchShape(C, F);
  findRegressions(C, F);
  findMemoryAccess(C, F);
  findInstructionWaits(C, F);
  findHotScopes(C, F);
  // Severity where a finder did not decide it: its kind's usual one
  // (foldAndRank lowers a small gain's to info).
  for (Finding &X : F)
    if (X.Sev == Severity::Info && X.K != Kind::Divergence)
      X.Sev = kindInfo(X.K).Usual;
  foldAndRank(F);
  return R;
}

} // namespace sqtt::triage
