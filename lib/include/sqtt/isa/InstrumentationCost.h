// InstrumentationCost.h - which instructions of a code object the plugin
// added, and what they cost to issue (sqtt-verify --cost, D31).
//
// The ISA model tells the plugin's instructions by what they are for: the
// trace instructions; the writes of m0 they record (and the s_nop of gfx9's
// wait state before them); what computes only those values (an ID, a lane's
// address read with v_readlane); the scope tests (s_getreg of a hardware-id
// register and the scalar arithmetic and branch that skip the markers of
// waves the masks exclude), and the waits before an exit it writes into the
// skip; the lane loops of an address block (each lane's word read with
// v_readlane, the counter's increment, compare and back edge, and the
// compiler's hazard waits around them: s_nop and s_delay_alu that only
// the plugin's instructions need). An instruction is the plugin's when
// everything that reads what it writes, before it is written again, is the
// plugin's. The instruction views mark the same instructions (code.json's
// sqtt_inserted table, written from insertedAddresses()).
#pragma once

#include "sqtt/isa/CodeObjectIsa.h"
#include "sqtt/isa/KernelRunner.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace sqtt::isa {

enum class PluginRole : uint8_t { None, Trace, M0Write, WaitState, Value, ScopeTest, ExitWait, LaneLoop };
constexpr size_t PluginRoles = 8;
const char *pluginRoleName(PluginRole R); // "trace", "m0 write", ...

/// The role of each instruction of \p F (in its order).
std::vector<PluginRole> pluginRoles(const Function &F);

struct FunctionCost {
  std::string Name;
  bool Kernel = false;
  size_t Instructions = 0;                  // of the function
  std::array<size_t, PluginRoles> Count{};  // the plugin's, by role (None: the function's own)
  std::array<uint64_t, PluginRoles> Cycles{}; // their issue cycles by the cost model
  /// Of those, the cycles that run once per call, not per marker: the scope
  /// test's arithmetic before the first trace instruction.
  uint64_t EntryCycles = 0;
  /// Of those, the cycles of the address blocks' lane loops and their trace
  /// instructions, by records per iteration ([0] one word per lane, [1] two):
  /// a lane loop runs once per lane, so its records cost its body's cycles.
  std::array<uint64_t, 2> LaneCycles{}, LaneTraces{};
  /// And of the address blocks' once-a-block part before the loop (header,
  /// EXEC and buffer words, the counter's start, hazard waits): the blocks,
  /// their cycles and trace instructions.
  uint64_t Blocks = 0, BlockCycles = 0, BlockTraces = 0;
  size_t plugin() const;
  uint64_t pluginCycles() const;
};

/// The addresses of every instruction of \p Isa the plugin inserted (any
/// role but None), in address order.
std::vector<uint64_t> insertedAddresses(const CodeObjectIsa &Isa);

/// Every function of \p Isa with plugin instructions, and every kernel.
std::vector<FunctionCost> instrumentationCost(const CodeObjectIsa &Isa, const InstructionCosts &Costs);

} // namespace sqtt::isa
