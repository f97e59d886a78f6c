//===- MemoryAccess.cpp - lds-bank-conflict, uncoalesced-access, divergence ===//
//
// From the memory summary of the address traces (MemorySummary, as
// sqtt-memory-trace --summary shows it), per traced operation and so per
// source line: the extra LDS cycles its lane sets' bank conflicts take, the
// cache lines it touches over the fewest its lanes could, and its active
// lanes against the widest execution of its kernel. The gain is per wave:
// the operation's extra cycles over its kernel's waves (what each wave,
// and so the dispatch when its waves run side by side, would save).
//
//===----------------------------------------------------------------------===//
#include "Thresholds.h"
#include "TriageContext.h"

#include <algorithm>
#include <map>

namespace sqtt::triage {

namespace {

Finding memoryFinding(const TriageContext &C, Kind K, const MemorySummaryRow &R, uint64_t KernelWaves) {
  Finding F;
  F.K = K;
  F.Kernel = C.M.Names.str(R.Kernel);
  F.Scope = F.Kernel;
  F.Source = sourceLine(C.M.Names.str(R.Source));
  if (const DispatchShape *D = C.longestOf(F.Kernel))
    F.Dispatch = D->number();
  F.add("operation", std::string(addressKindName(R.Kind)));
  F.add("marker_id", int64_t(R.MarkerID));
  F.add("executions", int64_t(R.Executions));
  F.add("kernel_waves", int64_t(KernelWaves));
  F.add("access_bytes", int64_t(R.AccessBytes));
  if (R.DominantStride)
    F.add("dominant_stride", int64_t(*R.DominantStride));
  F.Conf = R.WidthAssumed ? Confidence::Medium : Confidence::High;
  F.add("confidence_reason", std::string(R.WidthAssumed ? "the map does not give the access width: 4 bytes assumed"
                                                        : "every lane's address of every execution"));
  F.Verify = C.memoryCommand();
  return F;
}

} // namespace

void findMemoryAccess(const TriageContext &C, std::vector<Finding> &Out) {
  if (C.M.MemoryRows.empty())
    return;
  std::map<uint32_t, uint64_t> WavesOf; // by interned kernel
  for (const WaveTime &W : C.M.Waves)
    ++WavesOf[W.Kernel];
  // The widest execution of each kernel: the wave as the kernel runs it.
  std::map<uint32_t, double> Widest;
  for (const MemorySummaryRow &R : C.M.MemoryRows)
    if (R.Executions)
      Widest[R.Kernel] = std::max(Widest[R.Kernel], double(R.ActiveLanes) / double(R.Executions));
  for (const MemorySummaryRow &R : C.M.MemoryRows) {
    if (!R.Executions)
      continue;
    uint64_t Waves = std::max<uint64_t>(1, WavesOf[R.Kernel]);
    if (std::optional<double> Ways = R.meanWorstSetWays(); Ways && *Ways >= LdsMinWorstWays) {
      Finding F = memoryFinding(C, Kind::LdsBankConflict, R, Waves);
      double Extra = double(R.ExtraCycles.value_or(0));
      F.GainCycles = Extra / double(Waves);
      F.GainPercent = TriageContext::percent(F.GainCycles, C.longestOf(F.Kernel));
      F.add("mean_worst_set_ways", *Ways);
      F.add("worst_set_ways", int64_t(R.WorstSetWays.value_or(0)));
      F.add("extra_cycles", int64_t(Extra));
      F.add("extra_cycles_per_execution", Extra / double(R.Executions));
      char Line[200];
      std::snprintf(Line, sizeof Line, "%s: its lanes take %.1f passes of the LDS banks where 1 would do",
                    addressKindName(R.Kind), *Ways);
      F.Headline = Line;
      F.Action = kindInfo(Kind::LdsBankConflict).Action;
      Out.push_back(std::move(F));
    }
    if (std::optional<double> Over = R.linesVsIdeal(); Over && *Over >= CoalescingMaxRatio) {
      Finding F = memoryFinding(C, Kind::UncoalescedAccess, R, Waves);
      double ExtraLines = double(*R.CacheLines - *R.IdealLines);
      F.GainCycles = ExtraLines * CyclesPerExtraLine / double(Waves);
      F.GainPercent = TriageContext::percent(F.GainCycles, C.longestOf(F.Kernel));
      F.add("cache_lines", int64_t(*R.CacheLines));
      F.add("ideal_lines", int64_t(*R.IdealLines));
      F.add("lines_over_ideal", *Over);
      F.add("extra_lines_per_execution", ExtraLines / double(R.Executions));
      if (std::optional<double> E = R.efficiency())
        F.add("efficiency", *E);
      char Line[200];
      std::snprintf(Line, sizeof Line, "%s: %.1fx the cache lines its lanes need", addressKindName(R.Kind), *Over);
      F.Headline = Line;
      F.Action = kindInfo(Kind::UncoalescedAccess).Action;
      Out.push_back(std::move(F));
    }
    double Lanes = double(R.ActiveLanes) / double(R.Executions), Wide = Widest[R.Kernel];
    if (Wide > 0 && Lanes / Wide < DivergenceMaxLaneShare) {
      Finding F = memoryFinding(C, Kind::Divergence, R, Waves);
      F.GainCycles = 0; // idle lanes cost no cycles of their own: what they could do is unknown
      F.add("mean_active_lanes", Lanes);
      F.add("widest_active_lanes", Wide);
      F.add("lane_share", Lanes / Wide);
      char Line[200];
      std::snprintf(Line, sizeof Line, "%s runs with %.1f of the %.0f lanes its kernel uses elsewhere",
                    addressKindName(R.Kind), Lanes, Wide);
      F.Headline = Line;
      double PerWave = double(R.Executions) / double(Waves);
      F.add("executions_per_wave", PerWave);
      F.Sev = Lanes / Wide < DivergenceWarnLaneShare && PerWave >= DivergenceMinExecutionsPerWave ? Severity::Warning
                                                                                                 : Severity::Info;
      F.Action = kindInfo(Kind::Divergence).Action;
      Out.push_back(std::move(F));
    }
  }
}

} // namespace sqtt::triage
