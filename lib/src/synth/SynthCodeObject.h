// SynthCodeObject.h - what the simulator takes from a code object: its
// kernel, the markers its funcmap names (scopes, points, data markers,
// address traces) and a call tree of those scopes. The library's own header,
// not installed.
#pragma once

#include "sqtt/codeobjects/CodeObjectPath.h"

#include "sqtt/synth/Synth.h"

#include <rocprof_trace_decoder/cxx/address_block.hpp>
#include <rocprof_trace_decoder/cxx/marker_value.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace sqtt {

struct AddressOp {
  uint32_t ID;
  std::string Kind; // memory-trace kind name
  sqtt_address_block::protocol Proto;
  std::string Source; // the map row's inline chain, "" if none
  uint32_t AccessBytes = 0; // the map's R: row: a lane's bytes, 0 if not said
  std::string Base;         // and the object it addresses
  /// The operations of one base object (a kernel argument, an LDS or global
  /// variable) share an index, and so an address; one the map does not
  /// name has its own.
  uint32_t Object = 0;
};

struct SynthCO {
  uint64_t ID;
  std::string Path, Kernel, Target;  // Kernel: the one simulated
  std::vector<std::string> Kernels;  // every K: row, in order
  std::vector<std::pair<uint32_t, std::string>> Scopes; // id, name
  std::vector<bool> UserScope;                          // per scope: U row
  std::vector<uint32_t> Points, Data;
  std::map<uint32_t, std::string> PointNames;
  std::vector<AddressOp> Addresses;
  uint32_t WaveSize = 0;
  /// Only gfx12 streams mark the trap handler's records privileged; on
  /// earlier generations they are indistinguishable from the kernel's, so
  /// the simulator writes none there.
  bool MarksPrivileged = false;
  uint32_t Bits = 0, Shift = 0; // clock packing
  sqtt_marker_value::packed_layout layout() const { return {Bits, Shift}; }
  /// The call tree (SynthScenario::Stacks): node 0 is the kernel itself.
  struct CallNode {
    uint32_t Scope = 0, Parent = 0, Depth = 0;
    std::vector<uint32_t> Children;
  };
  std::vector<CallNode> Tree;
  /// What a marker ID is, for the code-following mode: an index into
  /// Scopes or Addresses, or its R: count (data markers).
  std::map<uint32_t, uint32_t> ScopeOf, AddressOf, PayloadOf;
  std::shared_ptr<const KernelProgram> Program; // the code-following mode's
};

/// A call tree of \p S.Stacks scope stacks for \p C: chains grown from
/// random nodes down to a random depth in [MinDepth, MaxDepth]; siblings get
/// distinct scopes where the code object has enough.
void buildCallTree(SynthCO &C, const SynthScenario &S, uint64_t Salt);
/// Reads the code object at \p Path and its funcmap. Throws Error when it
/// has no kernel or nothing to simulate.
SynthCO loadCO(const CodeObjectPath &Given);

} // namespace sqtt
