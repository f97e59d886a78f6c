// ScalarMachine.h - the scalar side of one wave, as far as the code
// determines it: what markers depend on.
//
// Each scalar register holds known bits (a value and the mask of bits that
// are known), so a marker header whose top bits carry a clock sample still
// has a known ID. Interpreted: writes of m0; s_getreg of the HW_ID registers
// (given as inputs, unknown otherwise); moves, selects, the bit, logic,
// shift, bit-field, compare and add/sub instructions of SALU; EXEC saves;
// s_getpc and the adds that form a call target; the VALU instructions that
// move scalar values through lanes (v_writelane/v_readlane spills,
// v_readfirstlane, uniform v_mov, v_cmp and v_cndmask of uniform values;
// -O0's scratch spills of such VGPRs and their reloads).
// Anything else makes what it writes unknown, which is always safe: a branch
// on an unknown condition goes both ways.
#pragma once

#include "sqtt/isa/Instruction.h"

#include <rocprof_trace_decoder/cxx/hardware_ids.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sqtt::isa {

/// A map copied only when changed: states are copied at every fork and
/// join, and the lane and spill maps of -O0 code are large but rarely
/// written.
template <class K, class V> class SharedMap {
public:
  using Map = std::map<K, V>;
  const Map &get() const { return P ? *P : empty(); }
  Map &edit() {
    if (!P)
      P = std::make_shared<Map>();
    else if (P.use_count() > 1)
      P = std::make_shared<Map>(*P);
    return *P;
  }
  bool sameAs(const SharedMap &O) const { return P == O.P || get() == O.get(); }

private:
  static const Map &empty() {
    static const Map E;
    return E;
  }
  std::shared_ptr<Map> P;
};

/// A 32-bit value of which the bits under Known are known.
struct Bits {
  uint32_t V = 0, Known = 0;
  static Bits of(uint32_t Value) { return {Value, ~0u}; }
  static Bits unknown() { return {}; }
  bool known() const { return Known == ~0u; }
  bool operator==(const Bits &O) const { return Known == O.Known && (V & Known) == (O.V & O.Known); }
  bool operator!=(const Bits &O) const { return !(*this == O); }
};

/// The values s_getreg reads from the hardware id registers (HW_ID on gfx9,
/// HW_ID1 and HW_ID2 on gfx10+); unset: unknown. A trace tells some fields
/// of a wave's registers (its SE, CU, SIMD and slot), not all: the bits of a
/// set register that are still unknown are in Unknown.
struct HardwareIds {
  std::optional<uint32_t> HwId, HwId1, HwId2;
  uint32_t UnknownHwId = 0, UnknownHwId1 = 0, UnknownHwId2 = 0;
  std::optional<uint32_t> of(unsigned HwReg) const {
    namespace hwid = sqtt_hardware_ids;
    return HwReg == hwid::hw_id ? HwId : HwReg == hwid::hw_id1 ? HwId1 : HwReg == hwid::hw_id2 ? HwId2 : std::nullopt;
  }
  uint32_t unknownOf(unsigned HwReg) const {
    namespace hwid = sqtt_hardware_ids;
    return HwReg == hwid::hw_id ? UnknownHwId : HwReg == hwid::hw_id1 ? UnknownHwId1 : HwReg == hwid::hw_id2 ? UnknownHwId2 : 0;
  }
  uint32_t &unknownOf(unsigned HwReg) {
    namespace hwid = sqtt_hardware_ids;
    return HwReg == hwid::hw_id ? UnknownHwId : HwReg == hwid::hw_id1 ? UnknownHwId1 : UnknownHwId2;
  }
  /// The register a field of \p HwReg (one of the three) lives in.
  std::optional<uint32_t> &registerOf(unsigned HwReg) {
    namespace hwid = sqtt_hardware_ids;
    return HwReg == hwid::hw_id ? HwId : HwReg == hwid::hw_id1 ? HwId1 : HwId2;
  }
};

/// What a call may change: the scalar registers its callee (and their
/// callees) write, and whether any vector register.
struct CallEffect {
  std::array<bool, reg::NumScalar> Scalar{};
  bool Vector = false;        // every vector register may change
  std::vector<bool> Vectors;  // else those written, from VgprBase
  void addVector(const RegRange &R) {
    if (Vectors.size() < size_t(reg::Limit - reg::VgprBase))
      Vectors.resize(reg::Limit - reg::VgprBase);
    for (uint16_t I = 0; I < R.Count && R.First + I < reg::Limit; ++I)
      Vectors[R.First + I - reg::VgprBase] = true;
  }
  bool writesVector(uint16_t R) const {
    return Vector || (R >= reg::VgprBase && size_t(R - reg::VgprBase) < Vectors.size() && Vectors[R - reg::VgprBase]);
  }
  /// The calling convention's caller-saved registers (reg::callerSaved) and
  /// every vector register: for a callee that is not known.
  static CallEffect unknownCallee();
};

class ScalarMachine {
public:
  /// A wave as launched: every lane active, everything else unknown.
  explicit ScalarMachine(unsigned WaveSize);
  /// Sets every lane's value of VGPR \p Vgpr (a register number from
  /// reg::VgprBase): what the hardware puts there at launch (the work-item
  /// ids).
  void setLanes(uint16_t Vgpr, const std::array<uint32_t, 64> &Values);

