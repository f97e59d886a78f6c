// KernelCodes.h - the code each traced dispatch ran: its code object
// decoded once, its kernel, and the record automaton of each set of
// hardware ids (the completeness check's own header, not installed).
#pragma once

#include "WaveMatch.h"

#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/isa/CodeObjectIsa.h"
#include "sqtt/session/TraceSession.h"

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>

namespace sqtt::completeness {

/// One code object decoded for the automata of its kernels.
struct LoadedCode {
  std::unique_ptr<CodeObjectFile> File;
  std::unique_ptr<isa::CodeObjectIsa> Isa;
  std::optional<rocprof_trace_decoder::codeobj::Funcmap> Map; // its .sqtt_funcmap, if any
  isa::HardwareIdsRead Read;
};

/// What a dispatch ran, or why it cannot be checked.
struct KernelOf {
  const isa::Function *Kernel = nullptr; // null: not checkable (Why)
  LoadedCode *Code = nullptr;
  const MarkerMap *Map = nullptr;
  std::string Name, Why;
  uint32_t NameIndex = 0;     // of Name in the report's Kernels
  bool WithoutPlugin = false; // its code object has no .sqtt_funcmap
};

class KernelCodes {
public:
  KernelCodes(TraceSession &S, const std::function<void(const std::string &)> &Warn) : S(S), Warn(Warn) {}

  /// The kernel of the dispatch named \p DispatchName in trace directory
  /// \p D (whose code.json labels \p Traced).
  KernelOf kernelOf(size_t D, const std::string &DispatchName, const TracedKernel *Traced, MarkerResolver &Resolver);
  /// The automaton of \p K for a wave in slot (SE, CU, SIMD, Slot).
  Matcher &matcher(const KernelOf &K, uint32_t SE, uint32_t CU, uint32_t SIMD, uint32_t Slot);
  /// A record pattern in words: the marker it is, or its value; a bare
  /// exit by the instruction at \p At that records it (0: not known).
  std::string describe(const isa::RecordPattern &P, uint64_t At, const KernelOf &K,
                       const MarkerResolver &Resolver) const;
  /// What the edges of \p States allow, in words ("enter 'a' (0x6) or the wave's end").
  std::string expected(Matcher &M, const std::vector<uint32_t> &States, const KernelOf &K,
                       const MarkerResolver &Resolver);
  /// Some code tests hardware ids a trace does not tell (a workgroup mask).
  bool UnknownIdsRead = false;

private:
  LoadedCode *load(const std::string &Path);

  TraceSession &S;
  const std::function<void(const std::string &)> &Warn;
  std::map<std::string, std::unique_ptr<LoadedCode>> Codes; // by path; null: unreadable
  std::map<std::tuple<const isa::Function *, std::array<uint32_t, 3>>, std::unique_ptr<Matcher>> Matchers;
};

} // namespace sqtt::completeness
