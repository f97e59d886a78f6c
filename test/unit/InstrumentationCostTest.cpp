// InstrumentationCostTest.cpp - which instructions the ISA model counts as
// the plugin's: an address block's lane loop as the pass writes it (the
// v_readlane, the counter's start, increment, compare and back edge, the
// compiler's hazard nops before it), and not a user's loop around a marker.
#include "sqtt/completeness/InstrumentationShare.h"
#include "sqtt/isa/InstrumentationCost.h"

#include <gtest/gtest.h>

using namespace sqtt;
using namespace sqtt::isa;

namespace {

Operand sgpr(uint16_t R) {
  Operand O;
  O.K = Operand::Register;
  O.Reg = {R, 1};
  return O;
}
Operand vgpr(uint16_t R) { return sgpr(uint16_t(reg::VgprBase + R)); }
Operand imm(int64_t V) {
  Operand O;
  O.K = Operand::Immediate;
  O.Imm = V;
  return O;
}

/// A function built instruction by instruction, four bytes apart.
struct Listing {
  Function F;
  size_t add(std::string Mnemonic, std::vector<Operand> Ops, unsigned Defs = 1, Flow Kind = Flow::Next,
             std::vector<RegRange> Implicit = {}) {
    Instruction I;
    I.Address = 0x1000 + 4 * F.Insts.size();
    I.Size = 4;
    I.Mnemonic = Mnemonic;
    I.Text = Mnemonic;
    I.What = classifyInstruction(I.Mnemonic);
    I.Ops = std::move(Ops);
    I.NumDefs = Defs;
    I.Kind = Kind;
    I.ImplicitDefs = std::move(Implicit);
    F.Insts.push_back(std::move(I));
    return F.Insts.size() - 1;
  }
  /// A conditional branch on SCC back to instruction \p To.
  size_t branchBack(size_t To) {
    size_t B = add("s_cbranch_scc1", {imm(0)}, 0, Flow::CondBranch);
    F.Insts[B].Target = F.Insts[To].Address;
    return B;
  }
  size_t trace() { return add("s_ttracedata", {}, 0); }
  size_t m0(Operand From) { return add("s_mov_b32", {sgpr(reg::M0), From}); }
  size_t nop() { return add("s_nop", {imm(0)}, 0); }
  size_t end() {
    F.Size = 4 * F.Insts.size() + 4;
    return add("s_endpgm", {}, 0, Flow::End);
  }
};

const RegRange Scc{reg::Scc, 1};

TEST(InstrumentationCost, DataMarkersUniformCopyIsThePlugins) {
  // v_readfirstlane s0, v0; s_mov m0, s0; s_nop; s_ttracedata; then s0 stays
  // live unread past a branch: still the data marker's value. A user's
  // v_readfirstlane whose first reader is the kernel's own is not.
  Listing L;
  size_t User = L.add("v_readfirstlane_b32", {sgpr(1), vgpr(1)});
  size_t UserUse = L.add("v_add_u32_e32", {vgpr(2), sgpr(1), vgpr(2)});
  size_t Copy = L.add("v_readfirstlane_b32", {sgpr(0), vgpr(0)});
  size_t M0 = L.m0(sgpr(0));
  L.nop();
  L.trace();
  L.m0(imm(16)); // the next marker's header
  L.nop();
  L.trace();
  size_t Branch = L.add("s_branch", {imm(0)}, 0, Flow::Branch);
  L.F.Insts[Branch].Target = L.F.Insts[Branch].Address + 8;
  L.end();
  std::vector<PluginRole> Role = pluginRoles(L.F);
  EXPECT_EQ(Role[M0], PluginRole::M0Write);
  EXPECT_EQ(Role[Copy], PluginRole::Value);
  EXPECT_EQ(Role[User], PluginRole::None);
  EXPECT_EQ(Role[UserUse], PluginRole::None);
}

} // namespace

// gfx942's block of an LDS shuffle (Inputs/inserted-share.hip): header,
// EXEC words, then a rolled loop of one word a lane.
TEST(InstrumentationCost, AnAddressBlocksLaneLoopIsThePlugins) {
  Listing L;
  L.F.Address = 0x1000;
  size_t Header = L.m0(imm(20));
  L.nop();
  L.trace();
  size_t Start = L.add("s_mov_b32", {sgpr(2), imm(0)});
  L.m0(sgpr(reg::ExecLo));
  L.nop();
  L.trace();
  // gfx11 puts hazard nops between a VALU's result and the v_readlane.
  size_t Hazard = L.nop();
  size_t Read = L.add("v_readlane_b32", {sgpr(3), vgpr(2), sgpr(2)});
  size_t Add = L.add("s_add_i32", {sgpr(2), sgpr(2), imm(1)}, 1, Flow::Next, {Scc});
  size_t Cmp = L.add("s_cmp_lg_u32", {sgpr(2), imm(64)}, 0, Flow::Next, {Scc});
  L.m0(sgpr(3));
  L.nop();
  L.trace();
  size_t Back = L.branchBack(Read);
  size_t Shuffle = L.add("ds_bpermute_b32", {vgpr(3), vgpr(2), vgpr(6)});
  size_t Sum = L.add("v_add_f32_e32", {vgpr(4), vgpr(6), vgpr(3)});
  L.end();

  std::vector<PluginRole> Role = pluginRoles(L.F);
  EXPECT_EQ(Role[Header], PluginRole::M0Write);
  EXPECT_EQ(Role[Start], PluginRole::Value) << "the counter's start: only the loop reads it";
  EXPECT_EQ(Role[Hazard], PluginRole::WaitState) << "a nop the v_readlane needs";
  EXPECT_EQ(Role[Read], PluginRole::LaneLoop);
  EXPECT_EQ(Role[Add], PluginRole::LaneLoop);
  EXPECT_EQ(Role[Cmp], PluginRole::LaneLoop);
  EXPECT_EQ(Role[Back], PluginRole::LaneLoop);
  EXPECT_EQ(Role[Shuffle], PluginRole::None);
  EXPECT_EQ(Role[Sum], PluginRole::None);
  size_t Plugin = 0;
  for (PluginRole R : Role)
    Plugin += R != PluginRole::None;
  EXPECT_EQ(Plugin, L.F.Insts.size() - 3) << "all but the shuffle, the add and s_endpgm";

}

