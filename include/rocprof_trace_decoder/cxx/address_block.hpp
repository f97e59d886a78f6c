// address_block.hpp - the one definition of an address block: the fourteen
// address-trace kinds, their names, and the records after the header.
//
// The plugin traces a memory operation's per-lane addresses as a block: the
// header of the kind's point marker (funcmap name "addr_trace_<kind>"), then
// a fixed number of payload records (its R: row says how many), laid out by
// the kind's protocol (docs/FORMATS.md §3):
//
//   memory (global/flat):  exec_lo exec_hi, then per lane addr_lo addr_hi
//   lds, permute:          exec_lo exec_hi, then per lane one 32-bit address
//   raw buffer:            exec_lo exec_hi rsrc_lo rsrc_hi soffset, then per
//                          lane voffset
//   struct buffer:         as raw, then per lane vindex after all voffsets
//
// Every lane is recorded whatever EXEC says, so a block's length depends on
// the kind and wave size only. Dependency-free and constexpr.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace sqtt_address_block {

/// none: a point marker that heads no address block.
enum class kind : uint8_t {
  none,
  load,
  store,
  atomic,
  lds_load,
  lds_store,
  lds_atomic,
  ds_permute,
  ds_bpermute,
  buffer_load,
  buffer_store,
  buffer_atomic,
  struct_buffer_load,
  struct_buffer_store,
  struct_buffer_atomic,
};
inline constexpr size_t kind_count = 14;

/// How a kind's addresses are recorded.
enum class protocol : uint8_t { memory, lds, permute, raw_buffer, struct_buffer };

struct kind_info {
  kind k;
  std::string_view marker_name; // the funcmap point's name
  std::string_view name;        // the memory-trace JSON's "kind"
  protocol proto;
};

inline constexpr kind_info kinds[kind_count] = {
    {kind::load, "addr_trace_load", "load", protocol::memory},
    {kind::store, "addr_trace_store", "store", protocol::memory},
    {kind::atomic, "addr_trace_atomic", "atomic", protocol::memory},
    {kind::lds_load, "addr_trace_lds_load", "lds_load", protocol::lds},
    {kind::lds_store, "addr_trace_lds_store", "lds_store", protocol::lds},
    {kind::lds_atomic, "addr_trace_lds_atomic", "lds_atomic", protocol::lds},
    {kind::ds_permute, "addr_trace_ds_permute", "ds_permute", protocol::permute},
    {kind::ds_bpermute, "addr_trace_ds_bpermute", "ds_bpermute", protocol::permute},
    {kind::buffer_load, "addr_trace_buffer_load", "buffer_load", protocol::raw_buffer},
    {kind::buffer_store, "addr_trace_buffer_store", "buffer_store", protocol::raw_buffer},
    {kind::buffer_atomic, "addr_trace_buffer_atomic", "buffer_atomic", protocol::raw_buffer},
    {kind::struct_buffer_load, "addr_trace_struct_buffer_load", "struct_buffer_load", protocol::struct_buffer},
    {kind::struct_buffer_store, "addr_trace_struct_buffer_store", "struct_buffer_store", protocol::struct_buffer},
    {kind::struct_buffer_atomic, "addr_trace_struct_buffer_atomic", "struct_buffer_atomic",
     protocol::struct_buffer},
};

constexpr bool kinds_in_order() {
  for (size_t i = 0; i < kind_count; ++i)
    if (size_t(kinds[i].k) != i + 1)
      return false;
  return true;
}
static_assert(kinds_in_order(), "kinds[] is indexed by kind");

/// The table row of \p k, which must not be none.
constexpr const kind_info &info_of(kind k) { return kinds[size_t(k) - 1]; }
constexpr std::string_view name_of(kind k) { return k == kind::none ? "none" : info_of(k).name; }
constexpr std::string_view marker_name_of(kind k) { return k == kind::none ? "" : info_of(k).marker_name; }
constexpr protocol protocol_of(kind k) { return info_of(k).proto; }

