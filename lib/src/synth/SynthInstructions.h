// SynthInstructions.h - the detailed part of a simulated capture: for the
// waves of the target CU (rocprofv3 --att-target-cu), every instruction
// issued between their marker events, written as rocprofv3's wave files and
// code.json rows (FORMATS §12), with the truth of where each one falls.
// The simulator's own header, not installed.
#pragma once

#include "SynthCodeObject.h"

#include <cstdint>
#include <map>
#include <ostream>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace sqtt {

/// One simulated wave file: a wave of the target CU and its instructions.
struct SynthWaveDetail {
  uint32_t SIMD = 0, Slot = 0, Run = 0;
  int64_t Begin = 0, End = 0;
  struct Instruction {
    int64_t Time;
    uint32_t Category, Stall, Duration, Line;
  };
  std::vector<Instruction> Instructions;
};

/// The simulated code.json: a label row, then four instructions (VALU,
/// SALU, VMEM, LDS) per code object for outside every scope, and four per
/// scope, each with its own source line.
class SynthListing {
public:
  explicit SynthListing(const std::vector<SynthCO> &COs);
  /// The line of instruction \p K (0-3) of code object \p CO in \p Scope
  /// (an index into its Scopes; -1 outside every scope).
  uint32_t line(size_t CO, int Scope, unsigned K) const { return Base[CO] + uint32_t(Scope + 1) * 4 + K; }
  static uint32_t category(unsigned K);
  /// code.json's text, marked as simulated by \p Note.
  std::string codeJson(const std::string &Note) const;

private:
  const std::vector<SynthCO> &COs;
  std::vector<uint32_t> Base;
};

/// What the tools must find per (kernel, innermost scope, kind): waves,
/// instructions, their cycles and stall cycles.
class InstructionTruth {
public:
  using Key = std::tuple<std::string, std::string, std::string>;
  /// Adds wave \p W's instructions, each under the key it was issued in.
  void wave(const SynthWaveDetail &W, const std::vector<Key> &KeyOf);
  void write(std::ostream &OS) const;

private:
  struct Row {
    uint64_t Waves = 0, Count = 0, Cycles = 0, Stall = 0;
  };
  std::map<Key, Row> Rows;
};

/// Simulates the instructions of a gap between two marker events: issued
/// every 4-12 cycles strictly inside (\p From, \p To), from the four lines of
/// the innermost scope. Returns the key index of each in \p KeyIndex.
void simulateGap(int64_t From, int64_t To, uint32_t FirstLine, uint32_t Key, std::mt19937_64 &Rng,
                 SynthWaveDetail &W, std::vector<uint32_t> &KeyIndex);

/// One wave file in rocprofv3's layout (compact JSON, keys sorted).
std::string waveFileJson(const SynthWaveDetail &W, uint32_t SE, uint32_t CU);

} // namespace sqtt