// A user's loop with a marker in it is the user's: its work, counter and
// branch stay uncounted; the marker's trace is the plugin's.
TEST(InstrumentationCost, AUsersLoopAroundAMarkerIsNot) {
  Listing L;
  L.F.Address = 0x1000;
  size_t Start = L.add("s_mov_b32", {sgpr(4), imm(0)});
  size_t Work = L.add("v_add_f32_e32", {vgpr(1), vgpr(1), vgpr(2)});
  L.m0(imm(8));
  L.nop();
  size_t Trace = L.trace();
  size_t Add = L.add("s_add_i32", {sgpr(4), sgpr(4), imm(1)}, 1, Flow::Next, {Scc});
  size_t Cmp = L.add("s_cmp_lg_u32", {sgpr(4), imm(16)}, 0, Flow::Next, {Scc});
  size_t Back = L.branchBack(Work);
  L.end();
  std::vector<PluginRole> Role = pluginRoles(L.F);
  EXPECT_EQ(Role[Trace], PluginRole::Trace);
  for (size_t I : {Start, Work, Add, Cmp, Back})
    EXPECT_EQ(Role[I], PluginRole::None) << L.F.Insts[I].Mnemonic;
}

// A scalar loop with a trace and no v_readlane (a user's loop of markers
// only) is not a lane loop either.
TEST(InstrumentationCost, ALoopWithoutReadlaneIsNotALaneLoop) {
  Listing L;
  L.F.Address = 0x1000;
  size_t Head = L.m0(imm(8));
  L.nop();
  L.trace();
  size_t Add = L.add("s_add_i32", {sgpr(4), sgpr(4), imm(1)}, 1, Flow::Next, {Scc});
  size_t Cmp = L.add("s_cmp_lg_u32", {sgpr(4), imm(16)}, 0, Flow::Next, {Scc});
  size_t Back = L.branchBack(Head);
  L.end();
  std::vector<PluginRole> Role = pluginRoles(L.F);
  for (size_t I : {Add, Cmp, Back})
    EXPECT_EQ(Role[I], PluginRole::None) << L.F.Insts[I].Mnemonic;
}

// An address block's lane records cost their loop's body each, the block
// once what it does before the loop, the other records a marker's: a scope
// of one block is counted at those rates, not at one average.
TEST(InstrumentationCost, AddressBlocksAreCountedAtTheirOwnCost) {
  isa::FunctionCost F;
  F.Count[size_t(PluginRole::Trace)] = 6; // enter, exit; the block's header, 2 EXEC words; the loop's one
  F.Cycles[size_t(PluginRole::Trace)] = 6;
  F.Cycles[size_t(PluginRole::M0Write)] = 6;
  F.Cycles[size_t(PluginRole::WaitState)] = 6;
  F.Cycles[size_t(PluginRole::LaneLoop)] = 8;
  F.LaneCycles[0] = 11, F.LaneTraces[0] = 1; // the loop's body: 11 cycles a lane
  F.Blocks = 1, F.BlockCycles = 10, F.BlockTraces = 3; // 3 x (m0, nop, trace) and the counter's start
  completeness::RecordCost C = completeness::recordCost({F});
  EXPECT_DOUBLE_EQ(C.cyclesPerRecord(), (26.0 - 11.0 - 10.0) / 2.0) << "enter and exit: m0, nop, trace each (and a half)";
  EXPECT_DOUBLE_EQ(C.cyclesPerBlock(), 10.0);
  EXPECT_DOUBLE_EQ(C.cyclesPerLaneRecord(0), 11.0);
  EXPECT_DOUBLE_EQ(C.cyclesPerLaneRecord(1), C.cyclesPerRecord()) << "no such loop: a marker's rate";
  completeness::ScopeShare S;
  S.Records = 1 + 3 + 64; // its exit, the block's header and EXEC words, 64 lanes
  S.Address.Blocks = 1, S.Address.Records = 3 + 64, S.Address.Lanes = {64, 0};
  S.CyclesPerRecord = C.cyclesPerRecord();
  S.CyclesPerBlock = C.cyclesPerBlock();
  S.CyclesPerLaneRecord = {C.cyclesPerLaneRecord(0), C.cyclesPerLaneRecord(1)};
  S.Cycles = 1000;
  EXPECT_DOUBLE_EQ(S.instrumentationCycles(), 1 * 2.5 + 10.0 + 64 * 11.0);
}
