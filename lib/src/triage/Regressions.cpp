//===- Regressions.cpp - regression: slower than the baseline -------------===//
//
// With --baseline, each scope and kernel against the baseline capture's,
// paired by kernel and scope path (as sqtt-flamegraph --baseline pairs
// stacks across builds: never by code-object ID), per wave: the scope's cycles over
// the waves that closed it, a kernel's mean wave lifetime. A kernel's
// regression that one of its scopes explains (RegressionExplainsShare of
// its added cycles) is that scope's evidence (RootCauses.cpp folds it).
// What else changed in the scope is added where both captures have it: the
// stall share of its instructions, and its memory efficiency.
//
//===----------------------------------------------------------------------===//
#include "Thresholds.h"
#include "TriageContext.h"

#include <map>

namespace sqtt::triage {

namespace {

struct PerWave {
  double Cycles = 0;
  uint64_t Waves = 0;
};

struct ScopeOf {
  std::string Kernel, Scope;
  PerWave Cycles;
};

/// Each scope's cycles per wave, by its path from the kernel (what pairs it
/// with the other capture's, as sqtt-flamegraph --baseline pairs stacks).
std::map<std::string, ScopeOf> scopesPerWave(const Measurements &M) {
  std::map<std::string, ScopeOf> Out;
  for (const StatsRow &R : M.Scopes.rows(M.Names))
    if (R.Kind != StatKind::Data && R.Waves)
      Out[scopePathOf(M, R.Kernel, R.Scope)] = {R.Kernel, R.Scope, {double(R.Total) / double(R.Waves), R.Waves}};
  return Out;
}

std::map<std::string, PerWave> kernelsPerWave(const Measurements &M) {
  std::map<std::string, PerWave> Out;
  for (const WaveTime &W : M.Waves) {
    PerWave &P = Out[M.Names.str(W.Kernel)];
    P.Cycles += double(W.cycles());
    ++P.Waves;
  }
  for (auto &[K, P] : Out)
    P.Cycles /= double(P.Waves);
  return Out;
}

const InstructionRow *instructions(const Measurements &M, const std::string &Kernel, const std::string &Scope) {
  for (const InstructionRow &R : M.InstructionRows)
    if (R.Kernel == Kernel && R.Scope == Scope)
      return &R;
  return nullptr;
}

/// The distinct bytes over the bytes of the lines touched, of one kernel's
/// cached operations; nullopt without address traces of it.
std::optional<double> memoryEfficiency(const Measurements &M, const std::string &Kernel) {
  uint64_t Distinct = 0, Lines = 0;
  for (const MemorySummaryRow &R : M.MemoryRows)
    if (M.Names.str(R.Kernel) == Kernel && R.CacheLines) {
      Distinct += R.DistinctBytes;
      Lines += *R.CacheLines;
    }
  if (!Lines)
    return std::nullopt;
  return double(Distinct) / double(Lines * CacheLineBytes);
}

Finding regression(const TriageContext &C, const std::string &Kernel, const std::string &Scope, const PerWave &Now,
                   const PerWave &Before) {
  Finding F;
  F.K = Kind::Regression;
  F.Kernel = Kernel;
  F.Scope = Scope.empty() ? Kernel : C.scopePath(Kernel, Scope);
  const DispatchShape *D = C.longestOf(Kernel);
  if (D)
    F.Dispatch = D->number();
  double Ratio = Now.Cycles / Before.Cycles;
  F.GainCycles = Now.Cycles - Before.Cycles;
  F.GainPercent = TriageContext::percent(F.GainCycles, D);
  F.add("ratio", Ratio);
  F.add("cycles_per_wave", Now.Cycles);
  F.add("baseline_cycles_per_wave", Before.Cycles);
  F.add("waves", int64_t(Now.Waves));
  F.add("baseline_waves", int64_t(Before.Waves));
  if (!Scope.empty()) {
    const InstructionRow *A = instructions(C.M, Kernel, Scope), *B = instructions(*C.Base, Kernel, Scope);
    if (A && B && A->Total.Cycles && B->Total.Cycles) {
      F.add("stall_share", double(A->Total.Stall) / double(A->Total.Cycles));
      F.add("baseline_stall_share", double(B->Total.Stall) / double(B->Total.Cycles));
      F.add("instructions_per_wave", A->Waves ? double(A->Total.Count) / double(A->Waves) : 0.0);
      F.add("baseline_instructions_per_wave", B->Waves ? double(B->Total.Count) / double(B->Waves) : 0.0);
    }
  }
  std::optional<double> EffNow = memoryEfficiency(C.M, Kernel), EffBefore = memoryEfficiency(*C.Base, Kernel);
  if (EffNow && EffBefore) {
    F.add("memory_efficiency", *EffNow);
    F.add("baseline_memory_efficiency", *EffBefore);
  }
  bool Few = Now.Waves < StragglerMinWaves || Before.Waves < StragglerMinWaves;
  F.Conf = Few ? Confidence::Low : Confidence::High;
  F.add("confidence_reason", std::string(Few ? "fewer than 5 waves on a side: a mean of few waves"
                                             : "means over every wave that ran it in both captures"));
  char Line[200];
  std::snprintf(Line, sizeof Line, "%.2fx slower per wave than the baseline (%.0f against %.0f cycles)", Ratio,
                Now.Cycles, Before.Cycles);
  F.Headline = Line;
  F.Action = kindInfo(Kind::Regression).Action;
  F.Verify = C.baselineCommand();
  return F;
}

bool regressed(const PerWave &Now, const PerWave &Before) {
  return Before.Cycles > 0 && Now.Cycles / Before.Cycles > RegressionMinRatio &&
         Now.Cycles - Before.Cycles >= RegressionMinCycles;
}

} // namespace

std::string baselinePairing(const Measurements &M, const Measurements &Base) {
  auto Now = scopesPerWave(M), Before = scopesPerWave(Base);
  size_t Paired = 0;
  for (const auto &[Path, S] : Now)
    Paired += Before.count(Path);
  auto Kernels = kernelsPerWave(M), BaseKernels = kernelsPerWave(Base);
  size_t PairedKernels = 0;
  for (const auto &[Kernel, K] : Kernels)
    PairedKernels += BaseKernels.count(Kernel);
  return std::to_string(Paired) + " of this capture's " + std::to_string(Now.size()) + " scopes and " +
         std::to_string(PairedKernels) + " of its " + std::to_string(Kernels.size()) +
         " kernels paired with the baseline's (by kernel and scope path)";
}

void findRegressions(const TriageContext &C, std::vector<Finding> &Out) {
  if (!C.Base)
    return;
  auto Before = scopesPerWave(*C.Base);
  for (const auto &[Path, Now] : scopesPerWave(C.M)) {
    auto It = Before.find(Path);
    if (It != Before.end() && regressed(Now.Cycles, It->second.Cycles))
      Out.push_back(regression(C, Now.Kernel, Now.Scope, Now.Cycles, It->second.Cycles));
  }
  auto KernelsBefore = kernelsPerWave(*C.Base);
  for (const auto &[Kernel, Now] : kernelsPerWave(C.M)) {
    auto It = KernelsBefore.find(Kernel);
    if (It != KernelsBefore.end() && regressed(Now, It->second))
      Out.push_back(regression(C, Kernel, "", Now, It->second));
  }
}

} // namespace sqtt::triage
