// StatsWriters.h - sqtt-stats rows as an aligned table, CSV or JSON.
//
// Columns: kernel, scope, kind, count, total_cycles, self_cycles,
// min_cycles, mean_cycles, p50_cycles, p90_cycles, p99_cycles, max_cycles,
// waves, open, scoped, slowest_wave. Data rows (payload values of data
// markers) fill count, min, mean and max; kernel rows (D25: the kernel's
// waves) fill every cell but open; the other cells are "-" in the table,
// empty in CSV and absent in JSON. The waves table: one row per wave,
// slowest first (wave, dispatch, kernel, launch, cycles, scoped_cycles,
// scoped, traced).
#pragma once

#include "sqtt/trace/InstructionStats.h"
#include "sqtt/trace/ScopeStats.h"
#include "sqtt/writers/OutputRow.h"

#include <ostream>
#include <vector>

namespace sqtt {

void writeStatsTable(std::ostream &OS, const std::vector<StatsRow> &Rows);
void writeStatsCsv(std::ostream &OS, const std::vector<StatsRow> &Rows);
void writeStatsJson(std::ostream &OS, const std::vector<StatsRow> &Rows);
/// The rows as the JSON output has them (its keys and values), and the
/// table that holds them (sqtt_scopes: every key a row may have).
OutputRows statsOutputRows(const std::vector<StatsRow> &Rows);
const OutputTable &statsTable();

void writeWavesTable(std::ostream &OS, const std::vector<WaveTime> &Waves, const NameTable &Names);
void writeWavesCsv(std::ostream &OS, const std::vector<WaveTime> &Waves, const NameTable &Names);
void writeWavesJson(std::ostream &OS, const std::vector<WaveTime> &Waves, const NameTable &Names);
/// The waves as the JSON output has them, and their table (sqtt_waves).
OutputRows wavesOutputRows(const std::vector<WaveTime> &Waves, const NameTable &Names);
const OutputTable &wavesTable();

/// The instruction detail (sqtt-stats --instructions): per (kernel, scope)
/// waves, instructions, cycles (their durations), stall and idle cycles and
/// the cycles of each instruction category that occurs; then each row's top
/// ISA and source lines (table), or those as "cycles:text" cells joined by
/// " | " (CSV), or everything nested (JSON: counts and cycles per category,
/// every timeline state, each line's count, cycles and stall).
void writeInstructionsTable(std::ostream &OS, const std::vector<InstructionRow> &Rows);
void writeInstructionsCsv(std::ostream &OS, const std::vector<InstructionRow> &Rows);
void writeInstructionsJson(std::ostream &OS, const std::vector<InstructionRow> &Rows);
/// The rows as the JSON output has them (states, categories, top_isa and
/// top_source nested), and their table (sqtt_instructions: the nested
/// values as JSON text).
OutputRows instructionOutputRows(const std::vector<InstructionRow> &Rows);
const OutputTable &instructionsTable();

} // namespace sqtt
