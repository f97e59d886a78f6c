// ScalarMachineTest.cpp - the ISA model's scalar interpreter on instruction
// sequences whose outcome is known: the scope filters the plugin compiles,
// run for every value of the hardware id they test; EXEC saves; values moved
// through VGPR lanes; joins; and the simulator's instruction costs.
#include <array>
#include "sqtt/isa/KernelRunner.h"
#include "sqtt/isa/ScalarMachine.h"
#include "sqtt/support/Error.h"

#include <gtest/gtest.h>

using namespace sqtt;
using namespace sqtt::isa;

namespace {

Operand sgpr(uint16_t R, uint16_t Count = 1) {
  Operand O;
  O.K = Operand::Register;
  O.Reg = {R, Count};
  return O;
}
Operand vgpr(uint16_t R) { return sgpr(uint16_t(reg::VgprBase + R)); }
Operand imm(int64_t V) {
  Operand O;
  O.K = Operand::Immediate;
  O.Imm = V;
  return O;
}
Instruction inst(std::string Mnemonic, std::vector<Operand> Ops, unsigned Defs = 1, Flow Kind = Flow::Next) {
  Instruction I;
  I.Mnemonic = std::move(Mnemonic);
  I.What = classifyInstruction(I.Mnemonic);
  I.Ops = std::move(Ops);
  I.NumDefs = Defs;
  I.Kind = Kind;
  if (Kind == Flow::CondBranch)
    I.Target = 0x100;
  return I;
}
/// s_getreg_b32's immediate: hwreg(Id, Offset, Size).
int64_t hwreg(unsigned Id, unsigned Offset, unsigned Size) { return Id | Offset << 6 | (Size - 1) << 11; }

} // namespace

// RDNA's default CU filter (SQTT_SCOPE_CU=0x3): one s_getreg of the WGP id's
// bits from 1 up into VCC, a skip word that is zero exactly in scope.
TEST(ScalarMachine, RdnaDefaultFilterSkipsExactlyWgpsTwoAndUp) {
  for (uint32_t Wgp = 0; Wgp < 16; ++Wgp) {
    HardwareIds Hw;
    Hw.HwId1 = 0x5 | 1u << 8 | Wgp << 10 | 3u << 18; // wave 5, SIMD 1, SE 3 around it
    Hw.HwId2 = 0;
    ScalarMachine M(32);
    M.execute(inst("s_getreg_b32", {sgpr(reg::VccLo), imm(hwreg(23, 11, 3))}), Hw);
    std::optional<bool> Skip = M.branchTaken(inst("s_cbranch_vccnz", {imm(0)}, 0, Flow::CondBranch));
    ASSERT_TRUE(Skip.has_value()) << "WGP " << Wgp;
    EXPECT_EQ(*Skip, Wgp >= 2) << "WGP " << Wgp;
  }
}

// gfx9: s_getreg of HW_ID's CU field and s_bitcmp1 of the mask at that bit,
// straight into SCC; a mask of CUs 0 and 2.
TEST(ScalarMachine, Gfx9FilterSelectsTheMaskedCus) {
  for (uint32_t Cu = 0; Cu < 16; ++Cu) {
    HardwareIds Hw;
    Hw.HwId = 0x3 | 2u << 4 | Cu << 8 | 1u << 13;
    ScalarMachine M(64);
    M.execute(inst("s_getreg_b32", {sgpr(0), imm(hwreg(4, 8, 4))}), Hw);
    M.execute(inst("s_mov_b32", {sgpr(1), imm(0x5)}), Hw);
    M.execute(inst("s_bitcmp1_b32", {sgpr(1), sgpr(0)}, 0), Hw);
    std::optional<bool> Skip = M.branchTaken(inst("s_cbranch_scc0", {imm(0)}, 0, Flow::CondBranch));
    ASSERT_TRUE(Skip.has_value()) << "CU " << Cu;
    EXPECT_EQ(*Skip, Cu != 0 && Cu != 2) << "CU " << Cu;
  }
}

TEST(ScalarMachine, UnknownHardwareIdsLeaveTheBranchOpen) {
  ScalarMachine M(64);
  M.execute(inst("s_getreg_b32", {sgpr(0), imm(hwreg(4, 8, 4))}), HardwareIds{});
  M.execute(inst("s_bitcmp1_b32", {sgpr(1), sgpr(0)}, 0), HardwareIds{});
  EXPECT_FALSE(M.branchTaken(inst("s_cbranch_scc0", {imm(0)}, 0, Flow::CondBranch)).has_value());
}

TEST(ScalarMachine, SaveExecKeepsTheOldMaskAndForgetsTheNew) {
  ScalarMachine M(64);
  M.execute(inst("s_and_saveexec_b64", {sgpr(4, 2), sgpr(reg::VccLo, 2)}), HardwareIds{});
  EXPECT_EQ(M.get(4), Bits::of(~0u));
  EXPECT_EQ(M.get(5), Bits::of(~0u));
  EXPECT_FALSE(M.get(reg::ExecLo).known());
  // Restoring it makes EXEC known again.
  M.execute(inst("s_mov_b64", {sgpr(reg::ExecLo, 2), sgpr(4, 2)}), HardwareIds{});
  EXPECT_EQ(M.get(reg::ExecLo), Bits::of(~0u));
}

