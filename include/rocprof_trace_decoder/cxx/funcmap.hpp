// funcmap.hpp - the .sqtt_funcmap ID-to-name map and marker decoding.
//
// Header-only, C++17, no dependencies. A code object built with the SQTT
// instrumentation plugin carries a .sqtt_funcmap section: newline-separated
// rows, NUL-terminated (several NUL-separated chunks when -fgpu-rdc linked
// several translation units), that say what each marker ID means:
//
//   M:shader_clock_bits=12;shader_clock_shift=4   gfx12 packed header layout
//   F:<id>:<name>[@<loc>]                         function (enter/exit scope)
//   K:<name>[@<loc>]                              kernel (address lookup only)
//   U:<id>:<name>                                 user scope
//   P:<id>:<name>[@<loc>]                         point (addr_trace_* carry loc)
//   R:<id>:extra_payload_count=<n>[;access_bytes=<b>][;base=<object>]
//                                                 records following the header;
//                                                 an address trace's width and object
//   W:<32|64>                                     wave size of address traces
//
// A marker value is (id << 2) | enter << 1 | exit_prev; with an M: row, the
// top shader_clock_bits bits of a header hold a sampled shader clock.
#pragma once

#include "marker_kind.hpp"
#include "marker_value.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rocprof_trace_decoder {
namespace codeobj {

struct MarkerValue {
  uint32_t id = 0;
  bool is_enter = false;
  bool exit_prev = false;
};

/// The legacy layout: id = value >> 2.
constexpr MarkerValue decode_marker_value(uint32_t value) {
  return MarkerValue{sqtt_marker_value::id_of(value), sqtt_marker_value::enters(value),
                     sqtt_marker_value::exits_previous(value)};
}

constexpr uint32_t bit_mask(uint32_t bits) { return sqtt_marker_value::low_bits(bits); }

/// The header layout of one code object (its M: row), in the names of the
/// decoder's API; the layout itself is sqtt_marker_value::packed_layout.
struct MarkerEncoding {
  uint32_t shader_clock_bits = 0;
  uint32_t shader_clock_shift = 0;

  constexpr sqtt_marker_value::packed_layout layout() const { return {shader_clock_bits, shader_clock_shift}; }
  constexpr bool is_valid() const { return layout().valid(); }
  constexpr bool has_shader_clock() const { return shader_clock_bits != 0; }
  constexpr bool packed() const { return layout().packed(); }

  /// Bits of a raw 32-bit value holding the marker ID.
  constexpr uint32_t marker_id_mask() const { return layout().id_mask(); }
  /// Bits of a raw value holding the sampled clock.
  constexpr uint32_t packed_shader_clock_mask() const { return layout().clock_mask(); }
  /// The window of the source shader-clock low word that was sampled.
  constexpr uint32_t shader_clock_source_mask() const { return layout().source_mask(); }
  /// The sampled clock field, right-aligned. Meaningful for packed headers.
  constexpr uint32_t decode_shader_clock(uint32_t raw) const { return layout().clock_of(raw); }
};

/// Decodes \p value as a header in layout \p encoding.
constexpr MarkerValue decode_marker_value(uint32_t value, const MarkerEncoding &encoding) {
  if (!encoding.packed())
    return decode_marker_value(value);
  MarkerValue legacy = decode_marker_value(value);
  legacy.id = encoding.layout().id_of(value);
  return legacy;
}

/// A row's kind (one of Function, Kernel, User, Point when read).
using FuncmapEntryType = sqtt_marker_kind::MarkerKind;

struct FuncmapEntry {
  FuncmapEntryType type = FuncmapEntryType::Point;
  uint32_t id = 0; // 0 for kernels
  std::string name;
  std::string source_loc;
  uint32_t extra_payload_count = 0;
  /// An address trace's R: row: the bytes a lane moves (0: not said) and
  /// the object its address derives from ("" when not said).
  uint32_t access_bytes = 0;
  std::string base;
};

struct FuncmapDiagnostic {
  size_t line = 0; // 1-based row number in the section text
  std::string message;
};

/// One marker ID that two rows give different meanings: the translation units
/// of an -fgpu-rdc build each numbered their markers from 1 and the device
/// link ran without the plugin's link phase to renumber them.
struct FuncmapConflict {
  size_t line = 0; // the later row
  uint32_t id = 0;
  std::string first, second; // the names the two rows give
};

struct Funcmap {
  /// Every row of type F/K/U/P, in section order.
  std::vector<FuncmapEntry> entries;
  /// IDs with two meanings; a reader that names markers must not guess.
  std::vector<FuncmapConflict> conflicts;
  uint32_t wave_size = 0; // 0 without a W: row
  MarkerEncoding marker_encoding;
  std::vector<FuncmapDiagnostic> diagnostics;

