// InstrumentationCost.cpp - the plugin's instructions, told apart by what
// reads what they write.
#include "sqtt/isa/InstrumentationCost.h"

#include <algorithm>
#include <rocprof_trace_decoder/cxx/hardware_ids.hpp>

namespace sqtt::isa {

namespace hwid = sqtt_hardware_ids;

const char *pluginRoleName(PluginRole R) {
  switch (R) {
  case PluginRole::None: return "none";
  case PluginRole::Trace: return "trace";
  case PluginRole::M0Write: return "m0 write";
  case PluginRole::WaitState: return "wait state";
  case PluginRole::Value: return "value";
  case PluginRole::ScopeTest: return "scope test";
  case PluginRole::ExitWait: return "exit wait";
  }
  return "?";
}

size_t FunctionCost::plugin() const {
  size_t N = 0;
  for (size_t R = 1; R < PluginRoles; ++R)
    N += Count[R];
  return N;
}

uint64_t FunctionCost::pluginCycles() const {
  uint64_t N = 0;
  for (size_t R = 1; R < PluginRoles; ++R)
    N += Cycles[R];
  return N;
}

namespace {

/// Whether \p I reads register \p R: its source operands, and what it reads
/// without naming (m0 of s_ttracedata, SCC of a branch, a select or a carry,
/// VCC or EXEC of a branch, EXEC of every vector instruction).
bool reads(const Instruction &I, uint16_t R) {
  for (size_t K = I.NumDefs; K < I.Ops.size(); ++K)
    if (I.Ops[K].isReg() && I.Ops[K].Reg.contains(R))
      return true;
  switch (I.What.Kind) {
  case Family::TraceM0: return R == reg::M0;
  case Family::Select:
  case Family::CondMove: return R == reg::Scc;
  case Family::AddSub: return I.What.Carry && R == reg::Scc;
  case Family::CondBranch:
    switch (I.What.Op) {
    case Operation::SccZero:
    case Operation::SccOne: return R == reg::Scc;
    case Operation::VccZero:
    case Operation::VccNonzero: return R == reg::VccLo || R == reg::VccHi;
    default: return R == reg::ExecLo || R == reg::ExecHi;
    }
  default: break;
  }
  return !I.What.Scalar && (R == reg::ExecLo || R == reg::ExecHi);
}

bool controlFlow(const Instruction &I) { return I.Kind != Flow::Next; }

/// The trace a scope test's branch at \p At skips: the plugin writes
/// "s_cbranch_scc0/vccnz skip; [waits]; s_ttracedata; skip:", so the branch
/// lands right after a trace a few instructions on. npos when it is not such
/// a branch.
size_t skippedTrace(const Function &F, size_t At) {
  const Instruction &I = F.Insts[At];
  if (I.What.Kind != Family::CondBranch || !I.Target)
    return Function::npos;
  size_t T = F.indexOf(*I.Target);
  if (T == Function::npos || T <= At + 1 || T > At + 8 || !F.Insts[T - 1].isTrace())
    return Function::npos;
  for (size_t J = At + 1; J + 1 < T; ++J)
    if (F.Insts[J].What.Cost != CostClass::Wait)
      return Function::npos;
  return T - 1;
}

/// Whether every reader of what instruction \p At writes is the plugin's
/// (and there is one): followed in address order until each register is
/// written again, past the plugin's own skips of a trace; any other jump or
/// call with a register still unread means readers out of view (but SCC,
/// which nothing keeps across a jump).
bool onlyPluginReads(const Function &F, size_t At, const std::vector<PluginRole> &Role, PluginRole &ReaderRole) {
  std::vector<uint16_t> Live;
  for (const RegRange &D : F.Insts[At].defs())
    for (uint16_t R = D.First; R < D.First + D.Count; ++R)
      if (R != reg::Null)
        Live.push_back(R);
  if (Live.empty())
    return false;
  bool AnyReader = false;
  ReaderRole = PluginRole::Value;
  for (size_t J = At + 1; J < F.Insts.size() && !Live.empty(); ++J) {
    const Instruction &I = F.Insts[J];
    for (uint16_t R : Live)
      if (reads(I, R)) {
        if (Role[J] == PluginRole::None)
          return false;
        AnyReader = true;
        if (Role[J] == PluginRole::ScopeTest)
          ReaderRole = PluginRole::ScopeTest;
      }
    Live.erase(std::remove_if(Live.begin(), Live.end(), [&](uint16_t R) { return I.writes(R); }), Live.end());
    if (I.Kind == Flow::End)
      Live.clear();
    if (controlFlow(I) && skippedTrace(F, J) == Function::npos) {
      Live.erase(std::remove(Live.begin(), Live.end(), uint16_t(reg::Scc)), Live.end());
      if (!Live.empty())
        return false;
    }
  }
  return AnyReader && Live.empty();
}

/// Whether the SCC a conditional branch at \p At tests comes from a
/// hardware-id register (s_getreg of HW_ID*, through scalar arithmetic in
/// the same straight line): a scope test.
bool testsHardwareIds(const Function &F, size_t At) {
  std::vector<uint16_t> Wanted{reg::Scc};
  for (size_t J = At; J-- > 0 && !Wanted.empty();) {
    const Instruction &I = F.Insts[J];
    if (controlFlow(I) && skippedTrace(F, J) == Function::npos)
      return false;
    bool Defines = std::any_of(Wanted.begin(), Wanted.end(), [&](uint16_t R) { return I.writes(R); });
    if (!Defines)
      continue;
    if (I.What.Kind == Family::GetReg) {
      unsigned HwReg = hwid::field_of_getreg_imm(uint32_t(I.op(1).Imm)).hwreg;
      return HwReg == hwid::hw_id || HwReg == hwid::hw_id1 || HwReg == hwid::hw_id2;
    }
    if (!I.What.Scalar)
      return false;
    Wanted.erase(std::remove_if(Wanted.begin(), Wanted.end(), [&](uint16_t R) { return I.writes(R); }), Wanted.end());
    for (size_t K = I.NumDefs; K < I.Ops.size(); ++K)
      if (I.Ops[K].isReg())
        for (uint16_t R = I.Ops[K].Reg.First; R < I.Ops[K].Reg.First + I.Ops[K].Reg.Count; ++R)
          Wanted.push_back(R);
    for (uint16_t R : {uint16_t(reg::Scc), uint16_t(reg::VccLo), uint16_t(reg::ExecLo)})
      if (reads(I, R))
        Wanted.push_back(R);
  }
  return false;
}

} // namespace

std::vector<PluginRole> pluginRoles(const Function &F) {
  std::vector<PluginRole> Role(F.Insts.size(), PluginRole::None);
  for (size_t I = 0; I < F.Insts.size(); ++I) {
    const Instruction &In = F.Insts[I];
    if (In.isTrace()) {
      Role[I] = PluginRole::Trace;
    } else if (size_t Trace = skippedTrace(F, I); Trace != Function::npos) {
      Role[I] = PluginRole::ScopeTest;
      for (size_t W = I + 1; W < Trace; ++W)
        Role[W] = PluginRole::ExitWait;
    } else if (In.What.Kind == Family::CondBranch && testsHardwareIds(F, I)) {
      Role[I] = PluginRole::ScopeTest;
    } else if (In.Mnemonic == "s_nop" && I + 1 < F.Insts.size() && F.Insts[I + 1].isTrace()) {
      Role[I] = PluginRole::WaitState;
    }
  }
  // What only the plugin's instructions read is the plugin's too.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t I = F.Insts.size(); I-- > 0;) {
      const Instruction &In = F.Insts[I];
      if (Role[I] != PluginRole::None || controlFlow(In))
        continue;
      PluginRole ReaderRole;
      if (!onlyPluginReads(F, I, Role, ReaderRole))
        continue;
      Role[I] = In.writes(reg::M0) ? PluginRole::M0Write : ReaderRole;
      Changed = true;
    }
  }
  return Role;
}

std::vector<FunctionCost> instrumentationCost(const CodeObjectIsa &Isa, const InstructionCosts &Costs) {
  std::vector<FunctionCost> Out;
  for (const Function &F : Isa.functions()) {
    std::vector<PluginRole> Role = pluginRoles(F);
    FunctionCost C;
    C.Name = F.Name;
    C.Kernel = F.Kernel;
    C.Instructions = F.Insts.size();
    bool TraceSeen = false;
    for (size_t I = 0; I < F.Insts.size(); ++I) {
      unsigned Cycles = issueCycles(F.Insts[I], Costs);
      ++C.Count[size_t(Role[I])];
      C.Cycles[size_t(Role[I])] += Cycles;
      TraceSeen |= Role[I] == PluginRole::Trace;
      // The test's arithmetic before the first marker runs once a call; the
      // branches that skip each marker run with it.
      if (!TraceSeen && Role[I] == PluginRole::ScopeTest && !controlFlow(F.Insts[I]))
        C.EntryCycles += Cycles;
    }
    if (C.Kernel || C.plugin())
      Out.push_back(std::move(C));
  }
  return Out;
}

} // namespace sqtt::isa
