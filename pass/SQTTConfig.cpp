//===- SQTTConfig.cpp - SQTT_* environment configuration ------------------===//
//
// Accepted syntax follows the reference plugin so existing build scripts keep
// working; where the reference silently ignored a bad value (booleans,
// SQTT_INSTRUMENT_FUNCTIONS) this parser says so, and the address-tracing /
// memory-marker conflict is an error instead of a note on stderr.
//
//===----------------------------------------------------------------------===//

#include "SQTTConfig.h"
#include "SQTTOptions.h"

#include "rocprof_trace_decoder/cxx/marker_value.hpp"
#include "rocprof_trace_decoder/cxx/scope_mask.hpp"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;
using namespace sqtt;

namespace {

/// Reads one variable; unset and empty both mean "use the default".
std::optional<StringRef> lookup(Config::LookupFn Lookup, const char *Name) {
  const char *Value = Lookup(Name);
  if (!Value || !*Value)
    return std::nullopt;
  return StringRef(Value);
}

std::string hex(uint32_t V) {
  std::string S;
  raw_string_ostream(S) << format("0x%X", V);
  return S;
}

class Parser {
public:
  Parser(Config &Cfg, Config::LookupFn Lookup, Config::OriginFn Origin)
      : Cfg(Cfg), Lookup(Lookup), Origin(Origin) {}

  void warn(const char *Name, StringRef Value, StringRef Expected,
            StringRef Used) {
    Cfg.Diagnostics.push_back(
        {false, (Twine("invalid value '") + Value + "' for " + Origin(Name) +
                 " (expected " + Expected + "); using " + Used)
                    .str()});
  }

  void error(std::string Message) {
    Cfg.Diagnostics.push_back({true, std::move(Message)});
  }

  void parseBool(const char *Name, bool &Out) {
    auto V = lookup(Lookup, Name);
    if (!V)
      return;
    std::string Lower = V->lower();
    if (is_contained({"1", "y", "yes", "true", "on"}, Lower))
      Out = true;
    else if (is_contained({"0", "n", "no", "false", "off"}, Lower))
      Out = false;
    else
      warn(Name, *V, "1|0|yes|no|true|false|on|off", Out ? "1" : "0");
  }

  void parseMemBarrier() {
    const char *Name = "SQTT_MEM_BARRIER";
    auto V = lookup(Lookup, Name);
    if (!V)
      return;
    std::string Lower = V->lower();
    if (Lower == "0" || Lower == "none" || Lower == "off")
      Cfg.MemBarrier = MemBarrierMode::None;
    else if (Lower == "1" || Lower == "asm" || Lower == "compiler" ||
             Lower == "clobber")
      Cfg.MemBarrier = MemBarrierMode::AsmClobber;
    else if (Lower == "2" || Lower == "fence" || Lower == "on" ||
             Lower == "hw")
      Cfg.MemBarrier = MemBarrierMode::Fence;
    else
      warn(Name, *V, "none|asm|fence|0|1|2", "'fence'");
  }

  void parseMask(const char *Name, uint32_t &Out) {
    auto V = lookup(Lookup, Name);
    if (!V)
      return;
    // The same parser as markers.hpp's host helper, so launch logic and
    // device code agree.
    std::optional<uint32_t> Parsed = parse_scope_mask(std::string_view(V->data(), V->size()));
    if (!Parsed) {
      warn(Name, *V, "a 32-bit mask such as 0x3, or -1 for all", hex(Out));
      return;
    }
    Out = *Parsed;
  }

  void parseUnsigned(const char *Name, unsigned &Out) {
    auto V = lookup(Lookup, Name);
    if (!V)
      return;
    unsigned Parsed;
    if (V->getAsInteger(10, Parsed)) {
      warn(Name, *V, "a decimal number", std::to_string(Out));
      return;
    }
    Out = Parsed;
  }

  void parseFunctions() {
    const char *Name = "SQTT_INSTRUMENT_FUNCTIONS";
    auto V = lookup(Lookup, Name);
    if (!V)
      return;
    StringRef Number = *V;
    if (Number.consume_front("cost:"))
      Cfg.FunctionCostModel = CostModel::WeightedCost;
    unsigned Threshold;
    if (Number.getAsInteger(10, Threshold)) {
      warn(Name, *V, "N or cost:N with a decimal N", "0 (disabled)");
      Cfg.FunctionThreshold = 0;
      return;
    }
    Cfg.FunctionThreshold = Threshold;
  }

