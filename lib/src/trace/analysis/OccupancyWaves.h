// OccupancyWaves.h - every wave occupancy.json lists, with the time it spent
// in scopes (D25): what the kernel rows and the waves table of sqtt-stats
// are made of. The library's own header, not installed.
#pragma once

#include "analysis/DispatchTable.h"
#include "sqtt/trace/ScopeStats.h"
#include "sqtt/trace/WaveExclusions.h"

#include <unordered_map>
#include <vector>

namespace sqtt {

/// The waves of \p Occ in slots \p Filter keeps (its time window aside: a
/// wave's lifetime is not cut) and dispatches the dispatch filters keep,
/// ended and named, but those in \p Excluded (--complete-only); \p ScopedOf
/// gives the traced waves' scoped cycles by WaveRef::key.
std::vector<WaveTime> occupancyWaves(const Occupancy &Occ, DispatchTable &Dispatches, const RecordFilter &Filter,
                                     const std::unordered_map<uint64_t, uint64_t> &ScopedOf, uint32_t Dir,
                                     const std::set<WaveLaunch> *Excluded);

} // namespace sqtt
