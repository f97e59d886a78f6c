// VerifyWriters.h - sqtt-verify's reports on code objects, as text for
// people and as JSON: the verifier's findings, the record budget (--budget),
// the plugin's instructions (--cost) and the markers' share of each traced
// scope (--cost --trace). The trace check's report is CompletenessWriters.h.
//
// JSON, stable contracts:
// - findings: {"code_objects": [{"file", "target", "kernels",
//   "functions_with_markers", "paths", "hardware_id_cases", "notes",
//   "scope_filters": [{"dimension", "mask", "ids", "walked", "selected"}],
//   "findings": [{"kind", "function", "address", "source", "message"}]}],
//   "findings": <total>}
// - budgets: {"budgets": [{"file", "target", "kernel", "wave_size",
//   "min_records", "max_records", "bits_per_record", "min_bytes",
//   "max_bytes", "recording_share", "cut", "loops": [{"address", "source",
//   "records_per_iteration", "own_records", "depth", "parent"}], and with a
//   launch "launch": {"waves", "waves_per_se", "records_per_wave",
//   "bytes_per_wave", "bytes_per_se", "buffer_per_se", "overflows"}}]}
// - costs: {"costs": [{"file", "function", "kernel", "instructions",
//   "plugin_instructions", "plugin_cycles", "roles": {<role>: {"count",
//   "cycles"}}}]}
// - shares: {"scopes": [{"kernel", "scope", "kind", "executions", "cycles",
//   "records", "cycles_per_record", "instrumentation_cycles", "share"}]}
#pragma once

#include "sqtt/completeness/InstrumentationShare.h"
#include "sqtt/isa/InstrumentationCost.h"
#include "sqtt/isa/RecordBudget.h"
#include "sqtt/isa/Verifier.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace sqtt {

/// One code object verified.
struct VerifiedCodeObject {
  std::string Where, Target;
  isa::VerifyReport Report;
  size_t Kernels = 0, Functions = 0, Paths = 0;
};

/// A kernel's budget, the tokens it is recorded in and what a launch writes.
struct BudgetReport {
  std::string Where, Target;
  isa::KernelBudget Budget;
  unsigned RecordBits = 64;
  bool BitsAssumed = false; // the target has no raw format here: the widest token
  std::optional<isa::LaunchBudget> Launch;
  uint64_t bytes(uint64_t Records) const { return isa::recordBytes(Records, RecordBits); }
};

/// A function's plugin instructions, in the code object at Where.
struct CostReport {
  std::string Where;
  isa::FunctionCost Cost;
};

/// The findings of \p R, a line each, on \p Out; its notes and summary line
/// (and with \p Verbose each function's paths) on \p Log.
void writeFindingsText(std::ostream &Out, std::ostream &Log, const VerifiedCodeObject &R, bool Verbose);
void writeFindingsJson(std::ostream &OS, const std::vector<VerifiedCodeObject> &Results);

/// \p Shape: the launch \p B.Launch was computed for.
void writeBudgetText(std::ostream &OS, const BudgetReport &B, const isa::LaunchShape &Shape);
void writeBudgetsJson(std::ostream &OS, const std::vector<BudgetReport> &Budgets);

void writeCostText(std::ostream &OS, const CostReport &C);
void writeCostsJson(std::ostream &OS, const std::vector<CostReport> &Costs);

void writeSharesText(std::ostream &OS, const std::vector<completeness::ScopeShare> &Shares);
void writeSharesJson(std::ostream &OS, const std::vector<completeness::ScopeShare> &Shares);

} // namespace sqtt