  void parseMemory() {
    const char *Name = "SQTT_INSTRUMENT_MEMORY";
    auto V = lookup(Lookup, Name);
    if (!V)
      return;
    std::string Lower = V->lower();
    if (Lower == "off" || Lower == "0" || Lower == "none")
      return; // AMD's spelling of "no memory markers"
    auto [N, M] = V->split(':');
    unsigned Chunk, Gap;
    bool HasColon = V->contains(':');
    if (!HasColon || N.getAsInteger(10, Chunk) || M.empty() ||
        M.getAsInteger(10, Gap) || Chunk == 0) {
      warn(Name, *V, "N:M with N > 0 operations per marker and a gap of M, or off",
           "off");
      return;
    }
    Cfg.MemoryChunkSize = Chunk;
    Cfg.MemoryMaxGap = Gap;
  }

  std::string origin(const char *Name) const { return Origin(Name); }

  void parseAddresses() {
    const char *Name = "SQTT_TRACE_ADDRESSES";
    auto V = lookup(Lookup, Name);
    if (!V)
      return;
    SmallVector<StringRef, 4> Pieces;
    V->split(Pieces, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
    for (StringRef Piece : Pieces) {
      Piece = Piece.trim();
      if (Piece == "memory")
        Cfg.TraceMemoryAddrs = true;
      else if (Piece == "lds")
        Cfg.TraceLDSAddrs = true;
      else
        Cfg.Diagnostics.push_back(
            {false, (Twine("unknown category '") + Piece + "' in " + Origin(Name) +
                     "='" + *V + "' (expected memory, lds or memory,lds); "
                     "ignoring it")
                        .str()});
    }
  }

private:
  Config &Cfg;
  Config::LookupFn Lookup;
  Config::OriginFn Origin;
};

} // namespace

Config Config::parse(LookupFn Lookup) {
  return parse(Lookup, [](const char *Name) { return std::string(Name); });
}

Config Config::parse(LookupFn Lookup, OriginFn Origin) {
  Config Cfg;
  Parser P(Cfg, Lookup, Origin);
  P.parseBool("SQTT_INSTRUMENT_BARRIERS", Cfg.InstrumentBarriers);
  P.parseBool("SQTT_WAIT_AT_EXIT", Cfg.WaitAtExit);
  P.parseBool("SQTT_CONTAIN_SCOPES", Cfg.ContainScopes);
  P.parseFunctions();
  P.parseMemory();
  P.parseMemBarrier();
  P.parseUnsigned("SQTT_SHADER_CLOCK_BITS", Cfg.ShaderClockBits);
  P.parseUnsigned("SQTT_SHADER_CLOCK_SHIFT", Cfg.ShaderClockShift);
  for (sqtt_hardware_ids::dimension D : sqtt_hardware_ids::dimensions)
    P.parseMask(sqtt_hardware_ids::env_name_of(D), Cfg.Scope.of(D));
  P.parseAddresses();
  if (Cfg.hasAddressTracing() && Cfg.instrumentMemory())
    P.error(P.origin("SQTT_TRACE_ADDRESSES") + " and " + P.origin("SQTT_INSTRUMENT_MEMORY") +
            " are mutually exclusive; unset " + P.origin("SQTT_INSTRUMENT_MEMORY") +
            " (address tracing already marks every memory operation)");
  return Cfg;
}

Config Config::fromEnvironment() {
  // Explicit options outlive the parse: their strings are kept here.
  std::vector<std::string> Given;
  Given.reserve(settingNames().size());
  return parse(
      [&Given](const char *Name) -> const char * {
        if (std::optional<std::string> V = explicitOption(Name)) {
          Given.push_back(std::move(*V));
          return Given.back().c_str();
        }
        return getenv(Name);
      },
      settingOrigin);
}

bool Config::needsScopeCheck() const {
  return any_of(sqtt_hardware_ids::dimensions, [this](sqtt_hardware_ids::dimension D) {
    return sqtt_hardware_ids::filters_on_some_generation(D, scopeMask(D));
  });
}

bool Config::hasErrors() const {
  return any_of(Diagnostics, [](const ConfigDiagnostic &D) { return D.IsError; });
}

std::optional<std::string> Config::shaderClockWindowError() const {
  if (ShaderClockBits == 0)
    return std::nullopt;
  using sqtt_marker_value::packed_layout;
  if (ShaderClockBits > packed_layout::max_clock_bits)
    return "SQTT_SHADER_CLOCK_BITS=" + std::to_string(ShaderClockBits) +
           " leaves no marker ID bit; use at most " + std::to_string(packed_layout::max_clock_bits) +
           " (12 is typical)";
  if (!packed_layout{ShaderClockBits, ShaderClockShift}.valid())
    return "shader clock window SQTT_SHADER_CLOCK_SHIFT=" +
           std::to_string(ShaderClockShift) +
           " + SQTT_SHADER_CLOCK_BITS=" + std::to_string(ShaderClockBits) +
           " does not fit in shader_cycles_lo bits [31:0]; make their sum at "
           "most 32";
  return std::nullopt;
}