  /// The non-kernel entry with \p id, or null.
  const FuncmapEntry *find(uint32_t id) const {
    auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : &entries[it->second];
  }
  bool empty() const { return entries.empty() && wave_size == 0 && !marker_encoding.has_shader_clock(); }

  std::unordered_map<uint32_t, size_t> by_id_;
};

/// Decodes a raw shaderdata value of a code object: packed headers for IDs
/// the map knows and for bare exits; anything else in the legacy layout (an
/// unregistered numeric marker is not reinterpreted).
inline MarkerValue decode_marker_value(uint32_t value, const Funcmap &funcmap) {
  const MarkerEncoding &encoding = funcmap.marker_encoding;
  if (!encoding.packed())
    return decode_marker_value(value);
  MarkerValue packed = decode_marker_value(value, encoding);
  bool bare_exit = packed.id == 0 && packed.exit_prev && !packed.is_enter;
  if (bare_exit || funcmap.find(packed.id))
    return packed;
  return decode_marker_value(value);
}

namespace detail {

inline bool parse_u32(std::string_view s, uint32_t &out) {
  if (s.empty() || s.size() > 10)
    return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9')
      return false;
    v = v * 10 + uint64_t(c - '0');
  }
  if (v > 0xFFFFFFFFu)
    return false;
  out = uint32_t(v);
  return true;
}

inline std::string_view trim_row(std::string_view s) {
  while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t' || s.back() == '\0'))
    s.remove_suffix(1);
  return s;
}

/// "k=v;k=v" into (key, value) pairs; false on a piece without '='.
inline bool parse_pairs(std::string_view s,
                        std::vector<std::pair<std::string_view, std::string_view>> &out) {
  while (!s.empty()) {
    size_t semi = s.find(';');
    std::string_view piece = s.substr(0, semi);
    s = semi == std::string_view::npos ? std::string_view() : s.substr(semi + 1);
    if (piece.empty())
      continue;
    size_t eq = piece.find('=');
    if (eq == std::string_view::npos)
      return false;
    out.emplace_back(piece.substr(0, eq), piece.substr(eq + 1));
  }
  return true;
}

} // namespace detail

struct ParseOptions {
  /// Echo each diagnostic to stderr as
  /// "rocprof-trace-decoder: .sqtt_funcmap warning (line N): ...".
  bool echo_diagnostics = false;
};

