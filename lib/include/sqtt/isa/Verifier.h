// Verifier.h - what an instrumented code object will record, proven on its
// ISA (sqtt-verify).
//
// Every function is walked on every path (ScalarMachine: branches on values
// the code does not determine go both ways; paths that meet with the same
// open scopes are joined, keeping what both know, so loops end), once per
// hardware-id case: with scope masks, every value of
// every filtered HW_ID field (other bits drawn at random, deterministically)
// and random whole registers; without, one walk with the ids unknown. On
// each path:
//   - enters and exits balance: no exit without an enter, nothing open at
//     s_endpgm (or at a device function's return);
//   - every header names a funcmap row of its kind (an enter a scope, a point
//     a point) - numeric markers included, which D24 lists there;
//   - a header with an R: count is followed by exactly that many records
//     before the path ends, returns or calls;
//   - s_ttracedata reads an m0 the path wrote, and on gfx9 not in the
//     instruction right after an SALU write of m0 (one wait state);
// and across cases: waves the masks exclude record nothing, and every wave
// they select records the same markers.
#pragma once

#include "sqtt/isa/CodeObjectIsa.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>
#include <rocprof_trace_decoder/cxx/hardware_ids.hpp>

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace sqtt::isa {

enum class FindingKind {
  ExitWithoutEnter,
  OpenAtEnd,
  UnknownMarker,
  KindMismatch,
  PayloadCut,
  M0NotWritten,
  M0WaitState,
  WrongWaves,
  Undecodable,
  Incomplete, // a walk hit its step limit: nothing proven for that function
};
const char *findingKindName(FindingKind K);
/// An address or value as findings spell it: "0x1b80".
std::string hexValue(uint64_t V);

struct Finding {
  FindingKind Kind;
  std::string Function;
  uint64_t Address = 0;
  std::string Source; // "file:line" where the code object has a line table
  std::string Message;
};

/// The scope masks a code object was built with (its .sqtt_config); every
/// id of every dimension when it has none.
struct ScopeMasks : sqtt_hardware_ids::scope_masks {
  ScopeMasks() : sqtt_hardware_ids::scope_masks(every_id()) {}
  bool FromConfig = false;
  /// Functions whose markers the plugin left unscoped on purpose (every
  /// wave records them), by symbol: the masks do not apply to them.
  std::set<std::string> Unscoped;
  /// From the configuration texts; a mismatch between units is an error
  /// the caller reports (\p Problem set, masks full).
  static ScopeMasks fromConfig(const std::vector<std::vector<std::pair<std::string, std::string>>> &Configs,
                               std::string &Problem);
};

/// Which ids of one filtered dimension the walks covered.
struct FilterCoverage {
  std::string Dimension; // "cu", ...
  uint32_t Mask = 0;
  uint32_t Ids = 0;           // how many the field holds
  std::set<uint32_t> Walked;  // ids some case gave the field
  std::set<uint32_t> Selected; // of those, the ones the mask selects
};

struct VerifyLimits {
  size_t MaxSteps = 2000000;          // per function and case
  unsigned MaxDepth = 64;             // open scopes on one path
  unsigned RandomCases = 16;
  unsigned SamplesPerValue = 2;
};

struct FunctionResult {
  std::string Name;
  bool Kernel = false;
  size_t Traces = 0; // s_ttracedata instructions
  size_t Paths = 0;  // path ends reached, over all cases
  size_t Cases = 0;
};

struct VerifyReport {
  std::vector<Finding> Findings;
  std::vector<std::string> Notes; // what was assumed or not checked
  std::vector<FunctionResult> Functions;
  size_t Cases = 0;
  std::vector<FilterCoverage> Filters; // empty: nothing filtered
};

/// Verifies \p Isa against \p Map (null: the code object has no funcmap).
VerifyReport verifyCodeObject(const CodeObjectIsa &Isa, const rocprof_trace_decoder::codeobj::Funcmap *Map,
                              const ScopeMasks &Masks, const VerifyLimits &Limits = {});

} // namespace sqtt::isa
