// hardware_ids.hpp - the one definition of where a wave's hardware ids live
// and which ids a scope mask selects.
//
// A scope mask (SQTT_SCOPE_WAVE/SIMD/CU/WG) is tested against one field of
// the HW_ID registers: bit i of the mask lets the waves whose field holds i
// record. A field of w bits holds 2^w ids, so a mask with all of those bits
// set selects every wave and is no filter at all. The field layouts per
// generation are docs/FORMATS.md §7; the generation of a target name covers
// the generic targets (gfx9-4-generic, gfx11-generic, ...) as LLVM's
// getIsaVersion reads them. Dependency-free and constexpr, so the plugin, the
// ISA model, the simulator and the trace tools share every number here.
#pragma once

#include <cstdint>
#include <string_view>

namespace sqtt_hardware_ids {

/// The generations whose trace and HW_ID layouts differ. gfx10 and gfx11
/// share the layouts (RDNA); they are kept apart for what else differs.
enum class generation : uint8_t { unknown = 0, gfx9 = 9, gfx10 = 10, gfx11 = 11, gfx12 = 12 };

constexpr generation generation_of_major(unsigned major) {
  switch (major) {
  case 9: return generation::gfx9;
  case 10: return generation::gfx10;
  case 11: return generation::gfx11;
  case 12: return generation::gfx12;
  default: return generation::unknown;
  }
}

/// The ISA major version of a target name: "gfx942", "gfx90a:sramecc+:xnack-",
/// "gfx1201", "amdgcn-amd-amdhsa--gfx1100", and the generic targets
/// "gfx9-4-generic", "gfx10-3-generic", "gfx11-generic", "gfx12-generic".
/// 0 for names it does not know (the pre-gfx9 code names such as "fiji").
constexpr unsigned major_of_target(std::string_view target) {
  if (size_t triple = target.rfind("--"); triple != std::string_view::npos)
    target.remove_prefix(triple + 2);
  target = target.substr(0, target.find(':'));
  if (target.substr(0, 3) != "gfx")
    return 0;
  target.remove_prefix(3);
  // A generic target spells its major before the first dash; a processor
  // name ends in one minor digit and one stepping digit (gfx90a: 9, 0, a).
  size_t dash = target.find('-');
  std::string_view digits = dash != std::string_view::npos ? target.substr(0, dash)
                            : target.size() > 2           ? target.substr(0, target.size() - 2)
                                                          : std::string_view();
  if (digits.empty() || digits.size() > 2)
    return 0;
  unsigned major = 0;
  for (char c : digits) {
    if (c < '0' || c > '9')
      return 0;
    major = major * 10 + unsigned(c - '0');
  }
  return major;
}

constexpr generation generation_of_target(std::string_view target) {
  return generation_of_major(major_of_target(target));
}

/// gfx10 and later number WGPs where gfx9 numbers CUs.
constexpr bool counts_wgps(generation g) { return g != generation::gfx9 && g != generation::unknown; }
/// gfx10 and later run wave32 (their default) or wave64; gfx9 wave64 only.
constexpr bool has_wave32(generation g) { return counts_wgps(g); }

/// The s_getreg register ids of the hardware-id registers.
inline constexpr unsigned hw_id = 4;   // gfx9
inline constexpr unsigned hw_id1 = 23; // gfx10+
inline constexpr unsigned hw_id2 = 24; // gfx10+
/// gfx12's SHADER_CYCLES: the low 20 bits of the shader clock (the packed
/// marker header samples a window of it, marker_value.hpp).
inline constexpr unsigned shader_cycles = 29;

/// The scope dimensions, in the order of SQTT_SCOPE_WAVE/SIMD/CU/WG.
enum class dimension : uint8_t { wave, simd, cu, wg };
inline constexpr dimension dimensions[] = {dimension::wave, dimension::simd, dimension::cu, dimension::wg};

constexpr const char *name_of(dimension d) {
  switch (d) {
  case dimension::wave: return "wave";
  case dimension::simd: return "simd";
  case dimension::cu: return "cu";
  case dimension::wg: return "wg";
  }
  return "?";
}

/// The environment variable that sets a dimension's mask.
constexpr const char *env_name_of(dimension d) {
  switch (d) {
  case dimension::wave: return "SQTT_SCOPE_WAVE";
  case dimension::simd: return "SQTT_SCOPE_SIMD";
  case dimension::cu: return "SQTT_SCOPE_CU";
  case dimension::wg: return "SQTT_SCOPE_WG";
  }
  return "?";
}

/// One field of a hardware-id register: register id, first bit, width.
struct field {
  unsigned hwreg = 0, offset = 0, width = 0;

