// Modes.h - sqtt-verify's modes, a file each: the checks of code objects
// (CodeMode.cpp), of a trace (TraceMode.cpp), the record budget
// (BudgetMode.cpp), the plugin's cost (CostMode.cpp) and the comparison of
// a plain and an instrumented build (PerturbationMode.cpp). main.cpp parses
// the options and picks one.
#pragma once

#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/codeobjects/Elf.h"
#include "sqtt/codeobjects/FuncmapTable.h"
#include "sqtt/isa/KernelRunner.h"
#include "sqtt/isa/RecordBudget.h"
#include "sqtt/isa/Verifier.h"
#include "sqtt/support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace sqtt::verify {

constexpr const char *Tool = "sqtt-verify";
namespace rtd = rocprof_trace_decoder::codeobj;

struct Options {
  std::vector<std::string> Inputs;
  std::string Target;
  bool Json = false;
  bool Verbose = false;
  std::string Trace;  // --trace: a trace to check instead of code objects alone
  std::string Report; // --report: the trace check's JSON report, written here
  std::string Output; // -o: stdout's report written to this file instead
  bool Budget = false; // --budget: records and bytes per wave, and per SE for a launch
  bool Cost = false;   // --cost: the plugin's instructions and their issue cycles
  bool Perturbation = false; // --perturbation PLAIN INSTRUMENTED: what the plugin changed beside its own instructions
  isa::LaunchShape Launch;
  isa::VerifyLimits Limits;
};

/// Whether \p CO is of --target's (a prefix: "gfx942" takes
/// "gfx942:sramecc+:xnack-"), or any without one.
inline bool ofTarget(const Options &Opts, const CodeObject &CO) {
  return Opts.Target.empty() || CO.Target.rfind(Opts.Target, 0) == 0;
}

/// Calls \p Each(CO, Where) for every code object of every input (of
/// --target's, if given); an input without one is an error.
template <class Fn> void forEachCodeObject(const Options &Opts, Fn Each) {
  for (const std::string &Input : Opts.Inputs) {
    CodeObjectFile File(Input);
    size_t Matched = 0;
    for (const CodeObject &CO : File.codeObjects()) {
      if (!ofTarget(Opts, CO))
        continue;
      ++Matched;
      Each(CO, Input + (CO.BundleEntryID.empty() ? "" : " [" + CO.BundleEntryID + "]"));
    }
    if (!Matched)
      throw Error(Input + ": no AMDGPU code object" + (Opts.Target.empty() ? "" : " for target '" + Opts.Target + "'"));
  }
}

/// A code object's funcmap, if it has one, and the kernels it names.
struct MapOfCodeObject {
  std::optional<rtd::Funcmap> Map;
  std::vector<std::string> Kernels;
  const rtd::Funcmap *get() const { return Map ? &*Map : nullptr; }
};

MapOfCodeObject readMap(const ElfImage &Elf);

/// The modes; each returns the exit status (0, or 1 when it found something).
int verifyCode(const Options &Opts);      // CODE_OBJECT...
int checkTrace(const Options &Opts);      // --trace DIR
int budget(const Options &Opts);          // --budget
int cost(const Options &Opts);            // --cost
int costWithTrace(const Options &Opts);   // --cost --trace DIR
int perturbation(const Options &Opts);    // --perturbation PLAIN INSTRUMENTED

} // namespace sqtt::verify
