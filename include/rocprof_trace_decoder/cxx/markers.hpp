// markers.hpp - SQTT trace markers for HIP device code.
//
// Numeric markers work with any compiler:
//   sqtt_marker_enter(7u); ... sqtt_marker_exit(7u);   sqtt_marker_point(3u);
// Named markers need the pass plugin (-fpass-plugin=libsqttinstrumentpass.so),
// which gives each name an ID and records it in the code object's
// .sqtt_funcmap section:
//   sqtt_marker_enter("load"); ... sqtt_marker_exit("load");
//   sqtt_marker_point("tile done");  sqtt_marker_data("k", k);
//   { sqtt_marker_scope s("load"); ... }   // enter here, exit at the brace
// ROCm's marker API works too (sqtt_marker_enter_id(5), amd_sqtt_marker_*).
// Building named markers without the plugin fails at link time ("undefined
// reference to __sqtt_named_marker_enter") rather than losing them silently.
//
// Compile with -DSQTT_ENABLED=1; with SQTT_ENABLED=0 (the default) every
// marker compiles to nothing.
//
// Marker value layout (marker_value.hpp): bits 31..2 = ID, bit 1 = enter
// (push), bit 0 = exit previous (pop). A bare exit is the value 1.
#pragma once

#include <cstdint>

#include "marker_value.hpp"

#ifndef SQTT_ENABLED
#define SQTT_ENABLED 0
#endif

#define SQTT_FLAG_EXIT_PREV (sqtt_marker_value::exit_prev_flag)
#define SQTT_FLAG_ENTER (sqtt_marker_value::enter_flag)

#if defined(__AMDGCN__) || defined(__HIP_DEVICE_COMPILE__)

// Spelled with attributes so the header does not depend on hip_runtime.h.
#define SQTT_MARKER_FN_ static __attribute__((device)) inline __attribute__((always_inline))

#if SQTT_ENABLED
extern "C" __attribute__((device)) void __sqtt_named_marker_enter(const char *);
extern "C" __attribute__((device)) void __sqtt_named_marker_exit(const char *);
extern "C" __attribute__((device)) void __sqtt_named_marker_point(const char *);
extern "C" __attribute__((device)) void __sqtt_named_marker_data(const char *, uint32_t);

// sched_barrier(0) keeps the scheduler from moving work across the marker.
#define SQTT_NUMERIC_MARKER_(value)                                            \
  do {                                                                         \
    __builtin_amdgcn_sched_barrier(0);                                         \
    __builtin_amdgcn_s_ttracedata((int)(value));                               \
    __builtin_amdgcn_sched_barrier(0);                                         \
  } while (0)

SQTT_MARKER_FN_ void sqtt_marker_enter(uint32_t data) {
  // The layout spelt with marker_value.hpp's constants, not its functions: a
  // call would be a device function of its own at -O0 (and get a frame).
  SQTT_NUMERIC_MARKER_((data << sqtt_marker_value::id_shift) | sqtt_marker_value::enter_flag);
}
// Exits always pop the innermost scope; \p data is accepted for symmetry.
SQTT_MARKER_FN_ void sqtt_marker_exit(uint32_t data) {
  (void)data;
  SQTT_NUMERIC_MARKER_(sqtt_marker_value::bare_exit);
}
SQTT_MARKER_FN_ void sqtt_marker_point(uint32_t data) {
  SQTT_NUMERIC_MARKER_(data << sqtt_marker_value::id_shift);
}

SQTT_MARKER_FN_ void sqtt_marker_enter(const char *name) { __sqtt_named_marker_enter(name); }
SQTT_MARKER_FN_ void sqtt_marker_exit(const char *name) { __sqtt_named_marker_exit(name); }
SQTT_MARKER_FN_ void sqtt_marker_point(const char *name) { __sqtt_named_marker_point(name); }
// A point marker followed by one raw 32-bit record carrying \p data (read
// from the first active lane).
SQTT_MARKER_FN_ void sqtt_marker_data(const char *name, uint32_t data) {
  __sqtt_named_marker_data(name, data);
}

