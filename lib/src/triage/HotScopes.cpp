//===- HotScopes.cpp - hot-scope: where the time goes, as information -----===//
//
// The scopes holding at least HotScopeMinShare of their kernel's wave time
// (the scope statistics' totals over the kernel rows' lifetimes), with the
// source line and instruction that cost most in them where the capture has
// instruction detail. Without markers, the kernel's own costliest lines
// from the instruction detail. Information only: where the time goes says
// nothing of what could be saved, so the gain is 0.
//
//===----------------------------------------------------------------------===//
#include "Thresholds.h"
#include "TriageContext.h"

#include <algorithm>
#include <map>

namespace sqtt::triage {

namespace {

const InstructionRow *instructionsOf(const TriageContext &C, const std::string &Kernel, const std::string &Scope) {
  for (const InstructionRow &R : C.M.InstructionRows)
    if (R.Kernel == Kernel && R.Scope == Scope)
      return &R;
  return nullptr;
}

void addTopLines(Finding &F, const InstructionRow *I) {
  if (!I)
    return;
  if (!I->TopSource.empty() && !I->TopSource.front().Source.empty()) {
    F.Source = sourceLine(I->TopSource.front().Source);
    F.add("top_source_cycles", int64_t(I->TopSource.front().Cost.Cycles));
  }
  if (!I->TopIsa.empty()) {
    F.add("top_instruction", I->TopIsa.front().Isa);
    F.add("top_instruction_cycles", int64_t(I->TopIsa.front().Cost.Cycles));
  }
  F.add("instruction_cycles", int64_t(I->Total.Cycles));
  F.add("stall_cycles", int64_t(I->Total.Stall));
}

} // namespace

void findHotScopes(const TriageContext &C, std::vector<Finding> &Out) {
  // The kernels' wave time (D25's kernel rows).
  std::map<std::string, uint64_t> KernelCycles;
  for (const WaveTime &W : C.M.Waves)
    KernelCycles[C.M.Names.str(W.Kernel)] += W.cycles();
  std::map<std::string, size_t> Named;
  std::vector<StatsRow> Rows = C.M.Scopes.rows(C.M.Names);
  for (const StatsRow &R : Rows) { // by descending total
    if (R.Kind == StatKind::Data || R.Count == 0)
      continue;
    uint64_t Kernel = KernelCycles[R.Kernel];
    double Share = Kernel ? double(R.Total) / double(Kernel) : 0;
    if (Share < HotScopeMinShare || Named[R.Kernel] >= HotScopeMax)
      continue;
    ++Named[R.Kernel];
    Finding F;
    F.K = Kind::HotScope;
    F.Kernel = R.Kernel;
    F.Scope = C.scopePath(R.Kernel, R.Scope);
    if (const DispatchShape *D = C.longestOf(R.Kernel))
      F.Dispatch = D->number();
    F.add("scope_cycles", int64_t(R.Total));
    F.add("kernel_wave_cycles", int64_t(Kernel));
    F.add("share", Share);
    F.add("intervals", int64_t(R.Count));
    F.add("waves", int64_t(R.Waves));
    F.add("p50_cycles", int64_t(R.P50));
    F.add("max_cycles", int64_t(R.Max));
    addTopLines(F, instructionsOf(C, R.Kernel, R.Scope));
    F.Conf = Confidence::High;
    F.add("confidence_reason", std::string("closed intervals of every wave that recorded the scope"));
    char Line[160];
    std::snprintf(Line, sizeof Line, "this scope holds %.0f%% of its kernel's wave time", 100 * Share);
    F.Headline = Line;
    F.Action = kindInfo(Kind::HotScope).Action;
    F.Verify = C.statsCommand("--instructions " + TriageContext::kernelFilter(R.Kernel));
    if (C.M.InstructionRows.empty())
      F.Verify = C.statsCommand(TriageContext::kernelFilter(R.Kernel));
    Out.push_back(std::move(F));
  }
  // Kernels without scopes: their costliest lines, from the instruction detail.
  for (const InstructionRow &I : C.M.InstructionRows) {
    if (I.Kind != StatKind::Kernel || Named.count(I.Kernel) || I.Total.Cycles == 0)
      continue;
    Named[I.Kernel] = 1;
    Finding F;
    F.K = Kind::HotScope;
    F.Kernel = I.Kernel;
    F.Scope = I.Kernel;
    if (const DispatchShape *D = C.longestOf(I.Kernel))
      F.Dispatch = D->number();
    F.add("waves", int64_t(I.Waves));
    addTopLines(F, &I);
    F.Conf = Confidence::Medium;
    F.add("confidence_reason", std::string("instruction detail of the target CU's waves only"));
    F.Headline = "where the kernel's instruction cycles go (no scopes: the kernel as a whole)";
    F.Action = kindInfo(Kind::HotScope).Action;
    F.Verify = C.statsCommand("--instructions " + TriageContext::kernelFilter(I.Kernel));
    Out.push_back(std::move(F));
  }
}

} // namespace sqtt::triage
