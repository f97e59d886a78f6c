//===- TriageContext.cpp - lookups every kind of finding shares -----------===//
#include "TriageContext.h"

#include <algorithm>

namespace sqtt::triage {

TriageContext::TriageContext(const Measurements &M, const Measurements *Base, const TriageOptions &O)
    : M(M), Base(Base), O(O) {
  for (size_t I = 0; I < M.Waves.size(); ++I) {
    WaveIndex[M.Waves[I].Wave.key()].push_back(I);
    ByDispatch[{M.Waves[I].Dir, M.Waves[I].Dispatch}].push_back(I);
  }
}

const std::vector<size_t> &TriageContext::wavesOf(uint32_t Dir, int64_t Dispatch) const {
  static const std::vector<size_t> None;
  auto It = ByDispatch.find({Dir, Dispatch});
  return It == ByDispatch.end() ? None : It->second;
}

const WaveTime *TriageContext::wave(uint32_t Dir, WaveRef W) const {
  auto It = WaveIndex.find(W.key());
  if (It == WaveIndex.end())
    return nullptr;
  for (size_t I : It->second)
    if (M.Waves[I].Dir == Dir)
      return &M.Waves[I];
  return nullptr;
}

const DispatchShape *TriageContext::dispatch(uint32_t Dir, int64_t Dispatch) const {
  auto It = M.Dispatches.find({Dir, Dispatch});
  return It == M.Dispatches.end() ? nullptr : &It->second;
}

const DispatchShape *TriageContext::longestOf(const std::string &Kernel) const {
  const DispatchShape *Best = nullptr;
  for (const auto &[Key, D] : M.Dispatches)
    if (M.Names.str(D.Kernel) == Kernel && (!Best || D.span() > Best->span()))
      Best = &D;
  return Best;
}

double TriageContext::percent(double Gain, const DispatchShape *D) {
  if (!D || D->span() <= 0)
    return 0;
  return std::min(100.0, 100.0 * Gain / double(D->span()));
}

WaveId TriageContext::waveId(WaveRef W) {
  return {slotSE(W.Slot), slotCU(W.Slot), slotSIMD(W.Slot), slotWave(W.Slot)};
}

std::string scopePathOf(const Measurements &M, const std::string &Kernel, const std::string &Scope) {
  auto It = M.ScopePaths.find({Kernel, Scope});
  return It != M.ScopePaths.end() ? It->second : Kernel + ";" + Scope;
}

std::string TriageContext::scopePath(const std::string &Kernel, const std::string &Scope) const {
  return scopePathOf(M, Kernel, Scope);
}

} // namespace sqtt::triage
