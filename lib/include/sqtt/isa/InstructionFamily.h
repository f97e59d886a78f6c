// InstructionFamily.h - what a decoded instruction does, classified once from
// its mnemonic when it is decoded: the semantic family the interpreter
// dispatches on (with the operation, width and signedness it needs), the
// cost class the simulator prices it by, the category a thread trace gives
// it, and where control goes after it.
// The interpreter, the verifier and the simulator read these; no other code
// matches mnemonic text.
#pragma once

#include "sqtt/trace/WaveInstructions.h"

#include <cstdint>
#include <string_view>

namespace sqtt::isa {

/// Where control goes after an instruction.
enum class Flow : uint8_t {
  Next,       // the next instruction
  Branch,     // always to Target
  CondBranch, // to Target or the next instruction
  Call,       // into another function and back (s_swappc_b64, s_call_b64)
  Return,     // out of the function (s_setpc_b64: a return or a tail call)
  End,        // the wave ends (s_endpgm)
  Indirect,   // somewhere not known (a jump through a register)
};

/// The families the interpreter models; Other: what it writes becomes unknown.
enum class Family : uint8_t {
  Other,
  // Scalar ALU.
  MoveK,           // s_movk_i32: a sign-extended 16-bit immediate
  Move,            // s_mov
  CondMove,        // s_cmov: a move when SCC is set
  Select,          // s_cselect: by SCC
  BitTest,         // s_bitcmp0/1: a bit of a register into SCC (Op: Eq for bitcmp1, Ne for bitcmp0)
  Logic,           // s_and, s_or, s_xor and their negated forms (Op)
  Not,             // s_not
  Shift,           // s_lshl, s_lshr, s_ashr of 32 bits (Op)
  BitFieldExtract, // s_bfe of 32 bits
  Compare,         // s_cmp, s_cmpk (Op: the condition; Imm16 for cmpk)
  SaveExec,        // s_<op>_saveexec (Op: how EXEC is combined)
  ShiftAdd,        // s_lshl<N>_add_u32 (Amount: N)
  AddSub,          // 32-bit add/sub, with or without carry in (Op, Carry)
  Add64,           // s_add_nc_u64, s_add_u64, s_sub_nc_u64 (Op)
  SignExtend,      // s_sext_i32_i8/i16 (Amount: the source width)
  GetReg,          // s_getreg_b32
  GetPc,           // s_getpc_b64, s_get_pc_i64
  CondBranch,      // s_cbranch_* on SCC, VCC or EXEC (Op: the condition)
  TraceM0,         // s_ttracedata: records m0
  TraceImm,        // s_ttracedata_imm: records its immediate
  // Vector instructions that carry scalar values.
  ReadFirstLane,   // v_readfirstlane_b32
  ReadLane,        // v_readlane_b32
  WriteLane,       // v_writelane_b32
  VectorCopy,      // v_mov_b32 and the AGPR moves
  VectorShiftCombine, // v_lshl_or_b32, v_lshl_add_u32 (Op: Or, Add)
  VectorCompare,   // v_cmp(x)_<cond>_{u,i}32 (Op; E64 for the VOP3 form; Amount 1: v_cmpx, EXEC too)
  CndMask,         // v_cndmask_b32
  LaneCount,       // v_mbcnt_lo/hi_u32_b32 (Amount: 0 for lo, 32 for hi): how code gets a lane's id
  VectorArith,     // v_lshlrev/v_lshrrev/v_and/v_or/v_add/v_sub of 32 bits, no carry out (Op; Amount 1:
                   // the operands reversed, as the *rev forms take them)
  SpillStore,      // scratch_/buffer_ store of one dword
  SpillLoad,       // scratch_/buffer_ load of one dword
};

/// The operation or condition within a family.
enum class Operation : uint8_t {
  None,
  And, Or, Xor, AndNot, OrNot, Nand, Nor, Xnor, // Logic, SaveExec
  ShiftLeft, ShiftRight, ShiftRightArithmetic,  // Shift
  Add, Sub,                                     // AddSub, Add64, VectorShiftCombine
  Eq, Ne, Gt, Ge, Lt, Le,                       // Compare, VectorCompare, BitTest
  SccZero, SccOne, VccNonzero, VccZero, ExecNonzero, ExecZero, // CondBranch
};

/// What the simulator prices an instruction as (InstructionCosts' fields).
enum class CostClass : uint8_t { Salu, Smem, Valu, Vmem, Lds, Branch, Wait, Barrier, Other };

struct InstructionFamily {
  Family Kind = Family::Other;
  Operation Op = Operation::None;
  CostClass Cost = CostClass::Other;
  InstCategory Category = InstCategory::Other; // its thread-trace token
  uint8_t Width = 32;  // 32 or 64: the scalar operands' width
  uint8_t Amount = 0;  // ShiftAdd's shift, SignExtend's source bits
  bool Signed = false; // an _i32/_i64 type
  bool Carry = false;  // AddSub with a carry in (addc, subb, add_co_ci, sub_co_ci)
  bool Imm16 = false;  // Compare against a 16-bit immediate (s_cmpk)
  bool E64 = false;    // VectorCompare's VOP3 form (an explicit destination)
  bool Scalar = false; // an s_ instruction
  /// Only waits or schedules for the next instruction (gfx9's hazard s_nop,
  /// gfx11's s_delay_alu, gfx12's s_wait_alu).
  bool HazardWait = false;
  bool wide() const { return Width == 64; }
};

/// Classifies a mnemonic as the assembler spells it ("s_and_saveexec_b64").
InstructionFamily classifyInstruction(std::string_view Mnemonic);
/// Where control goes after an instruction of \p Mnemonic.
Flow flowOf(std::string_view Mnemonic);

} // namespace sqtt::isa