  constexpr bool valid() const { return width != 0; }
  constexpr uint32_t bits() const { return (width >= 32 ? ~0u : (1u << width) - 1) << offset; }
  constexpr uint32_t extract(uint32_t reg) const { return (reg & bits()) >> offset; }
  constexpr uint32_t insert(uint32_t reg, uint32_t id) const { return (reg & ~bits()) | ((id << offset) & bits()); }
  /// The s_getreg immediate that reads the field: id | offset << 6 | (width - 1) << 11.
  constexpr uint16_t getreg_imm() const { return uint16_t(hwreg | (offset << 6) | ((width - 1) << 11)); }
  /// The same field from bit \p skip up (s_getreg of its upper bits).
  constexpr field upper(unsigned skip) const { return {hwreg, offset + skip, width - skip}; }

  /// The ids the field can hold as mask bits: 2^width of them, at most the 32
  /// a mask has.
  constexpr uint32_t id_mask() const { return width >= 5 ? ~0u : (1u << (1u << width)) - 1; }
  /// Whether \p mask leaves out an id the field can hold.
  constexpr bool is_filtered_by(uint32_t mask) const { return (mask & id_mask()) != id_mask(); }
  /// The mask's ids the field can hold.
  constexpr uint32_t selected(uint32_t mask) const { return mask & id_mask(); }
  /// Whether a wave whose field holds \p id records under \p mask.
  constexpr bool selects(uint32_t mask, uint32_t id) const { return id < 32 && ((mask >> id) & 1); }
  /// How many ids the field can hold (2^width).
  constexpr uint32_t id_count() const { return width >= 32 ? 0 : 1u << width; }
};

/// The field an s_getreg immediate reads (the inverse of field::getreg_imm).
constexpr field field_of_getreg_imm(uint32_t imm) { return {imm & 63, (imm >> 6) & 31, ((imm >> 11) & 31) + 1}; }

/// The field a scope dimension tests (PASS-BEHAVIOR's table): HW_ID on gfx9;
/// HW_ID1 (wave, SIMD, WGP) and HW_ID2 (workgroup slot) on gfx10 and later.
constexpr field field_of(generation g, dimension d) {
  if (g == generation::unknown)
    return {};
  if (g == generation::gfx9) {
    switch (d) {
    case dimension::wave: return {hw_id, 0, 4};
    case dimension::simd: return {hw_id, 4, 2};
    case dimension::cu: return {hw_id, 8, 4};
    case dimension::wg: return {hw_id, 16, 4};
    }
  }
  switch (d) {
  case dimension::wave: return {hw_id1, 0, 5};
  case dimension::simd: return {hw_id1, 8, 2};
  case dimension::cu: return {hw_id1, 10, 4};
  case dimension::wg: return {hw_id2, 16, 5};
  }
  return {};
}

/// Whether \p mask filters dimension \p d on some generation: what a
/// configuration must check before it knows the target.
constexpr bool filters_on_some_generation(dimension d, uint32_t mask) {
  for (generation g : {generation::gfx9, generation::gfx10, generation::gfx11, generation::gfx12})
    if (field_of(g, d).is_filtered_by(mask))
      return true;
  return false;
}

/// The shader engine's field (not a scope dimension; the simulator writes it).
constexpr field se_field(generation g) {
  return g == generation::unknown ? field{} : g == generation::gfx9 ? field{hw_id, 13, 3} : field{hw_id1, 18, 3};
}

/// Masks as the plugin applies them when nothing is set: every wave, SIMD and
/// workgroup slot, CUs (WGPs) 0 and 1.
inline constexpr uint32_t default_wave_mask = 0xFFFFFFFFu;
inline constexpr uint32_t default_simd_mask = 0xFu;
inline constexpr uint32_t default_cu_mask = 0x3u;
inline constexpr uint32_t default_wg_mask = 0xFFFFFFFFu;

/// One mask per scope dimension: the SQTT_SCOPE_* settings of a build. The
/// plugin holds its configuration in one, the .sqtt_config text spells one
/// (config_section.hpp) and sqtt-verify checks code against one.
struct scope_masks {
  uint32_t wave = default_wave_mask, simd = default_simd_mask, cu = default_cu_mask, wg = default_wg_mask;

