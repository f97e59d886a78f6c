// CallEffects.cpp - call targets and the registers calls may change.
#include "CallEffects.h"

namespace sqtt::isa {

std::unordered_map<size_t, const Function *> directCallees(const CodeObjectIsa &Isa, const Function &F) {
  std::unordered_map<size_t, const Function *> Callees;
  ScalarMachine M(F.WaveSize);
  HardwareIds None;
  for (size_t I = 0; I < F.Insts.size(); ++I) {
    const Instruction &In = F.Insts[I];
    if (In.Kind == Flow::Call) {
      if (std::optional<uint64_t> Target = M.callTarget(In))
        if (const Function *Callee = Isa.functionAt(*Target); Callee && Callee->Address == *Target)
          Callees[I] = Callee;
    }
    M.execute(In, None);
  }
  return Callees;
}

CallEffects::CallEffects(const CodeObjectIsa &Isa) {
  // Each function's own writes, then its callees' added until nothing
  // changes (recursion included).
  std::unordered_map<const Function *, std::vector<const Function *>> Calls;
  for (const Function &F : Isa.functions()) {
    CallEffect E;
    bool UnknownCall = false;
    auto Direct = directCallees(Isa, F);
    for (size_t I = 0; I < F.Insts.size(); ++I) {
      const Instruction &In = F.Insts[I];
      for (const RegRange &D : In.defs()) {
        if (D.scalar())
          for (uint16_t R = 0; R < D.Count && D.First + R < reg::NumScalar; ++R)
            E.Scalar[D.First + R] = true;
        else if (D.vector())
          E.addVector(D);
      }
      if (In.Kind == Flow::Call) {
        auto It = Direct.find(I);
        if (It == Direct.end())
          UnknownCall = true;
        else
          Calls[&F].push_back(It->second);
      }
    }
    // What the calling convention has a callee save and restore is the
    // caller's again after the call, whatever the callee wrote.
    for (uint16_t R = 0; R < reg::NumScalar; ++R)
      if (!reg::callerSaved(R))
        E.Scalar[R] = false;
    if (UnknownCall) {
      for (uint16_t R = 0; R < reg::NumScalar; ++R)
        E.Scalar[R] = E.Scalar[R] || Unknown.Scalar[R];
      E.Vector = true;
    }
    Effects[&F] = E;
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto &[F, Callees] : Calls)
      for (const Function *C : Callees) {
        CallEffect &Into = Effects[F];
        const CallEffect &From = Effects[C];
        for (uint16_t R = 0; R < reg::NumScalar; ++R)
          if (From.Scalar[R] && !Into.Scalar[R])
            Into.Scalar[R] = Changed = true;
        if (From.Vector && !Into.Vector)
          Into.Vector = Changed = true;
        for (size_t V = 0; !Into.Vector && V < From.Vectors.size(); ++V)
          if (From.Vectors[V] && !Into.writesVector(uint16_t(reg::VgprBase + V))) {
            Into.addVector({uint16_t(reg::VgprBase + V), 1});
            Changed = true;
          }
      }
  }
}

const CallEffect &CallEffects::of(const Function *Callee) const {
  auto It = Callee ? Effects.find(Callee) : Effects.end();
  return It == Effects.end() ? Unknown : It->second;
}

} // namespace sqtt::isa
