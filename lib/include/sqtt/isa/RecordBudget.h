// RecordBudget.h - how many records a kernel's waves will write, before
// the run (sqtt-verify --budget, D31).
//
// From the kernel's record automaton (RecordAutomaton.h) for a wave the
// scope masks let record: the records on the shortest path from launch to
// end, on the longest path that runs each loop once, and per loop that
// records, what one more iteration adds. A loop here is a cycle of the
// automaton: records the code can repeat (a loop whose trip count the code
// fixes, such as a block of per-lane payload records, is unrolled and
// counted exactly). Loops nest: inside a loop, the cycles left without the
// edges back to its header are its inner loops, which run their trips for
// every pass of the loop that holds them.
#pragma once

#include "sqtt/isa/CodeObjectIsa.h"
#include "sqtt/isa/Verifier.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sqtt::isa {

struct LoopBudget {
  uint64_t Address = 0;        // the first record's s_ttracedata
  std::string Source;          // "file:line", "" without a line table
  uint64_t RecordsPerIteration = 0; // one more pass, each inner loop once
  uint64_t OwnRecords = 0;          // of those, the records outside its inner loops
  size_t Parent = SIZE_MAX;         // the loop that holds it (an index in Loops), SIZE_MAX: none
  unsigned Depth = 0;               // 0: an outermost loop
};

struct KernelBudget {
  std::string Kernel;
  unsigned WaveSize = 64;
  uint64_t MinRecords = 0, MaxRecords = 0; // MaxRecords: each loop once
  /// In address order, each loop after the loop that holds it.
  std::vector<LoopBudget> Loops;
  /// The share of waves the scope masks let record (1: every wave).
  double RecordingShare = 1.0;
  bool Cut = false; // the walk hit a limit: the counts are lower bounds
  /// The records of the longest path with every loop at \p Trips
  /// iterations per entry (an inner loop at Trips for each pass of its
  /// outer one); recordsAt(1) is MaxRecords. Saturates at UINT64_MAX.
  uint64_t recordsAt(unsigned Trips) const;
};

/// A launch and the trace buffer it is captured into.
struct LaunchShape {
  uint64_t GridItems = 0;          // work-items of the whole grid (0: no launch given)
  uint64_t BlockItems = 256;       // work-items of a workgroup
  unsigned ShaderEngines = 4;      // the GPU's, which its waves are spread over
  unsigned TracedEngines = 1;      // the SEs the capture traces (rocprofv3's default mask 0x1)
  uint64_t BufferBytes = 96ull << 20; // rocprofv3's --att-buffer-size default, split among the traced SEs
  unsigned Trips = 1;              // iterations per loop entry assumed for the estimate
};

struct LaunchBudget {
  uint64_t Waves = 0, WavesPerEngine = 0;
  uint64_t RecordsPerWave = 0;    // the longest path, loops at Trips iterations
  uint64_t BytesPerWave = 0;      // of those records
  uint64_t BytesPerEngine = 0;    // of the waves the masks let record
  uint64_t BufferPerEngine = 0;
  bool overflows() const { return BytesPerEngine > BufferPerEngine; }
};

/// The bytes \p Records records of \p RecordBits bits each take (whole
/// bytes, saturating at UINT64_MAX).
uint64_t recordBytes(uint64_t Records, unsigned RecordBits);

/// What \p Launch of a kernel with budget \p B writes into each traced
/// SE's slice of the buffer, each record \p RecordBits long.
LaunchBudget launchBudget(const KernelBudget &B, const LaunchShape &Launch, unsigned RecordBits);

/// The budgets of every kernel of \p Isa.
std::vector<KernelBudget> recordBudgets(const CodeObjectIsa &Isa, const rocprof_trace_decoder::codeobj::Funcmap *Map,
                                        const ScopeMasks &Masks);

} // namespace sqtt::isa