/// Parses the text of a .sqtt_funcmap section. Never throws on bad rows:
/// each is skipped with a diagnostic in the result.
inline Funcmap parse_funcmap(std::string_view text, const ParseOptions &options = {}) {
  Funcmap map;
  struct PendingPayload {
    size_t line;
    uint32_t id;
    uint32_t count;
    uint32_t access_bytes;
    std::string base;
  };
  std::vector<PendingPayload> payloads;
  auto warn = [&](size_t line, std::string message) {
    if (options.echo_diagnostics)
      std::fprintf(stderr, "rocprof-trace-decoder: .sqtt_funcmap warning (line %zu): %s\n",
                   line, message.c_str());
    map.diagnostics.push_back({line, std::move(message)});
  };
  auto quoted = [](std::string_view s) { return "\"" + std::string(s) + "\""; };

  size_t line_no = 0;
  while (!text.empty()) {
    size_t end = text.find_first_of(std::string_view("\n\0", 2));
    std::string_view raw = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++line_no;
    std::string_view row = detail::trim_row(raw);
    if (row.empty())
      continue;
    if (row.size() < 2 || row[1] != ':') {
      warn(line_no, "malformed row (no prefix:): " + quoted(row));
      continue;
    }
    char prefix = row[0];
    std::string_view rest = row.substr(2);
    switch (prefix) {
    case sqtt_marker_kind::row::function:
    case sqtt_marker_kind::row::user:
    case sqtt_marker_kind::row::point: {
      size_t colon = rest.find(':');
      uint32_t id = 0;
      if (colon == std::string_view::npos || !detail::parse_u32(rest.substr(0, colon), id)) {
        warn(line_no, std::string("malformed ") + prefix + ": row (bad ID): " + quoted(row));
        break;
      }
      std::string_view name = rest.substr(colon + 1), loc;
      size_t at = name.find('@');
      if (at != std::string_view::npos) {
        loc = name.substr(at + 1);
        name = name.substr(0, at);
      }
      if (name.empty()) {
        warn(line_no, std::string("malformed ") + prefix + ": row (empty name): " + quoted(row));
        break;
      }
      FuncmapEntry entry;
      entry.type = *sqtt_marker_kind::kind_of_row(prefix);
      entry.id = id;
      entry.name = std::string(name);
      entry.source_loc = std::string(loc);
      auto it = map.by_id_.find(id);
      if (it != map.by_id_.end()) {
        FuncmapEntry &previous = map.entries[it->second];
        // The same row again (two -fgpu-rdc units that agree) is harmless.
        if (previous.type != entry.type || previous.name != entry.name ||
            previous.source_loc != entry.source_loc) {
          warn(line_no, "duplicate marker ID " + std::to_string(id) + " - previous " +
                            quoted(previous.name) + " replaced by " + quoted(name));
          map.conflicts.push_back({line_no, id, previous.name, entry.name});
          previous = std::move(entry);
        }
      } else {
        map.by_id_.emplace(id, map.entries.size());
        map.entries.push_back(std::move(entry));
      }
      break;
    }
    case sqtt_marker_kind::row::kernel: {
      std::string_view name = rest, loc;
      size_t at = name.find('@');
      if (at != std::string_view::npos) {
        loc = name.substr(at + 1);
        name = name.substr(0, at);
      }
      if (name.empty()) {
        warn(line_no, "K: row missing name: " + quoted(row));
        break;
      }
      FuncmapEntry entry;
      entry.type = FuncmapEntryType::Kernel;
      entry.name = std::string(name);
      entry.source_loc = std::string(loc);
      map.entries.push_back(std::move(entry));
      break;
    }
    case sqtt_marker_kind::row::wave_size: {
      uint32_t wave = 0;
      if (!detail::parse_u32(rest, wave) || (wave != 32 && wave != 64)) {
        warn(line_no, "malformed W: row: " + quoted(row));
        break;
      }
      map.wave_size = wave;
      break;
    }
    case sqtt_marker_kind::row::payload: {
      size_t colon = rest.find(':');
      uint32_t id = 0;
      if (colon == std::string_view::npos || !detail::parse_u32(rest.substr(0, colon), id)) {
        warn(line_no, "malformed R: row (bad ID): " + quoted(row));
        break;
      }
      std::vector<std::pair<std::string_view, std::string_view>> pairs;
      uint32_t count = 0, access_bytes = 0;
      std::string base;
      bool found = false, ok = detail::parse_pairs(rest.substr(colon + 1), pairs);
      for (auto &[key, value] : pairs) {
        if (key == sqtt_marker_kind::extra_payload_count_key)
          found = detail::parse_u32(value, count);
        else if (key == sqtt_marker_kind::access_bytes_key && (!detail::parse_u32(value, access_bytes) || access_bytes > 1024)) {
          // No memory instruction moves more than a few dozen bytes a lane.
          warn(line_no, "R: row with a bad access_bytes (ignored): " + quoted(row));
          access_bytes = 0;
        }
        else if (key == sqtt_marker_kind::base_key)
          base = std::string(value);
      }
      if (!ok || !found) {
        warn(line_no, "malformed R: row: " + quoted(row));
        break;
      }
      payloads.push_back({line_no, id, count, access_bytes, std::move(base)});
      break;
    }
    case sqtt_marker_kind::row::layout: {
      std::vector<std::pair<std::string_view, std::string_view>> pairs;
      bool ok = detail::parse_pairs(rest, pairs);
      bool has_bits = false, has_shift = false;
      uint32_t bits = 0, shift = 0;
      for (auto &[key, value] : pairs) {
        if (key == sqtt_marker_kind::shader_clock_bits_key)
          ok = ok && (has_bits = detail::parse_u32(value, bits));
        else if (key == sqtt_marker_kind::shader_clock_shift_key)
          ok = ok && (has_shift = detail::parse_u32(value, shift));
      }
      if (ok && !has_bits)
        break; // Not about the clock layout.
      if (!ok || (bits > 0 && !has_shift) || shift > 32 || !sqtt_marker_value::packed_layout{bits, shift}.valid()) {
        warn(line_no, "malformed M: row: " + quoted(row) + " - using the no-clock layout");
        break;
      }
      map.marker_encoding.shader_clock_bits = bits;
      map.marker_encoding.shader_clock_shift = bits == 0 ? 0 : shift;
      break;
    }
    default:
      warn(line_no, std::string("unknown row prefix '") + prefix + "': " + quoted(row));
      break;
    }
  }
  for (const PendingPayload &p : payloads) {
    auto it = map.by_id_.find(p.id);
    if (it == map.by_id_.end()) {
      warn(p.line, "R: row for unknown marker ID " + std::to_string(p.id));
      continue;
    }
    map.entries[it->second].extra_payload_count = p.count;
    map.entries[it->second].access_bytes = p.access_bytes;
    map.entries[it->second].base = p.base;
  }
  return map;
}

