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

#include "sqtt/trace/ScopeStats.h"

#include <ostream>
#include <vector>

namespace sqtt {

void writeStatsTable(std::ostream &OS, const std::vector<StatsRow> &Rows);
void writeStatsCsv(std::ostream &OS, const std::vector<StatsRow> &Rows);
void writeStatsJson(std::ostream &OS, const std::vector<StatsRow> &Rows);

void writeWavesTable(std::ostream &OS, const std::vector<WaveTime> &Waves, const NameTable &Names);
void writeWavesCsv(std::ostream &OS, const std::vector<WaveTime> &Waves, const NameTable &Names);
void writeWavesJson(std::ostream &OS, const std::vector<WaveTime> &Waves, const NameTable &Names);

} // namespace sqtt