#undef SQTT_NUMERIC_MARKER_
#else // !SQTT_ENABLED
SQTT_MARKER_FN_ void sqtt_marker_enter(uint32_t) {}
SQTT_MARKER_FN_ void sqtt_marker_exit(uint32_t) {}
SQTT_MARKER_FN_ void sqtt_marker_point(uint32_t) {}
SQTT_MARKER_FN_ void sqtt_marker_enter(const char *) {}
SQTT_MARKER_FN_ void sqtt_marker_exit(const char *) {}
SQTT_MARKER_FN_ void sqtt_marker_point(const char *) {}
SQTT_MARKER_FN_ void sqtt_marker_data(const char *, uint32_t) {}
#endif // SQTT_ENABLED

// ROCm's marker API (its in-tree plugin's header), so code written for it
// builds here unchanged: numeric _id forms, and the earlier amd_sqtt_marker_*
// names. Each is one of the markers above.
SQTT_MARKER_FN_ void sqtt_marker_enter_id(uint32_t id) { sqtt_marker_enter(id); }
SQTT_MARKER_FN_ void sqtt_marker_exit_id(uint32_t id) { sqtt_marker_exit(id); }
SQTT_MARKER_FN_ void sqtt_marker_point_id(uint32_t id) { sqtt_marker_point(id); }
SQTT_MARKER_FN_ void amd_sqtt_marker_enter_string(const char *name) { sqtt_marker_enter(name); }
SQTT_MARKER_FN_ void amd_sqtt_marker_exit_string(const char *name) { sqtt_marker_exit(name); }
SQTT_MARKER_FN_ void amd_sqtt_marker_point_string(const char *name) { sqtt_marker_point(name); }
SQTT_MARKER_FN_ void amd_sqtt_marker_data_string(const char *name, uint32_t data) { sqtt_marker_data(name, data); }
SQTT_MARKER_FN_ void amd_sqtt_marker_enter_id(uint32_t id) { sqtt_marker_enter(id); }
SQTT_MARKER_FN_ void amd_sqtt_marker_point_id(uint32_t id) { sqtt_marker_point(id); }
SQTT_MARKER_FN_ void amd_sqtt_marker_exit() { sqtt_marker_exit(0u); }

// A scope for the lifetime of a block: { sqtt_marker_scope s("load"); ... }.
// Its constructor and destructor are inlined where it is used, so the name
// must be a string literal there.
struct sqtt_marker_scope {
  __attribute__((device)) __attribute__((always_inline)) explicit sqtt_marker_scope(const char *name) {
    sqtt_marker_enter(name);
  }
  __attribute__((device)) __attribute__((always_inline)) ~sqtt_marker_scope() { sqtt_marker_exit(0u); }
  sqtt_marker_scope(const sqtt_marker_scope &) = delete;
  sqtt_marker_scope &operator=(const sqtt_marker_scope &) = delete;
};

#undef SQTT_MARKER_FN_

#else // Host side: the scope masks the plugin reads, for launch-time logic.

#include "scope_mask.hpp"

#include <cstdlib>

namespace sqtt {

/// Reads a scope mask exactly the way the plugin does (one parser,
/// scope_mask.hpp): unset, empty or invalid gives \p def (the plugin warns
/// and uses its default), "-1" gives all ones, otherwise a 32-bit number in
/// decimal, 0x hex, 0b binary or 0-octal.
inline uint32_t parse_env_mask(const char *name, uint32_t def = 0xFFFFFFFFu) {
  const char *v = std::getenv(name);
  if (!v)
    return def;
  return parse_scope_mask(v).value_or(def);
}

struct ScopeConfig {
  uint32_t wave_mask, simd_mask, cu_mask, wg_mask;
  static ScopeConfig from_env() {
    return {parse_env_mask("SQTT_SCOPE_WAVE"), parse_env_mask("SQTT_SCOPE_SIMD", 0xFu),
            parse_env_mask("SQTT_SCOPE_CU", 0x3u), parse_env_mask("SQTT_SCOPE_WG")};
  }
};

} // namespace sqtt

#endif