/// Finds the .sqtt_funcmap section of an in-memory ELF64 image and returns
/// its bytes. Throws std::runtime_error for a bad image; returns an empty
/// view if the image has no such section.
inline std::string_view find_funcmap_section(const void *image, size_t size) {
  const auto *bytes = static_cast<const unsigned char *>(image);
  auto fail = [](const char *what) { throw std::runtime_error(what); };
  if (size < 64 || std::memcmp(bytes, "\x7f" "ELF", 4) != 0)
    fail("not an ELF image (bad ELFMAG)");
  if (bytes[4] != 2)
    fail("not ELF64 (EI_CLASS)");
  if (bytes[5] != 1)
    fail("not little-endian ELF (EI_DATA)");
  auto rd16 = [&](size_t off) { uint16_t v; std::memcpy(&v, bytes + off, 2); return v; };
  auto rd32 = [&](size_t off) { uint32_t v; std::memcpy(&v, bytes + off, 4); return v; };
  auto rd64 = [&](size_t off) { uint64_t v; std::memcpy(&v, bytes + off, 8); return v; };
  uint64_t shoff = rd64(0x28);
  uint16_t shentsize = rd16(0x3A), shnum = rd16(0x3C), shstrndx = rd16(0x3E);
  if (shnum == 0)
    return {};
  if (shentsize < 64 || shoff > size || uint64_t(shnum) * shentsize > size - shoff)
    fail("section header table out of bounds");
  if (shstrndx >= shnum)
    fail("bad section name table index");
  auto section = [&](size_t i, uint64_t &off, uint64_t &sz) {
    size_t h = size_t(shoff + i * shentsize);
    off = rd64(h + 0x18);
    sz = rd64(h + 0x20);
    if (rd32(h + 4) != 8 /* SHT_NOBITS */ && (off > size || sz > size - off))
      fail("section out of bounds");
  };
  uint64_t stroff, strsz;
  section(shstrndx, stroff, strsz);
  for (size_t i = 0; i < shnum; ++i) {
    size_t h = size_t(shoff + i * shentsize);
    uint32_t name = rd32(h);
    if (name >= strsz)
      continue;
    const char *n = reinterpret_cast<const char *>(bytes + stroff + name);
    size_t max = size_t(strsz - name);
    if (std::string_view(n, strnlen(n, max)) == sqtt_marker_kind::funcmap_section) {
      uint64_t off, sz;
      section(i, off, sz);
      if (sz == 0)
        fail(".sqtt_funcmap section present but empty");
      return std::string_view(reinterpret_cast<const char *>(bytes + off), size_t(sz));
    }
  }
  return {};
}

/// The funcmap of an in-memory ELF64 code object (empty if it has none).
inline Funcmap parse_funcmap_section(const void *image, size_t size,
                                     const ParseOptions &options = {}) {
  return parse_funcmap(find_funcmap_section(image, size), options);
}

} // namespace codeobj
} // namespace rocprof_trace_decoder
