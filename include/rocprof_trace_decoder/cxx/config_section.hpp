// config_section.hpp - the one definition of the .sqtt_config section: the
// plugin's configuration, written into each code object it builds (D27).
//
// The section holds NUL-terminated texts (one per -fgpu-rdc unit), each a
// line per setting, `key=value`, starting with the plugin's own line. The
// keys, their values and the order the plugin writes them in are here
// (docs/FORMATS.md §2); the plugin writes them, sqtt-decode-funcmap prints
// them, sqtt-verify reads the scope masks and the trace tools say which CUs
// can record. Dependency-free and constexpr.
#pragma once

#include "hardware_ids.hpp"
#include "scope_mask.hpp"

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

namespace sqtt_config_section {

inline constexpr const char *section = ".sqtt_config";

namespace key {
inline constexpr std::string_view plugin = "plugin"; // sqtt-instrument/<version>
inline constexpr std::string_view llvm = "llvm";     // the LLVM version the plugin ran in
inline constexpr std::string_view scope_wave = "scope_wave";
inline constexpr std::string_view scope_simd = "scope_simd";
inline constexpr std::string_view scope_cu = "scope_cu";
inline constexpr std::string_view scope_wg = "scope_wg";
inline constexpr std::string_view mem_barrier = "mem_barrier";       // none | asm | fence
inline constexpr std::string_view wait_at_exit = "wait_at_exit";     // 0 | 1
inline constexpr std::string_view contain_scopes = "contain_scopes"; // 0 | 1
inline constexpr std::string_view functions = "functions";           // off | [cost:]<threshold>
inline constexpr std::string_view barriers = "barriers";             // 0 | 1
inline constexpr std::string_view memory = "memory";                 // off | <chunk>:<gap>
inline constexpr std::string_view addresses = "addresses";           // off | memory | lds | memory,lds
inline constexpr std::string_view shader_clock = "shader_clock";     // <bits>:<shift>
// A function whose markers the plugin left unscoped although the masks
// filter (every wave records them: a pixel shader, an explicit register
// budget, GWS instructions), by symbol; one line per function, after the
// others, none when every function is scoped.
inline constexpr std::string_view unscoped = "unscoped";
} // namespace key

/// Every key of one setting, in the order the plugin writes them (then
/// key::unscoped, once per function it names).
inline constexpr std::string_view keys[] = {
    key::plugin,    key::llvm,           key::scope_wave, key::scope_simd, key::scope_cu,
    key::scope_wg,  key::mem_barrier,    key::wait_at_exit, key::contain_scopes, key::functions,
    key::barriers,  key::memory,         key::addresses,  key::shader_clock};

/// The plugin's line starts with this value.
inline constexpr std::string_view plugin_name = "sqtt-instrument/";

namespace value {
inline constexpr std::string_view off = "off";
inline constexpr std::string_view barrier_none = "none";
inline constexpr std::string_view barrier_asm = "asm";
inline constexpr std::string_view barrier_fence = "fence";
inline constexpr std::string_view weighted_cost_prefix = "cost:";
inline constexpr std::string_view addresses_memory = "memory";
inline constexpr std::string_view addresses_lds = "lds";
inline constexpr std::string_view addresses_both = "memory,lds";
} // namespace value

/// The key holding the mask of scope dimension \p d.
constexpr std::string_view scope_key(sqtt_hardware_ids::dimension d) {
  switch (d) {
  case sqtt_hardware_ids::dimension::wave: return key::scope_wave;
  case sqtt_hardware_ids::dimension::simd: return key::scope_simd;
  case sqtt_hardware_ids::dimension::cu: return key::scope_cu;
  case sqtt_hardware_ids::dimension::wg: return key::scope_wg;
  }
  return {};
}

/// The dimension whose mask \p k holds, if it holds one.
constexpr std::optional<sqtt_hardware_ids::dimension> dimension_of_key(std::string_view k) {
  for (sqtt_hardware_ids::dimension d : sqtt_hardware_ids::dimensions)
    if (scope_key(d) == k)
      return d;
  return std::nullopt;
}

/// Whether a section text is one the plugin wrote (its plugin line is there).
constexpr bool written_by_plugin(std::string_view text) {
  return text.substr(0, key::plugin.size() + 1) == "plugin=" ||
         text.find("\nplugin=") != std::string_view::npos;
}

// The grammar of the section: texts separated by NUL, lines separated by
// '\n', each setting `key=value` (the value may hold '='; a line without
// '=' is not a setting). Readers use these, so no one else splits it.

/// Calls \p each with every text of a section's contents that the plugin
/// wrote, each distinct text once (units built alike wrote the same text).
template <class Each> void for_each_text(std::string_view contents, Each &&each) {
  for (std::string_view rest = contents; !rest.empty();) {
    size_t end = rest.find('\0');
    std::string_view text = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    if (!written_by_plugin(text))
      continue;
    // Earlier texts all lie in [contents.data(), text.data()): search there.
    std::string_view before(contents.data(), size_t(text.data() - contents.data()));
    bool repeated = false;
    for (size_t at = 0; !repeated && at < before.size();) {
      size_t stop = before.find('\0', at);
      repeated = before.substr(at, stop - at) == text;
      at = stop == std::string_view::npos ? before.size() : stop + 1;
    }
    if (!repeated)
      each(text);
  }
}

/// Calls \p each(key, value) for every setting line of one text.
template <class Each> void for_each_setting(std::string_view text, Each &&each) {
  while (!text.empty()) {
    size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
    size_t eq = line.find('=');
    if (eq != std::string_view::npos)
      each(line.substr(0, eq), line.substr(eq + 1));
  }
}

/// How a mask value is written: lower-case hex with 0x.
inline std::string format_scope_mask(uint32_t mask) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "0x%x", mask);
  return buffer;
}

/// Applies one setting to \p masks: false when it names a mask whose value
/// is not a mask (\p masks unchanged), true otherwise.
inline bool apply_scope_setting(sqtt_hardware_ids::scope_masks &masks, std::string_view k, std::string_view v) {
  std::optional<sqtt_hardware_ids::dimension> d = dimension_of_key(k);
  if (!d)
    return true;
  std::optional<uint32_t> mask = sqtt::parse_scope_mask(v);
  if (mask)
    masks.of(*d) = *mask;
  return mask.has_value();
}

static_assert(sizeof(keys) / sizeof(keys[0]) == 14);
static_assert(dimension_of_key("scope_cu") == sqtt_hardware_ids::dimension::cu && !dimension_of_key("memory"));

} // namespace sqtt_config_section
