//===- RootCauses.cpp - one finding per cause, ranked by gain -------------===//
//
// Findings that share a cause become one: the more specific finding keeps
// the gain and the other becomes its evidence ("absorbed"):
// - a tail or low occupancy whose last waves are stragglers (a scope's
//   stragglers over the dispatch's, a scope over its kernel);
// - a kernel's straggling lifetimes that a scope's stragglers explain;
// - a hot scope that is hot because of its stragglers (their excess is half
//   its time or more);
// - a hot scope whose time a memory or barrier wait at one of its lines, or
//   the plugin's own instructions (marker-overhead), explain;
// - a kernel's regression that one of its scopes explains
//   (RegressionExplainsShare of its added cycles).
// Then the severity from the gain (GainMinPercent), and the rank: an
// incomplete trace first (everything else rests on it), then by gain.
//
//===----------------------------------------------------------------------===//
#include "Thresholds.h"
#include "TriageContext.h"

#include <algorithm>
#include <set>

namespace sqtt::triage {

namespace {

bool sharesWave(const Finding &A, const Finding &B) {
  for (const WaveId &W : A.Waves)
    if (std::find(B.Waves.begin(), B.Waves.end(), W) != B.Waves.end())
      return true;
  return false;
}

bool isScope(const Finding &F) { return F.Scope != F.Kernel; }

double number(const Finding &F, const char *Name) {
  const EvidenceValue *V = F.fact(Name);
  if (!V)
    return 0;
  if (auto *I = std::get_if<int64_t>(V))
    return double(*I);
  if (auto *D = std::get_if<double>(V))
    return *D;
  return 0;
}

/// Moves \p Symptom into \p Cause's evidence.
void absorb(Finding &Cause, const Finding &Symptom) {
  std::string Name = std::string("absorbed_") + kindName(Symptom.K);
  for (char &Ch : Name)
    if (Ch == '-')
      Ch = '_';
  // Evidence names stay unique: a second symptom of one kind is numbered.
  std::string Unique = Name;
  for (int N = 2; Cause.fact(Unique); ++N)
    Unique = Name + "_" + std::to_string(N);
  Cause.add(Unique, Symptom.Headline);
  Cause.Absorbed.push_back(kindName(Symptom.K));
}

/// Whether \p K's severity follows its gain.
bool severityByGain(Kind K) {
  switch (K) {
  case Kind::Regression:
  case Kind::StragglerWaves:
  case Kind::BarrierWait:
  case Kind::MemoryWait:
  case Kind::LdsBankConflict:
  case Kind::UncoalescedAccess:
  case Kind::LowOccupancy:
  case Kind::Tail:
    return true;
  default:
    return false;
  }
}

} // namespace

void foldAndRank(std::vector<Finding> &Findings) {
  std::vector<bool> Gone(Findings.size(), false);
  auto Fold = [&](size_t Cause, size_t Symptom) {
    absorb(Findings[Cause], Findings[Symptom]);
    Gone[Symptom] = true;
  };
  // The most specific straggler finding first: scopes, then kernels.
  std::vector<size_t> Stragglers;
  for (size_t I = 0; I < Findings.size(); ++I)
    if (Findings[I].K == Kind::StragglerWaves)
      Stragglers.push_back(I);
  std::stable_sort(Stragglers.begin(), Stragglers.end(),
                   [&](size_t A, size_t B) { return isScope(Findings[A]) > isScope(Findings[B]); });
  for (size_t S : Stragglers) {
    if (Gone[S])
      continue;
    Finding &Cause = Findings[S];
    for (size_t I = 0; I < Findings.size(); ++I) {
      if (I == S || Gone[I])
        continue;
      const Finding &F = Findings[I];
      if (F.Kernel != Cause.Kernel)
        continue;
      bool Symptom = false;
      if (F.K == Kind::Tail || F.K == Kind::LowOccupancy)
        Symptom = F.Dispatch == Cause.Dispatch && sharesWave(F, Cause);
      else if (F.K == Kind::StragglerWaves)
        Symptom = isScope(Cause) && !isScope(F) && sharesWave(F, Cause);
      else if (F.K == Kind::HotScope)
        Symptom = F.Scope == Cause.Scope && number(Cause, "excess_cycles") >= StragglersExplainHotShare * number(F, "scope_cycles");
      if (Symptom) {
        Cause.GainCycles = std::max(Cause.GainCycles, F.K == Kind::StragglerWaves ? F.GainCycles : 0.0);
        Fold(S, I);
      }
    }
    // A kernel's straggler may carry the dispatch's gain, never less than it.
  }
  // A hot scope whose time a wait at one of its lines, or the markers'
  // own instructions, explain.
  for (size_t I = 0; I < Findings.size(); ++I) {
    if (Gone[I] || Findings[I].K != Kind::HotScope)
      continue;
    for (size_t J = 0; J < Findings.size(); ++J)
      if (!Gone[J] &&
          (Findings[J].K == Kind::MemoryWait || Findings[J].K == Kind::BarrierWait ||
           Findings[J].K == Kind::MarkerOverhead) &&
          Findings[J].Scope == Findings[I].Scope) {
        Fold(J, I);
        break;
      }
  }
  // A kernel's regression that one scope explains.
  for (size_t I = 0; I < Findings.size(); ++I) {
    if (Gone[I] || Findings[I].K != Kind::Regression || isScope(Findings[I]))
      continue;
    size_t Best = SIZE_MAX;
    for (size_t J = 0; J < Findings.size(); ++J)
      if (!Gone[J] && Findings[J].K == Kind::Regression && isScope(Findings[J]) &&
          Findings[J].Kernel == Findings[I].Kernel &&
          Findings[J].GainCycles >= RegressionExplainsShare * Findings[I].GainCycles &&
          (Best == SIZE_MAX || Findings[J].GainCycles > Findings[Best].GainCycles))
        Best = J;
    if (Best != SIZE_MAX) {
      Findings[Best].add("kernel_ratio", number(Findings[I], "ratio"));
      Findings[Best].add("kernel_added_cycles_per_wave", Findings[I].GainCycles);
      Fold(Best, I);
    }
  }
  std::vector<Finding> Kept;
  for (size_t I = 0; I < Findings.size(); ++I)
    if (!Gone[I])
      Kept.push_back(std::move(Findings[I]));
  for (Finding &F : Kept)
    if (severityByGain(F.K))
      F.Sev = F.GainPercent >= GainMinPercent ? kindInfo(F.K).Usual : Severity::Info;
  std::stable_sort(Kept.begin(), Kept.end(), [](const Finding &A, const Finding &B) {
    bool IA = A.K == Kind::IncompleteTrace, IB = B.K == Kind::IncompleteTrace;
    if (IA != IB)
      return IA;
    if (A.GainCycles != B.GainCycles)
      return A.GainCycles > B.GainCycles;
    return int(A.Sev) > int(B.Sev);
  });
  for (size_t I = 0; I < Kept.size(); ++I)
    Kept[I].Rank = unsigned(I + 1);
  Findings = std::move(Kept);
}

} // namespace sqtt::triage
