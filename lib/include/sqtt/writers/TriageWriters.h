// TriageWriters.h - sqtt-triage's verdict as text (a paragraph per finding,
// after the lines saying what it rests on) and as the versioned JSON
// contract sqtt-triage/1 (docs/TRIAGE.md). One writer per format: a new
// format is a new writer beside these.
#pragma once

#include "sqtt/triage/Findings.h"
#include "sqtt/writers/OutputRow.h"

#include <ostream>

namespace sqtt {

void writeTriageText(std::ostream &OS, const triage::TriageReport &R);
void writeTriageJson(std::ostream &OS, const triage::TriageReport &R);
/// The findings as rows for -f sqlite (table sqtt_findings): the JSON's
/// keys and values, the nested ones (waves, evidence, absorbed) as JSON text.
OutputRows triageFindingRows(const triage::TriageReport &R);
const OutputTable &triageFindingsTable();

} // namespace sqtt
