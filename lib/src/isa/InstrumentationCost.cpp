// InstrumentationCost.cpp - the plugin's instructions, told apart by what
// reads what they write.
#include "sqtt/isa/InstrumentationCost.h"

#include <algorithm>
#include <optional>
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
  case PluginRole::LaneLoop: return "lane loop";
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

/// One of an address block's lane loops: instructions [First, Last] (Last
/// its back edge), Traces trace instructions in it (a record each per lane).
struct LaneLoop {
  size_t First, Last, Traces;
};

/// Whether the compiler may put \p I into the plugin's lane loop: what the
/// pass writes there (v_readlane, the counter's scalar arithmetic and
/// compare, m0 writes, traces) and the hazard waits it needs (s_nop,
/// s_delay_alu, gfx12's s_wait_alu), nothing that touches vector registers
/// or memory.
bool laneLoopInstruction(const Instruction &I) {
  if (I.isTrace() || I.Mnemonic.rfind("v_readlane", 0) == 0)
    return true;
  if (!I.What.Scalar || I.Kind == Flow::Call || I.Kind == Flow::Return || I.Kind == Flow::End)
    return false;
  return I.What.Cost == CostClass::Salu || I.What.Cost == CostClass::Wait || I.What.Cost == CostClass::Branch;
}

/// The lane loops of \p F: the pass writes each as a rolled loop of one
/// v_readlane and trace per word of a lane (SQTTAddressTrace.cpp's
/// traceLanes), so a backward branch whose body is made of nothing else and
/// holds both is one. A user's loop around a marker has other instructions
/// (its work) or no v_readlane.
std::vector<LaneLoop> laneLoops(const Function &F) {
  std::vector<LaneLoop> Out;
  for (size_t B = 0; B < F.Insts.size(); ++B) {
    const Instruction &Br = F.Insts[B];
    if (Br.Kind != Flow::CondBranch || !Br.Target || *Br.Target > Br.Address)
      continue;
    size_t T = F.indexOf(*Br.Target);
    if (T == Function::npos || T > B)
      continue;
    size_t Traces = 0, Reads = 0;
    bool Only = true;
    for (size_t J = T; J < B && Only; ++J) {
      const Instruction &I = F.Insts[J];
      Only = laneLoopInstruction(I) && I.Kind == Flow::Next;
      Traces += I.isTrace();
      Reads += I.Mnemonic.rfind("v_readlane", 0) == 0;
    }
    if (Only && Traces && Reads)
      Out.push_back({T, B, Traces});
  }
  return Out;
}

/// The value \p At's trace instruction records when the code gives it as
/// an immediate (s_ttracedata_imm, or m0 last written from one).
std::optional<int64_t> recordedImmediate(const Function &F, size_t At) {
  const Instruction &T = F.Insts[At];
  if (T.What.Kind == Family::TraceImm)
    return T.op(0).isImm() ? std::optional(T.op(0).Imm) : std::nullopt;
  for (size_t J = At; J-- > 0;) {
    const Instruction &I = F.Insts[J];
    if (I.writes(reg::M0))
      return I.Mnemonic.rfind("s_mov", 0) == 0 && I.op(1).isImm() ? std::optional(I.op(1).Imm) : std::nullopt;
    if (controlFlow(I))
      return std::nullopt;
  }
  return std::nullopt;
}

/// Where the address block of lane loop \p K begins: right after the trace
/// before its header (the nearest trace before the loop that records an
/// immediate marker header: an ID, so at least 4, where the EXEC words
/// are registers, or 0 for wave32's high half), as the compiler moves the
/// block's m0 writes and the counter's start above an s_ttracedata_imm
/// header. npos when the loop continues an earlier one (a struct buffer's
/// vindex loop after its voffset loop) or no header is found in
/// straight-line code.
size_t blockStart(const Function &F, const std::vector<LaneLoop> &Loops, size_t K) {
  const LaneLoop &L = Loops[K];
  if (K > 0 && Loops[K - 1].Last + 1 == L.First)
    return Function::npos;
  for (size_t J = L.First; J-- > 0;) {
    const Instruction &I = F.Insts[J];
    if (controlFlow(I) && skippedTrace(F, J) == Function::npos)
      return Function::npos;
    if (!I.isTrace())
      continue;
    std::optional<int64_t> V = recordedImmediate(F, J);
    if (!V || *V < 4)
      continue;
    while (J > 0 && !F.Insts[J - 1].isTrace() &&
           !(controlFlow(F.Insts[J - 1]) && skippedTrace(F, J - 1) == Function::npos))
      --J;
    return J;
  }
  return Function::npos;
}

/// The instruction before lane loop \p L that starts its lane counter (the
/// last write of the lane operand of its first v_readlane), or npos.
size_t counterStart(const Function &F, const LaneLoop &L) {
  for (size_t J = L.First; J <= L.Last; ++J) {
    const Instruction &R = F.Insts[J];
    if (R.Mnemonic.rfind("v_readlane", 0) != 0 || !R.op(2).isReg())
      continue;
    uint16_t Counter = R.op(2).Reg.First;
    for (size_t I = L.First; I-- > 0;) {
      if (F.Insts[I].writes(Counter))
        return I;
      if (controlFlow(F.Insts[I]) && skippedTrace(F, I) == Function::npos)
        return Function::npos;
    }
    return Function::npos;
  }
  return Function::npos;
}

} // namespace

