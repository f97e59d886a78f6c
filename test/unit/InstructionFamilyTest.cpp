// InstructionFamilyTest.cpp - each mnemonic's family, operation, width and
// cost class, in the spellings of every generation (gfx9's andn2 and
// dword, gfx10+'s co_ci, gfx11+'s and_not1 and b32, gfx12's pc_i64 and
// wait_*), and every family reached by some mnemonic.
#include "sqtt/isa/InstructionFamily.h"

#include "gtest/gtest.h"

#include <set>

using namespace sqtt::isa;

namespace {

struct Case {
  const char *Mnemonic;
  Family Kind;
  Operation Op;
  unsigned Width;
  bool Signed;
  CostClass Cost;
};

const Case Cases[] = {
    {"s_movk_i32", Family::MoveK, Operation::None, 32, false, CostClass::Salu},
    {"s_mov_b64", Family::Move, Operation::None, 64, false, CostClass::Salu},
    {"s_cmov_b32", Family::CondMove, Operation::None, 32, false, CostClass::Salu},
    {"s_cselect_b64", Family::Select, Operation::None, 64, false, CostClass::Salu},
    {"s_bitcmp1_b32", Family::BitTest, Operation::Eq, 32, false, CostClass::Salu},
    {"s_bitcmp0_b64", Family::BitTest, Operation::Ne, 64, false, CostClass::Salu},
    {"s_and_b64", Family::Logic, Operation::And, 64, false, CostClass::Salu},
    {"s_andn2_b64", Family::Logic, Operation::AndNot, 64, false, CostClass::Salu},
    {"s_and_not1_b32", Family::Logic, Operation::AndNot, 32, false, CostClass::Salu},
    {"s_or_not1_b32", Family::Logic, Operation::OrNot, 32, false, CostClass::Salu},
    {"s_xnor_b32", Family::Logic, Operation::Xnor, 32, false, CostClass::Salu},
    {"s_not_b64", Family::Not, Operation::None, 64, false, CostClass::Salu},
    {"s_lshl_b32", Family::Shift, Operation::ShiftLeft, 32, false, CostClass::Salu},
    {"s_ashr_i32", Family::Shift, Operation::ShiftRightArithmetic, 32, true, CostClass::Salu},
    {"s_lshr_b64", Family::Other, Operation::None, 64, false, CostClass::Salu}, // 64-bit shifts not modelled
    {"s_bfe_i32", Family::BitFieldExtract, Operation::None, 32, true, CostClass::Salu},
    {"s_cmp_lg_u32", Family::Compare, Operation::Ne, 32, false, CostClass::Salu},
    {"s_cmp_eq_u64", Family::Compare, Operation::Eq, 64, false, CostClass::Salu},
    {"s_cmpk_lt_i32", Family::Compare, Operation::Lt, 32, true, CostClass::Salu},
    {"s_and_saveexec_b64", Family::SaveExec, Operation::And, 64, false, CostClass::Salu},
    {"s_and_not1_saveexec_b32", Family::SaveExec, Operation::AndNot, 32, false, CostClass::Salu},
    {"s_orn2_saveexec_b64", Family::SaveExec, Operation::OrNot, 64, false, CostClass::Salu},
    {"s_lshl2_add_u32", Family::ShiftAdd, Operation::None, 32, false, CostClass::Salu},
    {"s_add_u32", Family::AddSub, Operation::Add, 32, false, CostClass::Salu},
    {"s_addc_u32", Family::AddSub, Operation::Add, 32, false, CostClass::Salu},
    {"s_sub_co_ci_u32", Family::AddSub, Operation::Sub, 32, false, CostClass::Salu},
    {"s_add_i32", Family::AddSub, Operation::Add, 32, true, CostClass::Salu},
    {"s_add_nc_u64", Family::Add64, Operation::Add, 64, false, CostClass::Salu},
    {"s_sub_nc_u64", Family::Add64, Operation::Sub, 64, false, CostClass::Salu},
    {"s_sext_i32_i16", Family::SignExtend, Operation::None, 32, false, CostClass::Salu},
    {"s_getreg_b32", Family::GetReg, Operation::None, 32, false, CostClass::Salu},
    {"s_getpc_b64", Family::GetPc, Operation::None, 32, false, CostClass::Salu},
    {"s_get_pc_i64", Family::GetPc, Operation::None, 32, false, CostClass::Salu},
    {"s_cbranch_scc1", Family::CondBranch, Operation::SccOne, 32, false, CostClass::Branch},
    {"s_cbranch_vccz", Family::CondBranch, Operation::VccZero, 32, false, CostClass::Branch},
    {"s_cbranch_execnz", Family::CondBranch, Operation::ExecNonzero, 32, false, CostClass::Branch},
    {"s_ttracedata", Family::TraceM0, Operation::None, 32, false, CostClass::Salu},
    {"s_ttracedata_imm", Family::TraceImm, Operation::None, 32, false, CostClass::Salu},
    {"v_readfirstlane_b32", Family::ReadFirstLane, Operation::None, 32, false, CostClass::Valu},
    {"v_readlane_b32", Family::ReadLane, Operation::None, 32, false, CostClass::Valu},
    {"v_writelane_b32", Family::WriteLane, Operation::None, 32, false, CostClass::Valu},
    {"v_mov_b32_e32", Family::VectorCopy, Operation::None, 32, false, CostClass::Valu},
    {"v_accvgpr_write_b32", Family::VectorCopy, Operation::None, 32, false, CostClass::Valu},
    {"v_lshl_or_b32", Family::VectorShiftCombine, Operation::Or, 32, false, CostClass::Valu},
    {"v_lshl_add_u32", Family::VectorShiftCombine, Operation::Add, 32, false, CostClass::Valu},
    {"v_cmp_ne_u32_e64", Family::VectorCompare, Operation::Ne, 32, false, CostClass::Valu},
    {"v_cmp_gt_i32_e32", Family::VectorCompare, Operation::Gt, 32, true, CostClass::Valu},
    {"v_cmpx_eq_u32_e32", Family::VectorCompare, Operation::Eq, 32, false, CostClass::Valu}, // and EXEC
    {"v_cndmask_b32_e64", Family::CndMask, Operation::None, 32, false, CostClass::Valu},
    {"scratch_store_dword", Family::SpillStore, Operation::None, 32, false, CostClass::Vmem},
    {"scratch_load_b32", Family::SpillLoad, Operation::None, 32, false, CostClass::Vmem},
    {"buffer_store_dword", Family::SpillStore, Operation::None, 32, false, CostClass::Vmem},
    {"global_load_dwordx4", Family::Other, Operation::None, 32, false, CostClass::Vmem},
    {"ds_read_b32", Family::Other, Operation::None, 32, false, CostClass::Lds},
    {"s_load_dwordx2", Family::Other, Operation::None, 32, false, CostClass::Smem},
    {"s_waitcnt", Family::Other, Operation::None, 32, false, CostClass::Wait},
    {"s_wait_loadcnt_dscnt", Family::Other, Operation::None, 32, false, CostClass::Wait},
    {"s_barrier", Family::Other, Operation::None, 32, false, CostClass::Barrier},
    {"s_swappc_b64", Family::Other, Operation::None, 32, false, CostClass::Branch},
    {"s_endpgm", Family::Other, Operation::None, 32, false, CostClass::Salu},
    {"exp", Family::Other, Operation::None, 32, false, CostClass::Other},
    // The lane id and what code computes from it per lane.
    {"v_mbcnt_lo_u32_b32", Family::LaneCount, Operation::None, 32, false, CostClass::Valu},
    {"v_mbcnt_hi_u32_b32", Family::LaneCount, Operation::None, 32, false, CostClass::Valu},
    {"v_lshrrev_b32_e32", Family::VectorArith, Operation::ShiftRight, 32, false, CostClass::Valu},
    {"v_lshlrev_b32_e64", Family::VectorArith, Operation::ShiftLeft, 32, false, CostClass::Valu},
    {"v_and_b32_e32", Family::VectorArith, Operation::And, 32, false, CostClass::Valu},
    {"v_or_b32_e32", Family::VectorArith, Operation::Or, 32, false, CostClass::Valu},
    {"v_add_u32_e32", Family::VectorArith, Operation::Add, 32, false, CostClass::Valu},
    {"v_add_nc_u32_e32", Family::VectorArith, Operation::Add, 32, false, CostClass::Valu},
    {"v_sub_nc_u32_e64", Family::VectorArith, Operation::Sub, 32, false, CostClass::Valu},
};

TEST(InstructionFamily, EachSpellingOfEveryGeneration) {
  for (const Case &C : Cases) {
    InstructionFamily F = classifyInstruction(C.Mnemonic);
    EXPECT_EQ(F.Kind, C.Kind) << C.Mnemonic;
    EXPECT_EQ(F.Op, C.Op) << C.Mnemonic;
    EXPECT_EQ(F.Cost, C.Cost) << C.Mnemonic;
    if (C.Kind != Family::Other && C.Width != 32)
      EXPECT_EQ(F.Width, C.Width) << C.Mnemonic;
    if (C.Kind != Family::Other)
      EXPECT_EQ(F.Signed, C.Signed) << C.Mnemonic;
  }
}

TEST(InstructionFamily, EveryFamilyHasAMnemonic) {
  std::set<Family> Seen;
  for (const Case &C : Cases)
    Seen.insert(classifyInstruction(C.Mnemonic).Kind);
  EXPECT_EQ(Seen.size(), size_t(Family::SpillLoad) + 1);
}

TEST(InstructionFamily, TraceCategoryOfEachKind) {
  // FORMATS §12's numbering: what a wave file's category column says.
  EXPECT_EQ(classifyInstruction("s_load_dwordx2").Category, sqtt::InstCategory::Smem);
  EXPECT_EQ(classifyInstruction("s_add_u32").Category, sqtt::InstCategory::Salu);
  EXPECT_EQ(classifyInstruction("buffer_load_dword").Category, sqtt::InstCategory::Vmem);
  EXPECT_EQ(classifyInstruction("global_load_dword").Category, sqtt::InstCategory::Flat);
  EXPECT_EQ(classifyInstruction("scratch_store_b32").Category, sqtt::InstCategory::Flat);
  EXPECT_EQ(classifyInstruction("flat_atomic_add").Category, sqtt::InstCategory::Flat);
  EXPECT_EQ(classifyInstruction("ds_bpermute_b32").Category, sqtt::InstCategory::Lds);
  EXPECT_EQ(classifyInstruction("v_fma_f32").Category, sqtt::InstCategory::Valu);
  EXPECT_EQ(classifyInstruction("s_cbranch_execz").Category, sqtt::InstCategory::Jump);
  EXPECT_EQ(classifyInstruction("s_waitcnt").Category, sqtt::InstCategory::Immed);
  EXPECT_EQ(classifyInstruction("s_barrier").Category, sqtt::InstCategory::Immed);
  EXPECT_EQ(classifyInstruction("s_nop").Category, sqtt::InstCategory::Immed);
  EXPECT_EQ(classifyInstruction("s_ttracedata").Category, sqtt::InstCategory::Message);
  EXPECT_EQ(classifyInstruction("s_sendmsg").Category, sqtt::InstCategory::Message);
  EXPECT_EQ(classifyInstruction("image_bvh_intersect_ray").Category, sqtt::InstCategory::Bvh);
}

TEST(InstructionFamily, OperandsTheHandlersRead) {
  EXPECT_EQ(classifyInstruction("s_lshl3_add_u32").Amount, 3);
  EXPECT_EQ(classifyInstruction("s_sext_i32_i8").Amount, 8);
  EXPECT_TRUE(classifyInstruction("s_cmpk_eq_u32").Imm16);
  EXPECT_FALSE(classifyInstruction("s_cmp_eq_u32").Imm16);
  EXPECT_TRUE(classifyInstruction("s_addc_u32").Carry);
  EXPECT_TRUE(classifyInstruction("s_add_co_ci_u32").Carry);
  EXPECT_FALSE(classifyInstruction("s_add_co_u32").Carry);
  EXPECT_TRUE(classifyInstruction("v_cmp_eq_u32_e64").E64);
  EXPECT_FALSE(classifyInstruction("v_cmp_eq_u32_e32").E64);
  EXPECT_TRUE(classifyInstruction("s_nop").Scalar);
  EXPECT_FALSE(classifyInstruction("v_nop").Scalar);
  for (const char *Wait : {"s_nop", "s_delay_alu", "s_wait_alu"})
    EXPECT_TRUE(classifyInstruction(Wait).HazardWait) << Wait;
  for (const char *NotOne : {"s_sleep", "s_waitcnt", "s_wait_loadcnt", "v_nop", "s_nop_x"})
    EXPECT_FALSE(classifyInstruction(NotOne).HazardWait) << NotOne;
}

TEST(InstructionFamily, ControlFlow) {
  EXPECT_EQ(flowOf("s_branch"), Flow::Branch);
  EXPECT_EQ(flowOf("s_cbranch_scc0"), Flow::CondBranch);
  EXPECT_EQ(flowOf("s_cbranch_join"), Flow::CondBranch);
  EXPECT_EQ(flowOf("s_endpgm_saved"), Flow::End);
  EXPECT_EQ(flowOf("s_setpc_b64"), Flow::Return);
  EXPECT_EQ(flowOf("s_call_i64"), Flow::Call);
  EXPECT_EQ(flowOf("s_add_pc_i64"), Flow::Indirect);
  EXPECT_EQ(flowOf("v_add_u32"), Flow::Next);
}

} // namespace