TEST(ScalarMachine, SelectOfEqualValuesIsKnownWithoutScc) {
  ScalarMachine M(32);
  M.execute(inst("s_mov_b32", {sgpr(2), imm(0x11)}), HardwareIds{});
  M.execute(inst("s_mov_b32", {sgpr(3), imm(0x13)}), HardwareIds{});
  M.execute(inst("s_cselect_b32", {sgpr(0), sgpr(2), sgpr(3)}), HardwareIds{});
  // SCC is unknown at the start: the bits both sides agree on stay known.
  EXPECT_EQ(M.get(0).Known & 0xFF, 0xFDu);
  EXPECT_EQ(M.get(0).V & 0xFD, 0x11u);
}

TEST(ScalarMachine, ValuesSpilledToLanesComeBack) {
  ScalarMachine M(64);
  M.execute(inst("s_mov_b32", {sgpr(7), imm(1234)}), HardwareIds{});
  M.execute(inst("v_writelane_b32", {vgpr(40), sgpr(7), imm(3)}), HardwareIds{});
  M.execute(inst("s_mov_b32", {sgpr(7), imm(0)}), HardwareIds{});
  M.execute(inst("v_readlane_b32", {sgpr(9), vgpr(40), imm(3)}), HardwareIds{});
  EXPECT_EQ(M.get(9), Bits::of(1234));
  // Another lane was never written.
  M.execute(inst("v_readlane_b32", {sgpr(10), vgpr(40), imm(4)}), HardwareIds{});
  EXPECT_FALSE(M.get(10).known());
}

TEST(ScalarMachine, TraceValuesOfBothForms) {
  ScalarMachine M(32);
  EXPECT_FALSE(M.m0Written());
  M.execute(inst("s_mov_b32", {sgpr(reg::M0), imm(0x2A)}), HardwareIds{});
  EXPECT_TRUE(M.m0Written());
  EXPECT_EQ(M.traceValue(inst("s_ttracedata", {}, 0)), Bits::of(0x2A));
  EXPECT_EQ(M.traceValue(inst("s_ttracedata_imm", {imm(0x15)}, 0)), Bits::of(0x15));
}

// A numeric marker whose ID is data: (id << 2) + flags keeps the flag bits.
TEST(ScalarMachine, ShiftAndAddKeepsTheLowBitsItKnows) {
  ScalarMachine M(64);
  M.execute(inst("s_lshl2_add_u32", {sgpr(2), sgpr(2), imm(30)}), HardwareIds{}); // s2 unknown
  EXPECT_EQ(M.get(2).Known, 0x3u);
  EXPECT_EQ(M.get(2).V, 0x2u); // enter, not exit
  M.execute(inst("s_mov_b32", {sgpr(3), imm(5)}), HardwareIds{});
  M.execute(inst("s_lshl2_add_u32", {sgpr(4), sgpr(3), imm(30)}), HardwareIds{});
  EXPECT_EQ(M.get(4), Bits::of(50));
}

// LLVM 19's form: a shift, then an add.
TEST(ScalarMachine, AddOfPartlyKnownValuesKeepsTheLowBits) {
  ScalarMachine M(64);
  M.execute(inst("s_lshl_b32", {sgpr(2), sgpr(2), imm(2)}), HardwareIds{}); // s2 unknown
  M.execute(inst("s_add_i32", {sgpr(reg::M0), sgpr(2), imm(30)}), HardwareIds{});
  EXPECT_EQ(M.get(reg::M0).Known, 0x3u);
  EXPECT_EQ(M.get(reg::M0).V, 0x2u);
  M.execute(inst("s_sub_u32", {sgpr(5), sgpr(2), imm(1)}), HardwareIds{});
  EXPECT_EQ(M.get(5).Known, 0x3u);
  EXPECT_EQ(M.get(5).V, 0x3u); // ...00 - 1 borrows: ...11
}

// -O0's form of the same: in a VGPR from a loaded ID, then read back.
TEST(ScalarMachine, VectorShiftOrKeepsTheFlagsThroughReadFirstLane) {
  ScalarMachine M(32);
  M.execute(inst("s_mov_b32", {sgpr(4), imm(2)}), HardwareIds{});
  M.execute(inst("v_lshl_or_b32", {vgpr(1), vgpr(1), sgpr(4), sgpr(4)}), HardwareIds{}); // v1 loaded: unknown
  M.execute(inst("v_readfirstlane_b32", {sgpr(4), vgpr(1)}), HardwareIds{});
  EXPECT_EQ(M.get(4).Known, 0x3u);
  EXPECT_EQ(M.get(4).V, 0x2u);
}

