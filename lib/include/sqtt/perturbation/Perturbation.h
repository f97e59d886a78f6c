// Perturbation.h - what the plugin changed in a kernel beside its own
// instructions (D38): a plain build and an instrumented build of the same
// source, compared kernel by kernel (sqtt-verify --perturbation).
//
// The instrumented kernel's instructions less the plugin's (the ISA model's
// pluginRoles) are the kernel's own. Against the plain kernel they are
// compared as counts per mnemonic, for the whole kernel and for each loop
// (loops paired in address order): the order of instructions is the
// scheduler's and markers are scheduling boundaries, so a reordering is
// reported but is no perturbation of its own. What perturbs the kernel:
// - scratch or spills the plain build does not have;
// - fewer waves per SIMD (the registers' occupancy);
// - memory instructions that differ in kind or number (a copy that stays in
//   memory, a load moved out of a loop, a spill);
// - a memory wait right before a marker that nothing of the kernel needs
//   there (a value read at the marker, a boundary that waits). Waits that a
//   recorded value needs (a data marker, an address trace) or that
//   SQTT_WAIT_AT_EXIT asks for are the plugin's and are counted apart;
// - vector instructions of the kernel's work that differ in kind or number
//   (floating point, conversions, matrix and lane operations).
// Listed but not counted as perturbing: the number of the kernel's own
// waits (the scheduler orders memory instructions within a scope and
// chooses the waits with the order; a wait the markers need is one right
// before a marker), scalar instructions and branches
// (the block layout, which markers change by being there), register moves
// (the allocation) and integer vector arithmetic (indices and addresses,
// whose form the loop's induction variables decide: LSR's cost model picks
// another one for some loops that hold markers).
#pragma once

#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/isa/KernelResources.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sqtt::perturbation {

/// One part of a kernel compared: the whole kernel or a loop of it.
struct RegionDiff {
  std::string What;                         // "kernel" or "loop N"
  uint64_t PlainAddress = 0, InstrumentedAddress = 0; // where the part starts
  std::string Source;                       // the plain build's file:line of it, or ""
  size_t PlainInstructions = 0, OwnInstructions = 0, PluginInstructions = 0;
  /// Mnemonic -> own count minus plain count, nonzero entries only; memory,
  /// vector work, integer vector arithmetic, scalar (with branches)
  /// instructions and register moves apart.
  std::map<std::string, long> Memory, Vector, Integer, Scalar, Moves;
  std::map<std::string, long> Waits;        // memory waits, by mnemonic
  size_t WaitsAtMarkers = 0;    // own waits right before a plugin instruction that records no value
  size_t WaitsForRecords = 0;   // waits a recorded value needs
  size_t ExitWaits = 0;         // SQTT_WAIT_AT_EXIT's
  bool Reordered = false;       // same counts, another order
};

struct KernelPerturbation {
  std::string Name;
  isa::KernelResources Plain, Instrumented;
  unsigned PlainWaves = 0, InstrumentedWaves = 0; // per SIMD; 0: target unknown
  uint64_t PlainCodeBytes = 0, InstrumentedCodeBytes = 0, PluginCodeBytes = 0;
  std::vector<RegionDiff> Regions; // the kernel, then its loops
  std::string LoopsDiffer;         // why loops could not be paired (then only the kernel is compared), or ""
  /// What perturbs the kernel, a sentence each; empty: nothing but the
  /// plugin's own instructions changed.
  std::vector<std::string> Findings;
};

struct PerturbationReport {
  std::string Plain, Instrumented, Target;
  std::vector<KernelPerturbation> Kernels;
  std::vector<std::string> Notes;
  size_t perturbed() const;
};

/// Compares every kernel \p Plain and \p Instrumented both define (by
/// symbol). Throws Error when either cannot be decoded or their targets
/// differ.
PerturbationReport comparePerturbation(const CodeObject &Plain, const std::string &PlainWhere,
                                       const CodeObject &Instrumented, const std::string &InstrumentedWhere);

} // namespace sqtt::perturbation