  unsigned waveSize() const { return Wave; }
  Bits get(uint16_t R) const { return R < reg::NumScalar ? Regs[R] : Bits(); }
  void set(uint16_t R, Bits B);
  /// Whether any instruction on the path so far wrote m0.
  bool m0Written() const { return M0Written; }
  void assumeM0Written() { M0Written = true; }

  /// Executes \p I's effects. \p Callee: what a call instruction changes
  /// (null: a callee that is not known).
  void execute(const Instruction &I, const HardwareIds &Hw, const CallEffect *Callee = nullptr);
  /// Whether a conditional branch is taken; nullopt when it is not known.
  std::optional<bool> branchTaken(const Instruction &I) const;
  /// The value an s_ttracedata (m0) or s_ttracedata_imm records.
  Bits traceValue(const Instruction &I) const;
  /// The address a call jumps to, when known.
  std::optional<uint64_t> callTarget(const Instruction &I) const;

  /// Returns from a callee that was executed instruction by instruction (the
  /// simulator walks into calls; the verifier summarises them instead): what
  /// the calling convention keeps across a call is as it was at the call,
  /// \p AtCall: s30-s105 (the return address, stack and frame pointers and
  /// the callee-saved SGPRs), EXEC, and the caller's scratch spill slots (the
  /// callee's frame is its own, though it reuses the frame register).
  void returnTo(const ScalarMachine &AtCall);

  /// Keeps only what this state and \p Other agree on (a join point of two
  /// paths: a loop's counters go, what every path leaves alone, a scope
  /// test, stays). Returns whether anything was forgotten.
  bool joinWith(const ScalarMachine &Other);

private:
  Bits read(const Operand &O, unsigned Half = 0) const;
  /// A vector operand's value when every lane holds the same known value.
  Bits uniform(const Operand &O) const;
  void write(const Operand &O, Bits Lo, std::optional<Bits> Hi = std::nullopt);
  void forget(const RegRange &R);
  /// Everything \p I writes becomes unknown.
  void forgetDefs(const Instruction &I);
  void forgetVector(const RegRange &R);
  Bits exec(unsigned Half) const { return Regs[Half ? reg::ExecHi : reg::ExecLo]; }

  unsigned Wave;
  std::array<Bits, reg::NumScalar> Regs{};
  bool M0Written = false;
  SharedMap<uint32_t, Bits> Lanes;   // (vgpr or agpr << 8 | lane): SGPRs spilled to lanes
  SharedMap<uint16_t, Bits> Uniform; // VGPRs holding one known value in every lane
  /// VGPRs whose every lane's value is known: the lane id v_mbcnt gives
  /// (lane 0 is lane 0 whatever the wave), so a lane-id test sets EXEC.
  using LaneValues = std::array<uint32_t, 64>;
  SharedMap<uint16_t, LaneValues> PerLane;
  /// Each lane's value of \p O: a VGPR of PerLane, or one known in every lane.
  std::optional<LaneValues> laneValues(const Operand &O) const;
  /// A join of PerLane maps: keeps \p Into's entries \p From has alike;
  /// returns whether any went.
  static bool keepCommonLanes(std::map<uint16_t, LaneValues> &Into, const std::map<uint16_t, LaneValues> &From);
  // Registers (a mask's low half) holding a copy of EXEC: nonzero, since a
  // wave that runs scalar code has a lane active.
  std::array<bool, reg::NumScalar> ExecCopy{};
  // Scratch slots holding a spilled VGPR, by the scalar registers and
  // offset that address them; forgotten when one of those registers changes.
  struct Slot {
    std::vector<uint16_t> Bases;
    std::map<uint8_t, Bits> Lanes;
    Bits Uniform;
    bool operator==(const Slot &O) const {
      return Bases == O.Bases && Lanes == O.Lanes && Uniform == O.Uniform;
    }
    bool operator!=(const Slot &O) const { return !(*this == O); }
  };
  SharedMap<std::string, Slot> Slots;

  // One handler per instruction family (InstructionFamily.h); the scalar
  // ones in ScalarMachine.cpp, those of vector instructions that carry
  // scalar values in VectorLanes.cpp. A handler returning false found
  // operands it does not model: execute then forgets what \p I writes.
  void executeCall(const Instruction &I, const CallEffect *Callee);
  void executeSelect(const Instruction &I);
  void executeBitTest(const Instruction &I);
  void executeLogic(const Instruction &I);
  void executeShift(const Instruction &I);
  void executeBitFieldExtract(const Instruction &I);
  void executeCompare(const Instruction &I);
  void executeSaveExec(const Instruction &I);
  void executeAddSub(const Instruction &I);
  void executeAdd64(const Instruction &I);
  void executeReadLane(const Instruction &I);
  void executeWriteLane(const Instruction &I);
  bool executeVectorCopy(const Instruction &I);
  bool executeVectorShiftCombine(const Instruction &I);
  void executeVectorCompare(const Instruction &I);
  bool executeLaneCount(const Instruction &I);
  bool executeVectorArith(const Instruction &I);
  /// v_readfirstlane: the first active lane's value.
  Bits firstActiveLane(const Operand &O) const;
  bool executeCndMask(const Instruction &I);
  /// A scratch/buffer dword spill (\p Store) or reload.
  bool spill(const Instruction &I, bool Store);
};

} // namespace sqtt::isa
