// InstrumentationShare.cpp - the markers' share of each traced scope's time
// (D31).
#include "sqtt/completeness/InstrumentationShare.h"

#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/codeobjects/FuncmapTable.h"
#include "sqtt/isa/CodeObjectIsa.h"

#include <algorithm>
#include <set>

namespace sqtt::completeness {

std::map<std::string, RecordCost> kernelRecordCosts(const TraceSession &Session,
                                                    const std::function<bool(const CodeObject &)> &Keep,
                                                    const std::function<void(const std::string &)> &Note) {
  std::map<std::string, RecordCost> CostOfKernel;
  std::set<std::string> Read;
  for (const ProcessInputs &G : Session.Processes.Groups)
    for (const CodeObjectPath &P : G.CodeObjects) {
      if (!Read.insert(P.Path).second)
        continue;
      CodeObjectFile File(P.Path);
      for (const CodeObject &CO : File.codeObjects()) {
        if (!Keep(CO))
          continue;
        isa::CodeObjectIsa Isa = isa::CodeObjectIsa::decode(CO, P.Path);
        std::vector<isa::FunctionCost> Costs = isa::instrumentationCost(Isa, isa::InstructionCosts());
        RecordCost Cost = recordCost(Costs);
        for (const isa::FunctionCost &F : Costs)
          if (F.Kernel) {
            if (!CostOfKernel.emplace(F.Name, Cost).second)
              Note(F.Name);
            CostOfKernel.emplace(demangle(F.Name), Cost);
          }
      }
    }
  return CostOfKernel;
}

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