  /// Masks that select every id of every dimension (no filter at all).
  static constexpr scope_masks every_id() { return {~0u, ~0u, ~0u, ~0u}; }
  constexpr const uint32_t &of(dimension d) const {
    switch (d) {
    case dimension::wave: return wave;
    case dimension::simd: return simd;
    case dimension::cu: return cu;
    case dimension::wg: break;
    }
    return wg;
  }
  constexpr uint32_t &of(dimension d) { return const_cast<uint32_t &>(static_cast<const scope_masks &>(*this).of(d)); }
  constexpr bool operator==(const scope_masks &o) const {
    return wave == o.wave && simd == o.simd && cu == o.cu && wg == o.wg;
  }
  constexpr bool operator!=(const scope_masks &o) const { return !(*this == o); }
};

// docs/FORMATS.md §7 gives these numbers; a change here must change it too.
static_assert(major_of_target("gfx90a") == 9 && major_of_target("gfx942:sramecc+:xnack-") == 9);
static_assert(major_of_target("gfx1100") == 11 && major_of_target("gfx1250") == 12);
static_assert(major_of_target("gfx9-4-generic") == 9 && major_of_target("gfx10-3-generic") == 10);
static_assert(major_of_target("gfx11-generic") == 11 && major_of_target("gfx12-generic") == 12);
static_assert(major_of_target("fiji") == 0 && major_of_target("amdgcn-amd-amdhsa--gfx1030") == 10);
static_assert(field_of(generation::gfx9, dimension::cu).getreg_imm() == (4 | 8 << 6 | 3 << 11));
static_assert(field_of(generation::gfx11, dimension::wg).getreg_imm() == (24 | 16 << 6 | 4 << 11));
static_assert(field_of_getreg_imm(field_of(generation::gfx11, dimension::cu).getreg_imm()).offset == 10);
static_assert(field_of(generation::gfx9, dimension::simd).id_mask() == 0xF);
static_assert(field_of(generation::gfx9, dimension::cu).id_mask() == 0xFFFF);
static_assert(field_of(generation::gfx12, dimension::wave).id_mask() == 0xFFFFFFFF);
static_assert(field_of(generation::gfx9, dimension::cu).is_filtered_by(0xF));
static_assert(!field_of(generation::gfx9, dimension::cu).is_filtered_by(0xFFFFFFFF));
static_assert(!field_of(generation::gfx10, dimension::simd).is_filtered_by(0xF));
static_assert(filters_on_some_generation(dimension::wave, 0xFFFF) && !filters_on_some_generation(dimension::cu, 0xFFFF));
static_assert(scope_masks{}.of(dimension::cu) == default_cu_mask && scope_masks::every_id().of(dimension::simd) == ~0u);

} // namespace sqtt_hardware_ids
