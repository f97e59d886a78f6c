// InstructionFamily.cpp - the one place mnemonic text is read: each decoded
// instruction's family, operation, cost class, trace category and control
// flow.
#include "sqtt/isa/InstructionFamily.h"

#include <initializer_list>

namespace sqtt::isa {

namespace {

bool startsWith(std::string_view S, std::string_view P) { return S.substr(0, P.size()) == P; }
bool endsWith(std::string_view S, std::string_view P) {
  return S.size() >= P.size() && S.substr(S.size() - P.size()) == P;
}

bool isAny(std::string_view Mn, std::initializer_list<std::string_view> Names) {
  for (std::string_view N : Names)
    if (Mn == N)
      return true;
  return false;
}

} // namespace

Flow flowOf(std::string_view Mn) {
  if (Mn == "s_branch")
    return Flow::Branch;
  if (startsWith(Mn, "s_cbranch_"))
    return Flow::CondBranch;
  if (startsWith(Mn, "s_endpgm") || isAny(Mn, {"s_rfe_b64", "s_rfe_i64"}))
    return Flow::End;
  if (isAny(Mn, {"s_setpc_b64", "s_set_pc_i64"}))
    return Flow::Return;
  if (isAny(Mn, {"s_swappc_b64", "s_swap_pc_i64", "s_call_b64", "s_call_i64"}))
    return Flow::Call;
  if (Mn == "s_add_pc_i64")
    return Flow::Indirect;
  return Flow::Next;
}

namespace {

CostClass costOf(std::string_view Mn, Flow Control) {
  if (Control == Flow::Branch || Control == Flow::CondBranch || Control == Flow::Call || Control == Flow::Return)
    return CostClass::Branch;
  if (startsWith(Mn, "s_waitcnt") || startsWith(Mn, "s_wait_"))
    return CostClass::Wait;
  if (startsWith(Mn, "s_barrier"))
    return CostClass::Barrier;
  if (startsWith(Mn, "s_load") || startsWith(Mn, "s_buffer_load") || startsWith(Mn, "s_store") ||
      startsWith(Mn, "s_scratch"))
    return CostClass::Smem;
  if (startsWith(Mn, "s_"))
    return CostClass::Salu;
  for (std::string_view P : {"global_", "flat_", "buffer_", "scratch_", "tbuffer_", "image_"})
    if (startsWith(Mn, P))
      return CostClass::Vmem;
  if (startsWith(Mn, "ds_"))
    return CostClass::Lds;
  if (startsWith(Mn, "v_"))
    return CostClass::Valu;
  return CostClass::Other;
}

/// The instruction token the hardware's thread trace writes for it
/// (InstCategory). Global and scratch accesses are FLAT encodings; a
/// conditional branch is JUMP here and NEXT when a wave does not take it.
sqtt::InstCategory categoryOf(std::string_view Mn, CostClass Cost) {
  using C = sqtt::InstCategory;
  if (startsWith(Mn, "s_ttracedata") || startsWith(Mn, "s_sendmsg"))
    return C::Message;
  if (startsWith(Mn, "image_bvh"))
    return C::Bvh;
  if (startsWith(Mn, "s_nop") || startsWith(Mn, "s_sleep") || startsWith(Mn, "s_setprio"))
    return C::Immed;
  for (std::string_view P : {"global_", "flat_", "scratch_"})
    if (startsWith(Mn, P))
      return C::Flat;
  switch (Cost) {
  case CostClass::Salu: return C::Salu;
  case CostClass::Smem: return C::Smem;
  case CostClass::Valu: return C::Valu;
  case CostClass::Vmem: return C::Vmem;
  case CostClass::Lds: return C::Lds;
  case CostClass::Branch: return C::Jump;
  case CostClass::Wait:
  case CostClass::Barrier: return C::Immed;
  case CostClass::Other: break;
  }
  return startsWith(Mn, "s_") ? C::Immed : C::Other;
}

Operation logicOf(std::string_view Op) {
  struct Name {
    std::string_view Text;
    Operation Op;
  };
  static constexpr Name Names[] = {
      {"and", Operation::And},      {"or", Operation::Or},         {"xor", Operation::Xor},
      {"andn2", Operation::AndNot}, {"and_not1", Operation::AndNot}, {"orn2", Operation::OrNot},
      {"or_not1", Operation::OrNot}, {"nand", Operation::Nand},     {"nor", Operation::Nor},
      {"xnor", Operation::Xnor}};
  for (const Name &N : Names)
    if (N.Text == Op)
      return N.Op;
  return Operation::None;
}

/// A condition's two letters ("eq", "lg", ...); ne only where \p AllowNe
/// (VALU spells it ne, SALU lg).
Operation conditionOf(std::string_view C, bool AllowNe) {
  if (C == "eq")
    return Operation::Eq;
  if (C == "lg" || (AllowNe && C == "ne"))
    return Operation::Ne;
  if (C == "gt")
    return Operation::Gt;
  if (C == "ge")
    return Operation::Ge;
  if (C == "lt")
    return Operation::Lt;
  if (C == "le")
    return Operation::Le;
  return Operation::None;
}

/// The scalar families: "s_<op>_<type>", the type b32/u32/i32/b64/u64/i64.
void classifyScalar(std::string_view Mn, InstructionFamily &F) {
  if (Mn == "s_getreg_b32") {
    F.Kind = Family::GetReg;
    return;
  }
  if (isAny(Mn, {"s_getpc_b64", "s_get_pc_i64"})) {
    F.Kind = Family::GetPc;
    return;
  }
  if (isAny(Mn, {"s_sext_i32_i16", "s_sext_i32_i8"})) {
    F.Kind = Family::SignExtend;
    F.Amount = Mn == "s_sext_i32_i16" ? 16 : 8;
    return;
  }
  if (isAny(Mn, {"s_add_nc_u64", "s_add_u64", "s_sub_nc_u64"})) {
    F.Kind = Family::Add64;
    F.Op = Mn == "s_sub_nc_u64" ? Operation::Sub : Operation::Add;
    F.Width = 64;
    return;
  }
  if (Mn == "s_movk_i32") {
    F.Kind = Family::MoveK;
    return;
  }
  if (isAny(Mn, {"s_ttracedata", "s_ttracedata_imm"})) {
    F.Kind = Mn == "s_ttracedata" ? Family::TraceM0 : Family::TraceImm;
    return;
  }
  if (startsWith(Mn, "s_cbranch_")) {
    struct Name {
      std::string_view Text;
      Operation Op;
    };
    static constexpr Name Names[] = {{"s_cbranch_scc0", Operation::SccZero},   {"s_cbranch_scc1", Operation::SccOne},
                                     {"s_cbranch_vccnz", Operation::VccNonzero}, {"s_cbranch_vccz", Operation::VccZero},
                                     {"s_cbranch_execnz", Operation::ExecNonzero}, {"s_cbranch_execz", Operation::ExecZero}};
    F.Kind = Family::CondBranch;
    for (const Name &N : Names)
      if (N.Text == Mn)
        F.Op = N.Op;
    return;
  }

  size_t Last = Mn.rfind('_');
  if (Last == std::string_view::npos || Last < 2)
    return;
  std::string_view Type = Mn.substr(Last + 1);
  if (!isAny(Type, {"b32", "u32", "i32", "b64", "u64", "i64"}))
    return;
  std::string_view Op = Mn.substr(2, Last - 2);
  F.Width = Type[1] == '6' ? 64 : 32;
  F.Signed = Type[0] == 'i';
  bool Wide = F.wide();

  if (Op == "mov")
    F.Kind = Family::Move;
  else if (Op == "cmov")
    F.Kind = Family::CondMove;
  else if (Op == "cselect")
    F.Kind = Family::Select;
  else if (Op == "bitcmp1" || Op == "bitcmp0")
    F.Kind = Family::BitTest, F.Op = Op == "bitcmp1" ? Operation::Eq : Operation::Ne;
  else if (Operation L = logicOf(Op); L != Operation::None)
    F.Kind = Family::Logic, F.Op = L;
  else if (Op == "not")
    F.Kind = Family::Not;
  else if (!Wide && (Op == "lshl" || Op == "lshr" || Op == "ashr"))
    F.Kind = Family::Shift,
    F.Op = Op == "lshl" ? Operation::ShiftLeft : Op == "lshr" ? Operation::ShiftRight : Operation::ShiftRightArithmetic;
  else if (!Wide && Op == "bfe")
    F.Kind = Family::BitFieldExtract;
  else if (startsWith(Op, "cmp_") || startsWith(Op, "cmpk_"))
    F.Kind = Family::Compare, F.Imm16 = startsWith(Op, "cmpk_"),
    F.Op = conditionOf(Op.substr(Op.find('_') + 1), /*AllowNe=*/false);
  else if (endsWith(Op, "_saveexec"))
    F.Kind = Family::SaveExec, F.Op = logicOf(Op.substr(0, Op.size() - 9));
  else if (!Wide && isAny(Op, {"lshl1_add", "lshl2_add", "lshl3_add", "lshl4_add"}))
    F.Kind = Family::ShiftAdd, F.Amount = uint8_t(Op[4] - '0');
  else if (!Wide && isAny(Op, {"add", "addc", "sub", "subb", "add_co", "add_co_ci", "sub_co", "sub_co_ci"}))
    F.Kind = Family::AddSub, F.Op = startsWith(Op, "sub") ? Operation::Sub : Operation::Add,
    F.Carry = isAny(Op, {"addc", "subb", "add_co_ci", "sub_co_ci"});
}

void classifyVector(std::string_view Mn, InstructionFamily &F) {
  if ((startsWith(Mn, "scratch_") || startsWith(Mn, "buffer_"))) {
    if (endsWith(Mn, "_store_dword") || endsWith(Mn, "_store_b32"))
      F.Kind = Family::SpillStore;
    else if (endsWith(Mn, "_load_dword") || endsWith(Mn, "_load_b32"))
      F.Kind = Family::SpillLoad;
    return;
  }
  if (Mn == "v_readfirstlane_b32")
    F.Kind = Family::ReadFirstLane;
  else if (Mn == "v_readlane_b32")
    F.Kind = Family::ReadLane;
  else if (Mn == "v_writelane_b32")
    F.Kind = Family::WriteLane;
  else if (startsWith(Mn, "v_accvgpr_write") || startsWith(Mn, "v_accvgpr_read") || startsWith(Mn, "v_accvgpr_mov") ||
           isAny(Mn, {"v_mov_b32_e32", "v_mov_b32"}))
    F.Kind = Family::VectorCopy;
  else if (startsWith(Mn, "v_lshl_or_b32") || startsWith(Mn, "v_lshl_add_u32"))
    F.Kind = Family::VectorShiftCombine, F.Op = startsWith(Mn, "v_lshl_or") ? Operation::Or : Operation::Add;
  else if ((startsWith(Mn, "v_cmp_") || startsWith(Mn, "v_cmpx_")) &&
           (endsWith(Mn, "_u32_e32") || endsWith(Mn, "_i32_e32") || endsWith(Mn, "_u32_e64") ||
            endsWith(Mn, "_i32_e64"))) {
    bool X = startsWith(Mn, "v_cmpx_");
    F.Kind = Family::VectorCompare, F.E64 = endsWith(Mn, "_e64"), F.Amount = X ? 1 : 0,
    F.Signed = Mn.find("_i32_") != std::string_view::npos,
    F.Op = conditionOf(Mn.substr(X ? 7 : 6, 2), /*AllowNe=*/true);
  }
  else if (startsWith(Mn, "v_cndmask_b32"))
    F.Kind = Family::CndMask;
  else if (startsWith(Mn, "v_mbcnt_lo_u32_b32") || startsWith(Mn, "v_mbcnt_hi_u32_b32"))
    F.Kind = Family::LaneCount, F.Amount = startsWith(Mn, "v_mbcnt_hi") ? 32 : 0;
  else if (startsWith(Mn, "v_lshrrev_b32"))
    F.Kind = Family::VectorArith, F.Op = Operation::ShiftRight, F.Amount = 1;
  else if (startsWith(Mn, "v_lshlrev_b32"))
    F.Kind = Family::VectorArith, F.Op = Operation::ShiftLeft, F.Amount = 1;
  else if (startsWith(Mn, "v_and_b32"))
    F.Kind = Family::VectorArith, F.Op = Operation::And;
  else if (startsWith(Mn, "v_or_b32"))
    F.Kind = Family::VectorArith, F.Op = Operation::Or;
  else if (startsWith(Mn, "v_add_u32") || startsWith(Mn, "v_add_nc_u32"))
    F.Kind = Family::VectorArith, F.Op = Operation::Add;
  else if (startsWith(Mn, "v_sub_u32") || startsWith(Mn, "v_sub_nc_u32"))
    F.Kind = Family::VectorArith, F.Op = Operation::Sub;
}

} // namespace

InstructionFamily classifyInstruction(std::string_view Mn) {
  InstructionFamily F;
  F.Cost = costOf(Mn, flowOf(Mn));
  F.Category = categoryOf(Mn, F.Cost);
  F.Scalar = startsWith(Mn, "s_");
  F.HazardWait = Mn == "s_nop" || Mn == "s_delay_alu" || Mn == "s_wait_alu";
  if (F.Scalar)
    classifyScalar(Mn, F);
  else
    classifyVector(Mn, F);
  return F;
}

} // namespace sqtt::isa
