// InstrumentationShare.h - how much of each traced scope's time the markers
// themselves took (sqtt-verify --cost --trace, D31).
//
// An estimate from two facts: what the plugin's instructions of a code
// object cost to issue per record they emit (InstrumentationCost.h: their
// issue cycles over their trace instructions, so an address block's lanes
// and the branches that skip markers are spread over the records; the scope
// test's arithmetic at a function's start, once a call and before its first
// marker, is left out), and how many records each
// scope's intervals hold in the trace (its exit and everything nested, not
// its enter, which is issued before the scope starts). Their product over the
// scope's cycles is the share. Issue cycles only: what the markers delay by
// the memory barrier or the wait before an exit is not in it.
#pragma once

#include "sqtt/isa/InstrumentationCost.h"
#include "sqtt/session/TraceSession.h"
#include "sqtt/trace/ScopeStats.h"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace sqtt::completeness {

/// What one code object's plugin instructions cost: per marker record (its
/// header or a payload word), per address block (what it does once: header,
/// EXEC and buffer words, the lane counter's start, hazard waits) and per
/// lane record of a block, by records per lane ([0] one, [1] two). They
/// differ several times over (a lane record also pays for the v_readlane and
/// the loop's counter, compare and branch) and an address block has a record
/// per lane, so one average over the code would count a scope of address
/// blocks at its markers' rate, and a scope of markers at the blocks'.
struct RecordCost {
  uint64_t PluginCycles = 0, TraceInstructions = 0; // of the markers: address blocks excluded
  std::array<uint64_t, 2> LaneCycles{}, LaneTraces{};
  uint64_t BlockCycles = 0, Blocks = 0;
  double cyclesPerRecord() const {
    return TraceInstructions ? double(PluginCycles) / double(TraceInstructions) : 0;
  }
  double cyclesPerBlock() const { return Blocks ? double(BlockCycles) / double(Blocks) : 0; }
  /// Per lane record of a loop of \p PerLane + 1 words per lane; the
  /// marker rate when the code object has no such loop.
  double cyclesPerLaneRecord(size_t PerLane) const {
    return LaneTraces[PerLane] ? double(LaneCycles[PerLane]) / double(LaneTraces[PerLane]) : cyclesPerRecord();
  }
};
/// The cost per record of a code object from its functions' costs.
RecordCost recordCost(const std::vector<isa::FunctionCost> &Functions);

struct ScopeShare {
  std::string Kernel, Scope;
  StatKind Kind = StatKind::Function;
  uint64_t Executions = 0, Cycles = 0, Records = 0;
  AddressRecords Address;      // of Records, the address blocks'
  double CyclesPerRecord = 0;  // a marker record's
  double CyclesPerBlock = 0;   // an address block's, its lanes apart
  std::array<double, 2> CyclesPerLaneRecord{};
  double instrumentationCycles() const {
    uint64_t Markers = Records - std::min(Records, Address.Records);
    return double(Markers) * CyclesPerRecord + double(Address.Blocks) * CyclesPerBlock +
           double(Address.Lanes[0]) * CyclesPerLaneRecord[0] + double(Address.Lanes[1]) * CyclesPerLaneRecord[1];
  }
  /// The share of the scope's cycles (0 when it took none).
  double share() const { return Cycles ? instrumentationCycles() / double(Cycles) : 0; }
};

/// The cost per record of each kernel of \p Session's code objects (each
/// file read once, the code objects \p Keep accepts), by its symbol and by
/// its demangled name (the scope rows' kernel under --demangle). A kernel
/// that several code objects define keeps the first one's cost, and \p Note
/// hears of it. Throws Error for a code object that cannot be decoded.
std::map<std::string, RecordCost> kernelRecordCosts(const TraceSession &Session,
                                                    const std::function<bool(const CodeObject &)> &Keep,
                                                    const std::function<void(const std::string &Kernel)> &Note);

/// The scope rows of \p Rows (function and user scopes with intervals), each
/// with its kernel's cost per record from \p CostOfKernel (by kernel name as
/// the rows give it; rows of other kernels are left out), largest share
/// first.
std::vector<ScopeShare> instrumentationShares(const std::vector<StatsRow> &Rows,
                                              const std::map<std::string, RecordCost> &CostOfKernel);

} // namespace sqtt::completeness
