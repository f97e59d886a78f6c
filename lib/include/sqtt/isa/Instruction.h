// Instruction.h - one decoded AMDGPU instruction, in the terms the ISA model
// reasons in: its mnemonic, register and immediate operands in assembly
// order, the registers it writes without naming them, and where control goes
// after it.
//
// Registers share one numbering: scalar registers by their hardware operand
// encoding (s0-s105, vcc_lo 106, vcc_hi 107, ttmp0-15 108-123, m0 124,
// exec_lo 126, exec_hi 127), SCC 128, VGPRs from VgprBase and AGPRs from
// AgprBase. A register tuple is its first register and a count.
#pragma once

#include "sqtt/isa/InstructionFamily.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sqtt::isa {

namespace reg {
constexpr uint16_t VccLo = 106, VccHi = 107, M0 = 124, Null = 125, ExecLo = 126, ExecHi = 127, Scc = 128;
constexpr uint16_t NumScalar = 129; // s0 .. SCC
constexpr uint16_t VgprBase = 1024, AgprBase = 2048, Limit = 3072;
constexpr uint16_t None = 0xFFFF;
/// The calling convention's caller-saved scalar registers (s0-s29, VCC, m0,
/// SCC): a callee may leave them changed. Every other one (s30 and up: the
/// return address, stack and frame pointers, s34-s105; EXEC) is the
/// caller's again after the call.
constexpr bool callerSaved(uint16_t R) { return R < 30 || R == VccLo || R == VccHi || R == M0 || R == Scc; }
} // namespace reg

struct RegRange {
  uint16_t First = reg::None;
  uint16_t Count = 0;
  bool valid() const { return First != reg::None && Count > 0; }
  bool scalar() const { return First < reg::NumScalar; }
  bool vector() const { return First >= reg::VgprBase && First < reg::Limit; }
  bool contains(uint16_t R) const { return valid() && R >= First && R < First + Count; }
};

struct Operand {
  enum Kind : uint8_t { Register, Immediate, Other } K = Other;
  RegRange Reg;
  int64_t Imm = 0;
  bool isReg() const { return K == Register; }
  bool isImm() const { return K == Immediate; }
};

struct Instruction {
  uint64_t Address = 0;
  uint32_t Size = 0;
  std::string Mnemonic; // as the assembler spells it: "s_cbranch_scc0"
  std::string Text;     // the whole instruction as the assembler prints it
  std::vector<Operand> Ops;
  unsigned NumDefs = 0; // the first NumDefs operands are written
  std::vector<RegRange> ImplicitDefs;
  Flow Kind = Flow::Next;
  InstructionFamily What; // classified once, when decoded
  std::optional<uint64_t> Target; // a branch's or a direct call's
  /// Operand \p N, or an empty one past the last.
  const Operand &op(size_t N) const {
    static const Operand None;
    return N < Ops.size() ? Ops[N] : None;
  }
  bool isTrace() const { return What.Kind == Family::TraceM0 || What.Kind == Family::TraceImm; }
  bool isScalar() const { return What.Scalar; }
  /// Every register the instruction writes, named or not.
  std::vector<RegRange> defs() const;
  bool writes(uint16_t R) const;
};

} // namespace sqtt::isa
