//===- FindingKinds.cpp - the closed list of sqtt-triage's kinds ----------===//
//
// Each kind once: its JSON name, usual severity, whether it needs markers,
// what it measures, the rule that raises it (the constants of Thresholds.h
// by name) and what to do. docs/TRIAGE.md has the same table, and
// test/lit/tools/triage-kinds-agree-with-the-docs.test holds them together.
//
//===----------------------------------------------------------------------===//
#include "sqtt/triage/Findings.h"

namespace sqtt::triage {

const std::vector<KindInfo> &kindTable() {
  static const std::vector<KindInfo> Table = {
      {Kind::IncompleteTrace, "incomplete-trace", Severity::Error, false,
       "waves that lost records (sqtt-verify --trace), the engines whose buffers filled, and the buffer that would "
       "have held the capture",
       "any incomplete wave",
       "capture again with a larger --att-buffer-size, fewer traced shader engines or scopes, or leave the "
       "incomplete waves out with --complete-only"},
      {Kind::Regression, "regression", Severity::Warning, false,
       "a scope or kernel slower per wave than in the baseline, paired by kernel and scope",
       "RegressionMinRatio and RegressionMinCycles per wave",
       "compare the scope's instructions and memory in both captures; undo or rework the change"},
      {Kind::StragglerWaves, "straggler-waves", Severity::Warning, false,
       "a few waves far slower than the rest in a scope or over their lifetime, and the cycles their excess adds "
       "to the dispatch",
       "StragglerMads and StragglerMinRatio over the median, at most StragglerMaxShare of the waves",
       "find what those waves do differently (data-dependent loops, a workgroup with more work) and balance it"},
      {Kind::BarrierWait, "barrier-wait", Severity::Warning, false,
       "cycles stalled at s_barrier by source line, counting only stalls no other wave of the SIMD hid",
       "WaitMinShare of the scope's cycles",
       "balance the work before the barrier across the workgroup's waves, or split the barrier's phases"},
      {Kind::MemoryWait, "memory-wait", Severity::Warning, false,
       "cycles stalled at s_waitcnt by source line, with the operation each wait waited for, counting only "
       "stalls no other wave of the SIMD hid",
       "WaitMinShare of the scope's cycles",
       "issue the load earlier (prefetch, software pipelining), or raise occupancy so other waves hide it"},
      {Kind::LdsBankConflict, "lds-bank-conflict", Severity::Warning, false,
       "the extra LDS cycles of an operation's worst lane set (its ways), by source line, from address traces",
       "LdsMinWorstWays mean worst-set ways",
       "pad the LDS array (one dword per row) or swizzle the index so a lane set spreads over the banks"},
      {Kind::UncoalescedAccess, "uncoalesced-access", Severity::Warning, false,
       "cache lines an operation touches over the fewest its lanes could touch, by source line, from address "
       "traces",
       "CoalescingMaxRatio lines over ideal",
       "make adjacent lanes read adjacent addresses (transpose the layout, or stage through LDS)"},
      {Kind::Divergence, "divergence", Severity::Info, false,
       "the share of lanes active (EXEC, from address traces) in an operation against its kernel's widest",
       "DivergenceMaxLaneShare (a warning under DivergenceWarnLaneShare, for an operation run "
       "DivergenceMinExecutionsPerWave times a wave)",
       "regroup the work so a wave's lanes take the same branch, or compact the active lanes"},
      {Kind::LowOccupancy, "low-occupancy", Severity::Warning, false,
       "the dispatch's mean waves in flight against the slots it used at its peak",
       "OccupancyMinShare of the peak",
       "launch more or smaller workgroups, or free registers and LDS so more waves fit"},
      {Kind::Tail, "tail", Severity::Warning, false,
       "the share of the dispatch's time after TailWaveShare of its waves ended",
       "TailMaxShare of the dispatch's time",
       "split the long waves' work, or order the work so the longest waves start first"},
      {Kind::MarkerOverhead, "marker-overhead", Severity::Warning, true,
       "the plugin's own instructions' share of a scope's cycles, or a build the markers perturbed "
       "(sqtt-verify --perturbation)",
       "OverheadMaxShare of a scope's cycles, or any perturbation",
       "trace fewer scopes (SQTT_SCOPE_*, a function threshold) or drop address traces, then capture again"},
      {Kind::ClockUncertain, "clock-uncertain", Severity::Warning, false,
       "an alignment or clock rate the capture's realtime samples do not support",
       "any warning of the clock fit, or a shader engine left unaligned",
       "read times in cycles only; capture with realtime samples on every traced engine"},
      {Kind::HotScope, "hot-scope", Severity::Info, false,
       "the scopes and instructions that take the time, when nothing else explains it",
       "HotScopeMinShare of the kernel's wave time (at most HotScopeMax)",
       "look inside it first: sqtt-stats --instructions shows where its cycles go"},
  };
  return Table;
}

const KindInfo &kindInfo(Kind K) { return kindTable()[size_t(K)]; }
const char *kindName(Kind K) { return kindInfo(K).Name; }

const char *severityName(Severity S) {
  switch (S) {
  case Severity::Info: return "info";
  case Severity::Warning: return "warning";
  case Severity::Error: return "error";
  }
  return "info";
}

const char *confidenceName(Confidence C) {
  switch (C) {
  case Confidence::High: return "high";
  case Confidence::Medium: return "medium";
  case Confidence::Low: return "low";
  }
  return "low";
}

} // namespace sqtt::triage
