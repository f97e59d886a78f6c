// CompletenessWriters.h - sqtt-verify --trace's report (D31): a line per
// incomplete wave and the summary as text, or the whole report as JSON.
//
// JSON, a stable contract: {"waves": [...], "summary": {...}, "unchecked":
// [...], "notes": [...]}. Per wave "dir", "se", "cu", "simd", "slot",
// "begin" (launch, cycles), "dispatch", "kernel", "records", "status"
// ("complete" or "incomplete"), and for an incomplete wave "gap_time",
// "gap_index", "expected", "got" and "cause" ("loss", "trace-end",
// "unexplained"). The summary has "waves", "complete", "complete_percent"
// and "unchecked", and per "dispatches", "kernels", "ses" and "cus" the same
// counts ("first_gap_time": the earliest gap of the group, null if none).
#pragma once

#include "sqtt/completeness/TraceCompleteness.h"

#include <ostream>

namespace sqtt {

/// \p MaxWaves incomplete waves at most are listed (0: all).
void writeCompletenessText(std::ostream &OS, const completeness::CompletenessReport &R, size_t MaxWaves,
                           bool PerCU);
void writeCompletenessJson(std::ostream &OS, const completeness::CompletenessReport &R);

} // namespace sqtt
