// marker_value.hpp - the one definition of a marker's 32-bit value.
//
// Bits 31..2 hold the ID, bit 1 is "enter" (push a scope), bit 0 "exit
// previous" (pop the innermost one): a bare exit is 1, a point id << 2, an
// enter (id << 2) | 2, an exit directly followed by an enter (id << 2) | 3.
// (With gfx12 clock packing the top bits of the ID field carry a clock
// sample; funcmap.hpp decodes that layout.) Dependency-free and constexpr, so
// device code (markers.hpp), the decoder (funcmap.hpp), the plugin and the
// tools all use it.
#pragma once

#include <cstdint>

namespace sqtt_marker_value {

inline constexpr uint32_t exit_prev_flag = 1u;
inline constexpr uint32_t enter_flag = 2u;
inline constexpr uint32_t flag_mask = 3u;
inline constexpr uint32_t id_shift = 2;
/// A bare exit: pop the innermost scope, whatever it is.
inline constexpr uint32_t bare_exit = exit_prev_flag;

constexpr uint32_t encode(uint32_t id, bool enter, bool exit_prev) {
  return (id << id_shift) | (enter ? enter_flag : 0u) | (exit_prev ? exit_prev_flag : 0u);
}
/// The same ID with \p flags (the bits under flag_mask) of another value.
constexpr uint32_t with_flags(uint32_t id, uint32_t flags) {
  return (id << id_shift) | (flags & flag_mask);
}
constexpr uint32_t id_of(uint32_t value) { return value >> id_shift; }
constexpr uint32_t flags_of(uint32_t value) { return value & flag_mask; }
constexpr bool enters(uint32_t value) { return (value & enter_flag) != 0; }
constexpr bool exits_previous(uint32_t value) { return (value & exit_prev_flag) != 0; }

} // namespace sqtt_marker_value
