// WaveLabel.h - how every output names a wave instance (D8):
// "SE<se>/CU<cu>/SIMD<simd>/W<slot>#<instance>".
#pragma once

#include "sqtt/trace/TraceModel.h"

#include <string>

namespace sqtt {

inline std::string waveLabel(WaveRef W) {
  return "SE" + std::to_string(slotSE(W.Slot)) + "/CU" + std::to_string(slotCU(W.Slot)) + "/SIMD" +
         std::to_string(slotSIMD(W.Slot)) + "/W" + std::to_string(slotWave(W.Slot)) + "#" +
         std::to_string(W.Instance);
}

} // namespace sqtt
