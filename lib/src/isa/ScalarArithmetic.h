// ScalarArithmetic.h - the known-bits arithmetic the scalar machine's
// dispatch (ScalarMachine.cpp) and its families' executors
// (ScalarFamilies.cpp) share.
#pragma once

#include "KnownBits.h"
#include "sqtt/isa/ScalarMachine.h"

#include <cstdint>
#include <optional>

namespace sqtt::isa::scalar {

/// Whether a 32- or 64-bit result is nonzero: known once a known bit is set
/// or every bit is known.
inline std::optional<bool> nonzero(Bits Lo, std::optional<Bits> Hi) {
  if ((Lo.V & Lo.Known) || (Hi && (Hi->V & Hi->Known)))
    return true;
  if (Lo.known() && (!Hi || Hi->known()))
    return false;
  return std::nullopt;
}

inline Bits sccBits(std::optional<bool> B) { return B ? Bits::of(*B ? 1 : 0) : Bits(); }

/// The bitwise operations of the logic and saveexec families.
inline Bits logic(Operation Op, Bits A, Bits B) {
  switch (Op) {
  case Operation::And: return bitAnd(A, B);
  case Operation::Or: return bitOr(A, B);
  case Operation::Xor: return bitXor(A, B);
  case Operation::AndNot: return bitAnd(A, bitNot(B));
  case Operation::OrNot: return bitOr(A, bitNot(B));
  case Operation::Nand: return bitNot(bitAnd(A, B));
  case Operation::Nor: return bitNot(bitOr(A, B));
  case Operation::Xnor: return bitNot(bitXor(A, B));
  default: return Bits();
  }
}

/// A 64-bit result's high half, for the 64-bit forms of \p I's family.
inline std::optional<Bits> high(const Instruction &I, Bits Hi) { return I.What.wide() ? std::optional<Bits>(Hi) : std::nullopt; }

inline int64_t signExtend(uint64_t V, unsigned Bits) {
  return Bits >= 64 ? int64_t(V) : int64_t(V << (64 - Bits)) >> (64 - Bits);
}

} // namespace sqtt::isa::scalar
