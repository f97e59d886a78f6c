// InstrumentationCost.h - which instructions of a code object the plugin
// added, and what they cost to issue (sqtt-verify --cost, D31).
//
// The ISA model tells the plugin's instructions by what they are for: the
// trace instructions; the writes of m0 they record (and the s_nop of gfx9's
// wait state before them); what computes only those values (an ID, a lane's
// address read with v_readlane); the scope tests (s_getreg of a hardware-id
// register and the scalar arithmetic and branch that skip the markers of
// waves the masks exclude), and the waits before an exit it writes into the
// skip. An instruction is the plugin's when everything
// that reads what it writes, before it is written again, is the plugin's.
#pragma once

#include "sqtt/isa/CodeObjectIsa.h"
#include "sqtt/isa/KernelRunner.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace sqtt::isa {

enum class PluginRole : uint8_t { None, Trace, M0Write, WaitState, Value, ScopeTest, ExitWait };
constexpr size_t PluginRoles = 7;
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
  size_t plugin() const;
  uint64_t pluginCycles() const;
};

/// Every function of \p Isa with plugin instructions, and every kernel.
std::vector<FunctionCost> instrumentationCost(const CodeObjectIsa &Isa, const InstructionCosts &Costs);

} // namespace sqtt::isa
