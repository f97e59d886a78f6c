// CostMode.cpp - sqtt-verify --cost: the plugin's instructions and their
// issue cycles; with --trace, their share of each traced scope's cycles.
#include "Modes.h"
#include "../TraceToolSession.h"
#include "sqtt/completeness/InstrumentationShare.h"
#include "sqtt/isa/CodeObjectIsa.h"
#include "sqtt/isa/InstrumentationCost.h"
#include "sqtt/writers/VerifyWriters.h"

#include <iostream>
#include <map>
#include <set>

namespace sqtt::verify {

/// --cost: per function the plugin's instructions by role and their issue
/// cycles.
int cost(const Options &Opts) {
  std::vector<CostReport> Costs;
  forEachCodeObject(Opts, [&](const CodeObject &CO, const std::string &Where) {
    isa::CodeObjectIsa Isa = isa::CodeObjectIsa::decode(CO, Where);
    for (isa::FunctionCost &C : isa::instrumentationCost(Isa, isa::InstructionCosts())) {
      CostReport R;
      R.Where = Where;
      R.Cost = std::move(C);
      if (!Opts.Json)
        writeCostText(std::cout, R);
      Costs.push_back(std::move(R));
    }
  });
  if (Opts.Json)
    writeCostsJson(std::cout, Costs);
  std::cerr << Tool << ": note: issue cycles by the cost model (" << isa::InstructionCosts().describe()
            << "); per path, a function's plugin instructions run as often as the code around them\n";
  return 0;
}

/// --cost --trace: the markers' share of each traced scope's cycles, from
/// the code objects' cost per record and the records each scope holds.
int costWithTrace(const Options &Opts) {
  SessionOptions SO;
  SO.Base = Opts.Trace;
  SO.CodeObjects = Opts.Inputs;
  TraceToolSession Session(SO, Tool, std::cerr);
  std::map<std::string, completeness::RecordCost> CostOfKernel = completeness::kernelRecordCosts(
      Session, [&](const CodeObject &CO) { return ofTarget(Opts, CO); },
      [](const std::string &Kernel) {
        std::cerr << Tool << ": note: kernel " << Kernel << " is in several code objects: the first one's cost "
                  << "per record is used\n";
      });
  AnalysisOptions A;
  A.Build.Stats = true;
  ScopeStats Stats;
  RecordCounts Total;
  Session.analyze(A, 1, [&](DirResult &R) { Stats.merge(R.Stats); }, nullptr, Total);
  std::vector<completeness::ScopeShare> Shares =
      completeness::instrumentationShares(Stats.rows(Session.Names), CostOfKernel);
  if (Shares.empty())
    throw Error(Opts.Trace + ": no scope of a kernel of these code objects was traced");
  if (Opts.Json)
    writeSharesJson(std::cout, Shares);
  else
    writeSharesText(std::cout, Shares);
  std::cerr << Tool << ": note: an estimate: the records each scope holds in the trace (its exit and everything "
            << "nested) times its code object's issue cycles of plugin instructions per trace instruction, an "
            << "address block's lane records at their lane loop's (cost model: " << isa::InstructionCosts().describe()
            << "); waits the markers cause are not in it\n";
  return 0;
}

} // namespace sqtt::verify