std::vector<PluginRole> pluginRoles(const Function &F) {
  std::vector<PluginRole> Role(F.Insts.size(), PluginRole::None);
  // The lane loops first: the fixpoint below then finds what only they read
  // (the counter's start, 0).
  for (const LaneLoop &L : laneLoops(F))
    for (size_t J = L.First; J <= L.Last; ++J) {
      const Instruction &In = F.Insts[J];
      Role[J] = In.isTrace()         ? PluginRole::Trace
                : In.writes(reg::M0) ? PluginRole::M0Write
                : In.What.HazardWait ? PluginRole::WaitState
                                     : PluginRole::LaneLoop;
    }
  for (size_t I = 0; I < F.Insts.size(); ++I) {
    const Instruction &In = F.Insts[I];
    if (Role[I] != PluginRole::None)
      continue;
    if (In.isTrace()) {
      Role[I] = PluginRole::Trace;
    } else if (size_t Trace = skippedTrace(F, I); Trace != Function::npos) {
      Role[I] = PluginRole::ScopeTest;
      for (size_t W = I + 1; W < Trace; ++W)
        Role[W] = PluginRole::ExitWait;
    } else if (In.What.Kind == Family::CondBranch && testsHardwareIds(F, I)) {
      Role[I] = PluginRole::ScopeTest;
    } else if (In.What.HazardWait && I + 1 < F.Insts.size() && F.Insts[I + 1].isTrace()) {
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
  // A data marker's value: the wave-uniform copy (v_readfirstlane) whose
  // first reader is the plugin's write of m0. Its register may stay live
  // past a branch unread, which the rule above cannot see through.
  for (size_t I = 0; I < F.Insts.size(); ++I) {
    if (Role[I] != PluginRole::None || F.Insts[I].What.Kind != Family::ReadFirstLane || F.Insts[I].Ops.empty() ||
        !F.Insts[I].Ops[0].isReg())
      continue;
    uint16_t R = F.Insts[I].Ops[0].Reg.First;
    for (size_t J = I + 1; J < F.Insts.size() && !controlFlow(F.Insts[J]); ++J) {
      if (reads(F.Insts[J], R)) {
        if (Role[J] == PluginRole::M0Write)
          Role[I] = PluginRole::Value;
        break;
      }
      if (F.Insts[J].writes(R))
        break;
    }
  }
  // Hazard waits the compiler put before the plugin's instructions (a run
  // of s_nop before a v_readlane of a VALU's result on gfx11, s_delay_alu):
  // they wait for what comes next, so they are the plugin's when it is.
  for (size_t I = F.Insts.size(); I-- > 0;)
    if (Role[I] == PluginRole::None && F.Insts[I].What.HazardWait && I + 1 < F.Insts.size() &&
        Role[I + 1] != PluginRole::None)
      Role[I] = PluginRole::WaitState;
  return Role;
}

std::vector<uint64_t> insertedAddresses(const CodeObjectIsa &Isa) {
  std::vector<uint64_t> Out;
  for (const Function &F : Isa.functions()) {
    std::vector<PluginRole> Role = pluginRoles(F);
    for (size_t I = 0; I < F.Insts.size(); ++I)
      if (Role[I] != PluginRole::None)
        Out.push_back(F.Insts[I].Address);
  }
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
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
      // The test's arithmetic before the first marker runs once a call, and
      // so do the hazard waits inside it (gfx11's s_delay_alu, gfx12's
      // s_wait_alu after its s_getreg); the branches that skip each marker
      // run with it.
      bool InTest = Role[I] == PluginRole::ScopeTest ||
                    (Role[I] == PluginRole::WaitState && F.Insts[I].What.HazardWait && I + 1 < F.Insts.size() &&
                     Role[I + 1] == PluginRole::ScopeTest);
      if (!TraceSeen && InTest && !controlFlow(F.Insts[I]))
        C.EntryCycles += Cycles;
    }
    // A lane loop runs once per lane: its cycles are a lane record's, not
    // a marker's; what its block does once (header, EXEC words, the
    // counter's start, hazard waits) is the block's (InstrumentationShare.h).
    std::vector<LaneLoop> Loops = laneLoops(F);
    for (size_t K = 0; K < Loops.size(); ++K) {
      const LaneLoop &L = Loops[K];
      size_t Words = L.Traces > 1 ? 1 : 0;
      for (size_t J = L.First; J <= L.Last; ++J)
        C.LaneCycles[Words] += issueCycles(F.Insts[J], Costs);
      C.LaneTraces[Words] += L.Traces;
      size_t Start = blockStart(F, Loops, K);
      if (Start == Function::npos)
        continue;
      ++C.Blocks;
      for (size_t J = Start; J < L.First; ++J)
        if (Role[J] != PluginRole::None && Role[J] != PluginRole::ScopeTest) {
          C.BlockCycles += issueCycles(F.Insts[J], Costs);
          C.BlockTraces += F.Insts[J].isTrace();
        }
      // The counter's start, wherever the scheduler put it (gfx1250 hoists
      // it above the markers before the block).
      if (size_t Init = counterStart(F, L); Init < Start && Role[Init] != PluginRole::None)
        C.BlockCycles += issueCycles(F.Insts[Init], Costs);
    }
    if (C.Kernel || C.plugin())
      Out.push_back(std::move(C));
  }
  return Out;
}

} // namespace sqtt::isa
