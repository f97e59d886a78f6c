// KnownBits.h - arithmetic on values of which only some bits are known (the
// scalar machine's Bits): each result bit is known where the operands
// determine it.
#pragma once

#include "sqtt/isa/ScalarMachine.h"

namespace sqtt::isa {

inline Bits bitAnd(Bits A, Bits B) {
  uint32_t Zero = (A.Known & ~A.V) | (B.Known & ~B.V);
  uint32_t Known = (A.Known & B.Known) | Zero;
  return {A.V & B.V & Known, Known};
}
inline Bits bitOr(Bits A, Bits B) {
  uint32_t One = (A.Known & A.V) | (B.Known & B.V);
  uint32_t Known = (A.Known & B.Known) | One;
  return {(A.V | B.V) & Known, Known};
}
inline Bits bitXor(Bits A, Bits B) {
  uint32_t Known = A.Known & B.Known;
  return {(A.V ^ B.V) & Known, Known};
}
inline Bits bitNot(Bits A) { return {~A.V & A.Known, A.Known}; }
/// A << N: the N bits shifted in are known zeros.
inline Bits shiftLeft(Bits A, unsigned N) {
  return N >= 32 ? Bits::of(0) : Bits{A.V << N, (A.Known << N) | ((1u << N) - 1)};
}
/// A + B: the low bits up to the first one either side leaves unknown are
/// the sum's (no carry from below reaches them).
inline Bits addKnown(Bits A, Bits B) {
  uint32_t Both = A.Known & B.Known;
  unsigned Low = Both == ~0u ? 32 : unsigned(__builtin_ctz(~Both));
  uint32_t Mask = Low >= 32 ? ~0u : (1u << Low) - 1;
  return {(A.V + B.V) & Mask, Mask};
}

/// A - B, known as far up as addKnown's sum.
inline Bits subKnown(Bits A, Bits B) {
  Bits Mask = addKnown(A, B);
  return {(A.V - B.V) & Mask.Known, Mask.Known};
}

/// A compare family's condition on two known values (signed or not as the
/// instruction's type says); nullopt for a condition the model does not know.
inline std::optional<bool> compareValues(Operation Cond, int64_t A, int64_t B, bool Signed) {
  uint64_t UA = uint64_t(A), UB = uint64_t(B);
  switch (Cond) {
  case Operation::Eq: return A == B;
  case Operation::Ne: return A != B;
  case Operation::Gt: return Signed ? A > B : UA > UB;
  case Operation::Ge: return Signed ? A >= B : UA >= UB;
  case Operation::Lt: return Signed ? A < B : UA < UB;
  case Operation::Le: return Signed ? A <= B : UA <= UB;
  default: return std::nullopt;
  }
}

} // namespace sqtt::isa
