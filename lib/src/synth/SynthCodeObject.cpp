// SynthCodeObject.cpp - what the simulator takes from a code object.
#include "SynthCodeObject.h"

#include <rocprof_trace_decoder/cxx/hardware_ids.hpp>
#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/codeobjects/FuncmapTable.h"
#include "sqtt/support/Error.h"
#include "sqtt/codeobjects/CodeObjectPath.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include <algorithm>
#include <random>

namespace sqtt {

namespace rtd = rocprof_trace_decoder::codeobj;

/// A call tree of \p Stacks scope stacks for \p C: chains grown from random
/// nodes down to a random depth in [MinDepth, MaxDepth]; siblings get
/// distinct scopes where the code object has enough.
void buildCallTree(SynthCO &C, const SynthScenario &S, uint64_t Salt) {
  std::mt19937_64 Rng(S.Seed * 0xD1B54A32D192ED03ull ^ Salt);
  auto Rnd = [&](size_t N) { return N ? size_t(Rng() % N) : 0; };
  unsigned MaxDepth = S.MaxDepth, MinDepth = std::min(S.MinDepth, S.MaxDepth);
  C.Tree.assign(1, SynthCO::CallNode());
  for (unsigned Tries = 0; C.Tree.size() <= S.Stacks && Tries < 100 * S.Stacks + 100; ++Tries) {
    size_t Left = S.Stacks + 1 - C.Tree.size();
    uint32_t Node = uint32_t(Rnd(C.Tree.size()));
    uint32_t Depth = C.Tree[Node].Depth;
    // A chain that cannot reach MinDepth with the stacks left is not begun.
    if (Depth >= MaxDepth || (Depth < MinDepth && Depth + Left < MinDepth && Node != 0))
      continue;
    uint32_t Lowest = std::max(MinDepth, Depth + 1);
    uint32_t Target = Lowest + uint32_t(Rnd(MaxDepth - Lowest + 1));
    while (C.Tree[Node].Depth < Target && C.Tree.size() <= S.Stacks) {
      uint32_t Scope = uint32_t(Rnd(C.Scopes.size()));
      for (unsigned Again = 0; Again < 8; ++Again) {
        const std::vector<uint32_t> &Siblings = C.Tree[Node].Children;
        if (std::none_of(Siblings.begin(), Siblings.end(), [&](uint32_t K) { return C.Tree[K].Scope == Scope; }))
          break;
        Scope = uint32_t(Rnd(C.Scopes.size()));
      }
      SynthCO::CallNode Child;
      Child.Scope = Scope, Child.Parent = Node, Child.Depth = C.Tree[Node].Depth + 1;
      C.Tree.push_back(Child);
      uint32_t Index = uint32_t(C.Tree.size() - 1);
      C.Tree[Node].Children.push_back(Index);
      Node = Index;
    }
  }
}

SynthCO loadCO(const CodeObjectPath &Given) {
  SynthCO C;
  C.ID = Given.ID;
  C.Path = Given.Path;
  const std::string &Path = Given.Path;
  CodeObjectFile File(Path);
  if (File.codeObjects().empty())
    throw Error(Path + ": no AMDGPU code object");
  const CodeObject &Obj = File.codeObjects().front();
  C.Target = Obj.Target;
  C.MarksPrivileged =
      sqtt_hardware_ids::generation_of_target(Obj.Target) == sqtt_hardware_ids::generation::gfx12;
  rtd::Funcmap Map = rtd::parse_funcmap_section(Obj.Data, Obj.Size);
  requireUniqueMarkerIDs(Map, Path);
  C.WaveSize = Map.wave_size;
  if (Map.marker_encoding.packed()) {
    C.Bits = Map.marker_encoding.shader_clock_bits;
    C.Shift = Map.marker_encoding.shader_clock_shift;
  }
  for (const rtd::FuncmapEntry &E : Map.entries) {
    switch (sqtt_marker_kind::as_read(E.type)) {
    case rtd::FuncmapEntryType::Kernel:
      if (C.Kernel.empty())
        C.Kernel = E.name;
      C.Kernels.push_back(E.name);
      break;
    case rtd::FuncmapEntryType::Function:
    case rtd::FuncmapEntryType::User:
      C.ScopeOf[E.id] = uint32_t(C.Scopes.size());
      C.Scopes.push_back({E.id, E.name});
      C.UserScope.push_back(E.type == rtd::FuncmapEntryType::User);
      break;
    case rtd::FuncmapEntryType::Point: {
      if (auto K = sqtt_address_block::kind_of_marker_name(E.name); K != sqtt_address_block::kind::none) {
        if (!C.Bits && (C.WaveSize == 32 || C.WaveSize == 64)) {
          C.AddressOf[E.id] = uint32_t(C.Addresses.size());
          C.Addresses.push_back({E.id, std::string(sqtt_address_block::name_of(K)),
                                 sqtt_address_block::protocol_of(K), E.source_loc, E.access_bytes, E.base});
        }
      } else if (E.extra_payload_count == 1) {
        if (!C.Bits) {
          C.Data.push_back(E.id);
        }
      } else if (E.extra_payload_count == 0) {
        C.Points.push_back(E.id);
      }
      if (E.extra_payload_count)
        C.PayloadOf[E.id] = E.extra_payload_count;
      C.PointNames[E.id] = E.name;
      break;
    }
    default:
      break;
    }
  }
  std::map<std::string, uint32_t> Objects;
  for (AddressOp &Op : C.Addresses) {
    bool Named = !Op.Base.empty() && Op.Base != "-";
    Op.Object = Named ? Objects.try_emplace(Op.Base, uint32_t(Objects.size())).first->second
                      : uint32_t(Objects.size() + C.Addresses.size() + Op.ID);
  }
  if (C.Kernel.empty())
    throw Error(Path + ": its .sqtt_funcmap names no kernel (K: row)");
  if (C.Scopes.empty() && C.Points.empty() && C.Addresses.empty())
    throw Error(Path + ": its .sqtt_funcmap has no markers to simulate");
  return C;
}

} // namespace sqtt