TEST(ScalarMachine, JoinKeepsOnlyWhatBothPathsAgreeOn) {
  ScalarMachine A(32), B(32);
  A.execute(inst("s_mov_b32", {sgpr(0), imm(7)}), HardwareIds{});
  B.execute(inst("s_mov_b32", {sgpr(0), imm(7)}), HardwareIds{});
  A.execute(inst("s_mov_b32", {sgpr(1), imm(1)}), HardwareIds{});
  B.execute(inst("s_mov_b32", {sgpr(1), imm(3)}), HardwareIds{});
  EXPECT_TRUE(A.joinWith(B));
  EXPECT_EQ(A.get(0), Bits::of(7));
  EXPECT_EQ(A.get(1).Known & 0x3, 0x1u); // bit 0 agrees, bit 1 does not
  EXPECT_FALSE(A.joinWith(B));           // nothing more to forget
}

TEST(InstructionCosts, ApplySetsTheNamedClassesOnly) {
  InstructionCosts C;
  C.apply("valu=8,vmem=40");
  EXPECT_EQ(C.Valu, 8u);
  EXPECT_EQ(C.Vmem, 40u);
  EXPECT_EQ(C.Salu, InstructionCosts().Salu);
  InstructionCosts Again;
  Again.apply(C.describe());
  EXPECT_EQ(Again.describe(), C.describe());
}

TEST(InstructionCosts, BadSpecificationsAreErrors) {
  for (const char *Bad : {"", "valu", "valu=", "valu=0", "valu=-1", "valu=+5", "valu= 5", "valu=8x", "valu=4,", ",valu=4",
                          "vector=4", "valu=10001"}) {
    InstructionCosts C;
    EXPECT_THROW(C.apply(Bad), Error) << Bad;
  }
}

TEST(ScalarMachine, LaneIdTestsSetExecToTheLanesTheyName) {
  // v_mbcnt_lo/hi of -1 is the lane id; lane == 0 then keeps one lane of
  // EXEC, lane < 4 four; v_readfirstlane reads the first active lane.
  ScalarMachine M(64);
  M.execute(inst("v_mbcnt_lo_u32_b32", {vgpr(1), imm(-1), imm(0)}), HardwareIds{});
  M.execute(inst("v_mbcnt_hi_u32_b32", {vgpr(2), imm(-1), vgpr(1)}), HardwareIds{});
  M.execute(inst("v_cmp_gt_u32_e32", {imm(4), vgpr(2)}, 0), HardwareIds{});
  M.execute(inst("s_and_saveexec_b64", {sgpr(10, 2), sgpr(reg::VccLo, 2)}), HardwareIds{});
  EXPECT_EQ(M.get(reg::ExecLo), Bits::of(0xF));
  EXPECT_EQ(M.get(reg::ExecHi), Bits::of(0));
  M.execute(inst("v_lshlrev_b32_e32", {vgpr(3), imm(2), vgpr(2)}), HardwareIds{});
  M.execute(inst("v_readfirstlane_b32", {sgpr(5), vgpr(3)}), HardwareIds{});
  EXPECT_EQ(M.get(5), Bits::of(0)); // lane 0's lane id x 4
  M.execute(inst("v_cmp_eq_u32_e32", {imm(3), vgpr(2)}, 0), HardwareIds{});
  EXPECT_EQ(M.get(reg::VccLo), Bits::of(0x8)); // lane 3, of the active four
  EXPECT_EQ(M.get(reg::VccHi), Bits::of(0));
}

TEST(ScalarMachine, WorkItemIdsGiveEachWaveItsLanes) {
  // v0 as the simulator launches a wave: lanes 64..127 of the group. A
  // wave index (threadIdx.x / 64) is then the same in every lane.
  ScalarMachine M(64);
  std::array<uint32_t, 64> Ids;
  for (unsigned L = 0; L < 64; ++L)
    Ids[L] = 64 + L;
  M.setLanes(reg::VgprBase, Ids);
  M.execute(inst("v_lshrrev_b32_e32", {vgpr(0), imm(6), vgpr(0)}), HardwareIds{});
  M.execute(inst("v_readfirstlane_b32", {sgpr(3), vgpr(0)}), HardwareIds{});
  EXPECT_EQ(M.get(3), Bits::of(1));
  M.execute(inst("v_cmp_eq_u32_e32", {imm(0), vgpr(0)}, 0), HardwareIds{});
  EXPECT_EQ(M.get(reg::VccLo), Bits::of(0));
}

TEST(ScalarMachine, CmpxKeepsTheLanesItHoldsFor) {
  // gfx10+'s v_cmpx writes EXEC only: lane == 0 leaves lane 0.
  ScalarMachine M(32);
  M.execute(inst("v_mbcnt_lo_u32_b32", {vgpr(7), imm(-1), imm(0)}), HardwareIds{});
  M.execute(inst("v_cmpx_eq_u32_e32", {imm(0), vgpr(7)}, 0), HardwareIds{});
  EXPECT_EQ(M.get(reg::ExecLo), Bits::of(1));
}
