// marker_kind.hpp - the one definition of what kinds of markers exist and
// the .sqtt_funcmap rows that name them.
//
// A funcmap row's first character says what it is (docs/FORMATS.md §2):
// F a function scope, K a kernel, U a user scope, P a point (named points,
// the plugin's own barrier and memory points, and the heads of address
// blocks alike), R a header's payload count, W the wave size of address
// blocks, M the gfx12 packed-header layout. The plugin tells its points
// apart (system, address) for numbering; a reader sees them as points.
// Dependency-free and constexpr.
#pragma once

#include <cstdint>
#include <optional>

namespace sqtt_marker_kind {

/// The integer values are also the plugin's !sqtt.markers.early format.
enum class MarkerKind : uint8_t {
  Function = 0,
  Kernel = 1,
  User = 2,
  Point = 3,
  SystemPoint = 4,  // a barrier or memory-operation point the plugin plants
  AddressPoint = 5, // the head of an address block
};
inline constexpr MarkerKind last_kind = MarkerKind::AddressPoint;

/// Whether markers of \p k open and close scopes (the others are instants).
constexpr bool is_scope(MarkerKind k) { return k == MarkerKind::Function || k == MarkerKind::User; }
/// What a reader of the funcmap sees: every point is a point.
constexpr MarkerKind as_read(MarkerKind k) { return k == MarkerKind::SystemPoint || k == MarkerKind::AddressPoint ? MarkerKind::Point : k; }

/// A kind's name in code.json's sqtt_funcmap rows and the decoder's JSON.
constexpr const char *name_of(MarkerKind k) {
  switch (as_read(k)) {
  case MarkerKind::Function: return "func";
  case MarkerKind::Kernel: return "kernel";
  case MarkerKind::User: return "user";
  default: return "point";
  }
}

namespace row {
inline constexpr char function = 'F';
inline constexpr char kernel = 'K';
inline constexpr char user = 'U';
inline constexpr char point = 'P';
inline constexpr char payload = 'R';
inline constexpr char wave_size = 'W';
inline constexpr char layout = 'M';
} // namespace row

/// The row prefix of a marker of kind \p k.
constexpr char row_of(MarkerKind k) {
  switch (k) {
  case MarkerKind::Function: return row::function;
  case MarkerKind::Kernel: return row::kernel;
  case MarkerKind::User: return row::user;
  case MarkerKind::Point:
  case MarkerKind::SystemPoint:
  case MarkerKind::AddressPoint: return row::point;
  }
  return row::point;
}

/// The kind a marker row's prefix names; nullopt for R, W, M and unknown rows.
constexpr std::optional<MarkerKind> kind_of_row(char prefix) {
  switch (prefix) {
  case row::function: return MarkerKind::Function;
  case row::kernel: return MarkerKind::Kernel;
  case row::user: return MarkerKind::User;
  case row::point: return MarkerKind::Point;
  default: return std::nullopt;
  }
}

/// Keys of the R: and M: rows.
inline constexpr const char *extra_payload_count_key = "extra_payload_count";
inline constexpr const char *access_bytes_key = "access_bytes";
inline constexpr const char *base_key = "base";
inline constexpr const char *shader_clock_bits_key = "shader_clock_bits";
inline constexpr const char *shader_clock_shift_key = "shader_clock_shift";

/// The section names in a code object.
inline constexpr const char *funcmap_section = ".sqtt_funcmap";

// docs/FORMATS.md §2 gives these; a change here must change it too.
static_assert(row_of(MarkerKind::AddressPoint) == 'P' && kind_of_row('U') == MarkerKind::User && !kind_of_row('R'));
static_assert(static_cast<unsigned>(MarkerKind::Kernel) == 1 && static_cast<unsigned>(last_kind) == 5);

} // namespace sqtt_marker_kind