/// The kind whose point marker is named \p marker_name; none for others.
constexpr kind kind_of_marker_name(std::string_view marker_name) {
  if (marker_name.substr(0, 11) != "addr_trace_")
    return kind::none;
  for (const kind_info &i : kinds)
    if (i.marker_name == marker_name)
      return i.k;
  return kind::none;
}

/// The kind whose memory-trace name is \p name; none for others.
constexpr kind kind_of_name(std::string_view name) {
  for (const kind_info &i : kinds)
    if (i.name == name)
      return i.k;
  return kind::none;
}

constexpr bool is_buffer(protocol p) { return p == protocol::raw_buffer || p == protocol::struct_buffer; }
/// LDS offsets and permute lane indices are 32-bit; the others 64-bit.
constexpr bool has_32bit_addresses(protocol p) { return p == protocol::lds || p == protocol::permute; }

inline constexpr size_t exec_words = 2;
/// A buffer's resource base (two words, the stride in the second) and soffset.
inline constexpr size_t buffer_words = 3;

/// Records after the header and before the per-lane words.
constexpr size_t fixed_words(protocol p) { return exec_words + (is_buffer(p) ? buffer_words : 0); }
/// Per-lane words: a 64-bit address's two halves, or a struct buffer's
/// voffset and vindex (two runs of a word per lane).
constexpr size_t words_per_lane(protocol p) {
  return p == protocol::memory || p == protocol::struct_buffer ? 2 : 1;
}
/// The payload records following the header (the R: row's count).
constexpr size_t payload_words(protocol p, uint32_t wave_size) {
  return fixed_words(p) + words_per_lane(p) * wave_size;
}

/// Indices of a block's words after its header.
inline constexpr size_t exec_lo_word = 0, exec_hi_word = 1;
inline constexpr size_t rsrc_lo_word = 2, rsrc_hi_word = 3, soffset_word = 4;

/// Word \p part (0: the address's low half or the voffset; 1: the high half
/// or the vindex) of \p lane.
constexpr size_t lane_word(protocol p, uint32_t wave_size, uint32_t lane, unsigned part) {
  if (p == protocol::struct_buffer)
    return fixed_words(p) + size_t(part) * wave_size + lane;
  return fixed_words(p) + size_t(lane) * words_per_lane(p) + part;
}

/// A buffer resource's base address (48 bits) and record stride (14 bits).
constexpr uint64_t buffer_base(uint32_t rsrc_lo, uint32_t rsrc_hi) {
  return (uint64_t(rsrc_lo) | uint64_t(rsrc_hi) << 32) & 0xFFFFFFFFFFFFull;
}
constexpr uint32_t buffer_stride(uint32_t rsrc_hi) { return (rsrc_hi >> 16) & 0x3FFF; }
inline constexpr uint32_t max_buffer_stride = 0x3FFF;
/// The second resource word for \p base and \p stride.
constexpr uint32_t buffer_rsrc_hi(uint64_t base, uint32_t stride) {
  return (uint32_t(base >> 32) & 0xFFFF) | (stride & max_buffer_stride) << 16;
}

// docs/FORMATS.md §3 gives these numbers; a change here must change it too.
static_assert(payload_words(protocol::memory, 64) == 130 && payload_words(protocol::memory, 32) == 66);
static_assert(payload_words(protocol::lds, 64) == 66 && payload_words(protocol::permute, 32) == 34);
static_assert(payload_words(protocol::raw_buffer, 64) == 69);
static_assert(payload_words(protocol::struct_buffer, 64) == 133);
static_assert(lane_word(protocol::memory, 64, 1, 1) == 5 && lane_word(protocol::struct_buffer, 32, 3, 1) == 40);
static_assert(kind_of_marker_name("addr_trace_struct_buffer_atomic") == kind::struct_buffer_atomic);
static_assert(kind_of_marker_name("addr_trace_") == kind::none && kind_of_marker_name("load") == kind::none);
static_assert(buffer_stride(buffer_rsrc_hi(0x123456789ABCull, 16)) == 16);
static_assert(buffer_base(0x56789ABC, buffer_rsrc_hi(0x123456789ABCull, 16)) == 0x123456789ABCull);

} // namespace sqtt_address_block
