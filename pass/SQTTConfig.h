//===- SQTTConfig.h - SQTT_* environment configuration ----------*- C++ -*-===//
//
// Every knob of the plugin comes from SQTT_* environment variables or their
// -sqtt-marker-* options (an explicit option wins, D28), read once, when the
// plugin registers its passes. Parsing never fails: a bad value
// yields a warning naming the variable and the value used instead, and the
// conditions the specification calls errors are collected as errors. Both are
// reported later through LLVM's diagnostic handler, on the first AMDGPU module
// the passes see (there is no LLVMContext at registration time).
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_CONFIG_H
#define SQTT_CONFIG_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include "rocprof_trace_decoder/cxx/hardware_ids.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sqtt {

/// Strength of the reordering boundary planted around every marker.
enum class MemBarrierMode { None, AsmClobber, Fence };

/// How SQTT_INSTRUMENT_FUNCTIONS measures a function.
enum class CostModel { InstructionCount, WeightedCost };

struct ConfigDiagnostic {
  bool IsError = false;
  std::string Message; // Without the "sqtt: " prefix.
};

struct Config {
  static constexpr uint32_t AllOnes = 0xFFFFFFFFu;

  bool InstrumentBarriers = false;
  /// Exit markers first wait for every memory counter (SQTT_WAIT_AT_EXIT).
  bool WaitAtExit = false;
  /// Tie each scope's results to its exit (SQTT_CONTAIN_SCOPES; off only to
  /// measure what it costs).
  bool ContainScopes = true;
  MemBarrierMode MemBarrier = MemBarrierMode::Fence;

  /// SQTT_SCOPE_WAVE/SIMD/CU/WG.
  sqtt_hardware_ids::scope_masks Scope;

  unsigned ShaderClockBits = 0;
  unsigned ShaderClockShift = 4;

  unsigned FunctionThreshold = 0; // 0 disables function instrumentation.
  CostModel FunctionCostModel = CostModel::InstructionCount;

  unsigned MemoryChunkSize = 0; // 0 disables memory-operation markers.
  unsigned MemoryMaxGap = 0;

  bool TraceMemoryAddrs = false;
  bool TraceLDSAddrs = false;

  /// Warnings and errors found while parsing, in variable order.
  std::vector<ConfigDiagnostic> Diagnostics;

  using LookupFn = llvm::function_ref<const char *(const char *)>;
  /// The name a message about a variable's value gives (the option's
  /// spelling when the value came from it).
  using OriginFn = llvm::function_ref<std::string(const char *)>;

  /// Parses every SQTT_* variable through \p Lookup (getenv in the plugin).
  static Config parse(LookupFn Lookup);
  static Config parse(LookupFn Lookup, OriginFn Origin);
  /// The -sqtt-marker-* options given, else the environment.
  static Config fromEnvironment();

  bool instrumentFunctions() const { return FunctionThreshold != 0; }
  bool instrumentMemory() const { return MemoryChunkSize != 0; }
  bool hasAddressTracing() const { return TraceMemoryAddrs || TraceLDSAddrs; }
  /// The SQTT_SCOPE_* mask of dimension \p D.
  uint32_t scopeMask(sqtt_hardware_ids::dimension D) const { return Scope.of(D); }
  /// Whether a mask filters on some generation (the target decides whether
  /// it does on its own).
  bool needsScopeCheck() const;
  bool hasErrors() const;

  /// The error for a shader-clock window that cannot be packed, if any. It
  /// only matters for modules with gfx12 functions, where packing happens.
  std::optional<std::string> shaderClockWindowError() const;
};

} // namespace sqtt

#endif // SQTT_CONFIG_H
