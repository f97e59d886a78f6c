// PerturbationWriters.h - sqtt-verify --perturbation's report: what the
// plugin changed in each kernel beside its own instructions (D38), as text
// for people and as JSON.
//
// JSON, a stable contract: {"comparisons": [{"plain", "instrumented",
// "target", "notes", "kernels": [{"kernel", "perturbed", "findings",
// "plain": <resources>, "instrumented": <resources>, "code_bytes": {"plain",
// "instrumented", "plugin"}, "loops_differ": string or null, "regions":
// [{"region", "source", "plain_address", "instrumented_address",
// "plain_instructions", "own_instructions", "plugin_instructions",
// "memory", "vector", "integer", "scalar", "moves", "waits": {<mnemonic>: <instrumented minus
// plain>}, "waits_at_markers", "waits_for_records", "exit_waits",
// "reordered"}]}]}], "kernels", "perturbed"}, where <resources> is
// {"sgprs", "vgprs", "agprs", "sgpr_spills", "vgpr_spills", "scratch_bytes",
// "lds_bytes", "wave_size", "waves_per_simd" (null: target unknown)}.
#pragma once

#include "sqtt/perturbation/Perturbation.h"

#include <ostream>
#include <vector>

namespace sqtt {

/// A block per kernel: its resources side by side, what differs per region
/// and the findings; a verdict line per comparison.
void writePerturbationText(std::ostream &OS, const perturbation::PerturbationReport &R, bool Verbose);
void writePerturbationJson(std::ostream &OS, const std::vector<perturbation::PerturbationReport> &Reports);

} // namespace sqtt
