// KernelCodes.cpp - from a dispatch's name to the code it ran and the
// record automata of its kernel.
#include "KernelCodes.h"

#include "sqtt/codeobjects/Elf.h"
#include "sqtt/isa/Verifier.h"
#include "sqtt/support/Error.h"

#include <algorithm>

namespace sqtt::completeness {

using isa::RecordAutomaton;

LoadedCode *KernelCodes::load(const std::string &Path) {
  auto [It, New] = Codes.try_emplace(Path);
  if (!New)
    return It->second.get();
  try {
    auto L = std::make_unique<LoadedCode>();
    L->File = std::make_unique<CodeObjectFile>(Path);
    if (L->File->codeObjects().empty())
      throw Error(Path + ": no AMDGPU code object");
    const CodeObject &CO = L->File->codeObjects().front();
    ElfImage Elf(CO.Data, CO.Size, Path);
    if (const ElfSection *Section = Elf.findSection(sqtt_marker_kind::funcmap_section))
      L->Map = rocprof_trace_decoder::codeobj::parse_funcmap(Elf.contents(*Section));
    L->Isa = std::make_unique<isa::CodeObjectIsa>(isa::CodeObjectIsa::decode(CO, Path));
    L->Read = isa::hardwareIdsRead(*L->Isa);
    It->second = std::move(L);
  } catch (const std::exception &E) {
    Warn(E.what());
  }
  return It->second.get();
}

KernelOf KernelCodes::kernelOf(size_t D, const std::string &DispatchName, const TracedKernel *Traced,
                                    MarkerResolver &Resolver) {
  KernelOf K;
  DispatchTarget T = Resolver.resolveDispatch(DispatchName, Traced);
  K.Name = T.Kernel.empty() ? DispatchName : T.Kernel;
  if (!T.CodeObject) {
    K.Why = "no code object is known to define it" + (T.Problem.empty() ? "" : " (" + T.Problem + ")");
    return K;
  }
  const auto &Group = S.Processes.Groups.at(S.Processes.GroupOfDir.at(D));
  const CodeObjectPath *Path = nullptr;
  for (const CodeObjectPath &P : Group.CodeObjects)
    if (P.ID == *T.CodeObject)
      Path = &P;
  if (!Path) {
    K.Why = "code object " + std::to_string(*T.CodeObject) + " is not in the trace";
    return K;
  }
  K.Code = load(Path->Path);
  if (!K.Code) {
    K.Why = "its code object " + Path->Path + " cannot be decoded";
    return K;
  }
  if (!K.Code->Map) {
    // Nothing in its code records a marker: there is nothing to check.
    K.Why = "built without the plugin (" + Path->Path + " has no .sqtt_funcmap): nothing to check";
    K.WithoutPlugin = true;
    return K;
  }
  K.Kernel = K.Code->Isa->find(T.Kernel);
  if (!K.Kernel)
    K.Why = "'" + T.Kernel + "' is not a function of " + Path->Path;
  K.Map = T.Map;
  return K;
}

Matcher &KernelCodes::matcher(const KernelOf &K, uint32_t SE, uint32_t CU, uint32_t SIMD, uint32_t Slot) {
  isa::HardwareIds Hw = isa::traceWaveIds(K.Code->Isa->generation(), K.Code->Read, SE, CU, SIMD, Slot);
  const isa::HardwareIdsRead &Read = K.Code->Read;
  UnknownIdsRead |= (Hw.UnknownHwId & Read.HwId) || (Hw.UnknownHwId1 & Read.HwId1) || (Hw.UnknownHwId2 & Read.HwId2);
  auto [It, New] = Matchers.try_emplace({K.Kernel, isa::hardwareIdsKey(Hw)});
  if (New) {
    It->second = std::make_unique<Matcher>();
    It->second->A = RecordAutomaton::build(*K.Code->Isa, *K.Kernel, Hw, K.Code->Map ? &*K.Code->Map : nullptr);
    It->second->Stamp.assign(It->second->A.states(), 0);
  }
  return *It->second;
}

std::string KernelCodes::describe(const isa::RecordPattern &P, uint64_t At, const KernelOf &K,
                                  const MarkerResolver &Resolver) const {
  std::string Hex = isa::hexValue(P.Value);
  if (P.Known != ~0u)
    return "a value computed at run time (" + Hex + " in bits " + isa::hexValue(P.Known) + ")";
  if (!K.Map)
    return Hex;
  DecodedMarker M = Resolver.decode(P.Value, *K.Map);
  if (!M.Info && M.isBareExit()) {
    // A bare exit carries no ID: name the instruction that records it, and
    // its source line where the code object has one.
    std::string Where = At ? " at " + isa::hexValue(At) : std::string();
    if (std::string Line = At ? K.Code->Isa->sourceLine(At) : std::string(); !Line.empty())
      Where += " (" + Line + ")";
    return "the exit of the scope open there (" + Hex + Where + ")";
  }
  if (!M.Info)
    return Hex;
  std::string What = M.Enter ? "enter" : M.ExitPrev ? "exit+point" : "point";
  if (M.ExitPrev && M.Enter)
    What = "exit+enter";
  return What + " '" + S.Names.str(M.Info->Name) + "' (" + Hex + ")";
}

std::string KernelCodes::expected(Matcher &M, const std::vector<uint32_t> &States, const KernelOf &K,
                              const MarkerResolver &Resolver) {
  std::vector<isa::RecordPattern> Patterns;
  std::vector<uint64_t> At; // the s_ttracedata that records each
  bool End = false;
  for (uint32_t St : States) {
    End |= M.A.mayEnd(St);
    for (const RecordAutomaton::Edge *E = M.A.edgesBegin(St); E != M.A.edgesEnd(St); ++E)
      if (std::find(Patterns.begin(), Patterns.end(), E->Pattern) == Patterns.end()) {
        Patterns.push_back(E->Pattern);
        At.push_back(M.A.address(E->To));
      }
  }
  std::string Text;
  for (size_t I = 0; I < Patterns.size() && I < 3; ++I)
    Text += (I ? " or " : "") + describe(Patterns[I], At[I], K, Resolver);
  if (Patterns.size() > 3)
    Text += " or " + std::to_string(Patterns.size() - 3) + " more";
  if (End)
    Text += Text.empty() ? "the wave's end" : " or the wave's end";
  return Text;
}

} // namespace sqtt::completeness
