// InstrumentationShare.cpp - the markers' share of each traced scope's time
// (D31).
#include "sqtt/completeness/InstrumentationShare.h"

#include <algorithm>

namespace sqtt::completeness {

RecordCost recordCost(const std::vector<isa::FunctionCost> &Functions) {
  RecordCost C;
  for (const isa::FunctionCost &F : Functions) {
    uint64_t Lanes = F.LaneCycles[0] + F.LaneCycles[1];
    C.PluginCycles += F.pluginCycles() - F.EntryCycles - Lanes - F.BlockCycles;
    C.TraceInstructions +=
        F.Count[size_t(isa::PluginRole::Trace)] - (F.LaneTraces[0] + F.LaneTraces[1]) - F.BlockTraces;
    for (size_t K = 0; K < 2; ++K)
      C.LaneCycles[K] += F.LaneCycles[K], C.LaneTraces[K] += F.LaneTraces[K];
    C.BlockCycles += F.BlockCycles, C.Blocks += F.Blocks;
  }
  return C;
}

std::vector<ScopeShare> instrumentationShares(const std::vector<StatsRow> &Rows,
                                              const std::map<std::string, RecordCost> &CostOfKernel) {
  std::vector<ScopeShare> Out;
  for (const StatsRow &R : Rows) {
    if ((R.Kind != StatKind::Function && R.Kind != StatKind::User) || R.Count == 0)
      continue;
    auto Cost = CostOfKernel.find(R.Kernel);
    if (Cost == CostOfKernel.end())
      continue;
    ScopeShare S;
    S.Kernel = R.Kernel, S.Scope = R.Scope, S.Kind = R.Kind;
    S.Executions = R.Count, S.Cycles = R.Total, S.Records = R.Records, S.Address = R.Address;
    S.CyclesPerRecord = Cost->second.cyclesPerRecord();
    S.CyclesPerBlock = Cost->second.cyclesPerBlock();
    for (size_t K = 0; K < 2; ++K)
      S.CyclesPerLaneRecord[K] = Cost->second.cyclesPerLaneRecord(K);
    Out.push_back(S);
  }
  std::stable_sort(Out.begin(), Out.end(),
                   [](const ScopeShare &A, const ScopeShare &B) { return A.share() > B.share(); });
  return Out;
}

} // namespace sqtt::completeness
