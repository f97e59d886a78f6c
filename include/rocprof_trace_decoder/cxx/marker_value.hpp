// marker_value.hpp - the one definition of a marker's 32-bit value.
//
// Bits 31..2 hold the ID, bit 1 is "enter" (push a scope), bit 0 "exit
// previous" (pop the innermost one): a bare exit is 1, a point id << 2, an
// enter (id << 2) | 2, an exit directly followed by an enter (id << 2) | 3.
// With gfx12 clock packing (packed_layout below, docs/FORMATS.md §4) the top
// bits of a header carry a window of the shader clock sampled at the marker
// and the ID keeps the bits below them. Dependency-free and constexpr, so
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

/// The lowest \p bits bits set.
constexpr uint32_t low_bits(uint32_t bits) { return bits == 0 ? 0u : bits >= 32 ? ~0u : (1u << bits) - 1u; }

/// The gfx12 packed-header layout: the top \p clock_bits bits of a header
/// hold bits [clock_shift, clock_shift + clock_bits) of the shader clock; the
/// ID keeps 30 - clock_bits bits above the flags. clock_bits 0 is the plain
/// layout.
struct packed_layout {
  uint32_t clock_bits = 0;
  uint32_t clock_shift = 0;

  static constexpr uint32_t max_clock_bits = 29;

  constexpr bool valid() const {
    return clock_bits == 0 ||
           (clock_bits <= max_clock_bits && clock_shift < 32 && clock_bits <= 32 - clock_shift);
  }
  constexpr bool packed() const { return clock_bits != 0 && valid(); }

  /// The header bit where the sampled clock window starts (above the kept bits).
  constexpr uint32_t clock_position() const { return 32 - clock_bits; }
  /// The bits of a header the plain value keeps (ID and flags).
  constexpr uint32_t kept_mask() const { return packed() ? low_bits(clock_position()) : ~0u; }
  /// The bits of a header holding the ID.
  constexpr uint32_t id_mask() const { return packed() ? low_bits(30 - clock_bits) << id_shift : ~flag_mask; }
  /// The bits of a header holding the sampled clock.
  constexpr uint32_t clock_mask() const { return packed() ? low_bits(clock_bits) << clock_position() : 0u; }
  /// The bits of the shader clock's low word that were sampled.
  constexpr uint32_t source_mask() const { return packed() ? low_bits(clock_bits) << clock_shift : 0u; }
  /// The largest ID the layout leaves room for.
  constexpr uint32_t max_id() const { return packed() ? low_bits(30 - clock_bits) : low_bits(30); }
  /// The clock's period as the header sees it: 2^(clock_bits + clock_shift).
  constexpr uint64_t window() const { return packed() ? uint64_t(1) << (clock_bits + clock_shift) : 0; }

  /// The ID of a header in this layout.
  constexpr uint32_t id_of(uint32_t header) const { return (header & id_mask()) >> id_shift; }
  /// The sampled clock field of a header, right-aligned.
  constexpr uint32_t clock_of(uint32_t header) const {
    return packed() ? (header >> clock_position()) & low_bits(clock_bits) : 0u;
  }
  /// The sampled clock in shader-clock units (the window's low bits zero).
  constexpr uint64_t sampled_clock_of(uint32_t header) const { return uint64_t(clock_of(header)) << clock_shift; }
  /// The plain value of a header: its clock bits cleared.
  constexpr uint32_t plain_of(uint32_t header) const { return header & kept_mask(); }
  /// A plain value with the window of \p shader_clock (the clock's low word).
  constexpr uint32_t pack(uint32_t plain, uint32_t shader_clock) const {
    if (!packed())
      return plain;
    return ((shader_clock >> clock_shift) & low_bits(clock_bits)) << clock_position() | (plain & kept_mask());
  }
};

// docs/FORMATS.md §3 and §4 give these numbers; a change here must change it too.
static_assert(encode(5, true, false) == 22 && bare_exit == 1);
static_assert(packed_layout{12, 4}.max_id() == (1u << 18) - 1 && packed_layout{12, 4}.kept_mask() == 0xFFFFF);
static_assert(packed_layout{12, 4}.id_of(packed_layout{12, 4}.pack(encode(7, true, false), 0xABCD0)) == 7);
static_assert(packed_layout{12, 4}.clock_of(packed_layout{12, 4}.pack(2, 0xABCD0)) == 0xBCD);
static_assert(!packed_layout{30, 0}.valid() && !packed_layout{20, 13}.valid());

} // namespace sqtt_marker_value
