// RecordAutomaton.h - the record sequences a kernel's code can produce on
// one wave, as an automaton a trace's records are matched against (D31).
//
// The kernel is walked on the ISA model with the hardware ids the trace
// tells of the wave (SE, CU, SIMD, slot; the rest unknown): branches the
// code decides go one way, the others both; calls go into their callees
// and back. Each s_ttracedata reached in a call context is a state; an edge
// from the previous one carries what the model knows of the value it
// records (an ID, flags, a runtime value of which only some bits are known).
// Paths that meet at a branch target after the same last record (and with
// the same payload records still due) are joined as the verifier joins them,
// so loops run any number of times. The
// automaton accepts every sequence the code can produce (it may accept more
// where the model knows less); a trace it does not accept lost records or
// was produced by other code.
#pragma once

#include "sqtt/isa/CodeObjectIsa.h"
#include "sqtt/isa/ScalarMachine.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace sqtt::isa {

/// What one record's value must be: the bits the model knows.
struct RecordPattern {
  uint32_t Value = 0, Known = 0;
  bool matches(uint32_t Record) const { return (Record & Known) == Value; }
  bool operator==(const RecordPattern &O) const { return Value == O.Value && Known == O.Known; }
};

class RecordAutomaton {
public:
  struct Edge {
    uint32_t To;
    RecordPattern Pattern;
  };
  /// State 0 is the wave's launch; state S > 0 follows the record of the
  /// s_ttracedata at address(S).
  size_t states() const { return Address.size(); }
  const Edge *edgesBegin(uint32_t S) const { return Edges.data() + EdgeBegin[S]; }
  const Edge *edgesEnd(uint32_t S) const { return Edges.data() + EdgeBegin[S + 1]; }
  uint64_t address(uint32_t S) const { return Address[S]; }
  /// Whether the wave can end after state \p S without another record.
  bool mayEnd(uint32_t S) const { return MayEnd[S]; }
  /// The walk stopped at a limit: some sequences may be missing, so a
  /// deviation proves nothing.
  bool cut() const { return Cut; }

  /// Walks \p Kernel of \p Isa for a wave with hardware ids \p Hw. With
  /// the code object's funcmap \p Map, a header with an R: row is followed
  /// by exactly that many records (a loop that emits them runs its count),
  /// as the verifier proves it is. At most \p MaxSteps instructions are
  /// walked in all (then cut()).
  static RecordAutomaton build(const CodeObjectIsa &Isa, const Function &Kernel, const HardwareIds &Hw,
                               const rocprof_trace_decoder::codeobj::Funcmap *Map, size_t MaxSteps = 4000000);

private:
  std::vector<uint32_t> EdgeBegin; // per state, and one past the last
  std::vector<Edge> Edges;
  std::vector<uint64_t> Address;
  std::vector<char> MayEnd;
  bool Cut = false;
};

/// The bits of each hardware-id register some s_getreg of \p Isa reads: the
/// only ids that can make two waves' records differ, so waves that agree on
/// them share an automaton.
struct HardwareIdsRead {
  uint32_t HwId = 0, HwId1 = 0, HwId2 = 0;
};
HardwareIdsRead hardwareIdsRead(const CodeObjectIsa &Isa);

/// The hardware ids a trace tells of a wave in slot (\p SE, \p CU, \p SIMD,
/// \p Slot) of generation \p Generation, restricted to \p Read: every other
/// bit unknown (the workgroup slot and shader array are not in a trace).
HardwareIds traceWaveIds(sqtt_hardware_ids::generation Generation, const HardwareIdsRead &Read, uint32_t SE,
                         uint32_t CU, uint32_t SIMD, uint32_t Slot);
/// What tells two waves' ids apart for an automaton: their registers' values.
std::array<uint32_t, 3> hardwareIdsKey(const HardwareIds &Hw);

} // namespace sqtt::isa
