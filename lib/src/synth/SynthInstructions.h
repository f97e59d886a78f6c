// SynthInstructions.h - the detailed part of a simulated capture: for the
// waves of the target CU (rocprofv3 --att-target-cu), every instruction the
// wave executed on the ISA model, written as rocprofv3's wave files and
// code.json rows (FORMATS §12), with the truth of where each one falls.
// The simulator's own header, not installed.
#pragma once

#include "SynthCodeObject.h"

#include <cstdint>
#include <map>
#include <ostream>
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

/// code.json's totals per row of a dispatch's listing: what rocprofv3 sums
/// over the target CU's waves.
struct ListingTotals {
  struct Row {
    uint64_t Hit = 0, Latency = 0, Stall = 0;
  };
  std::vector<Row> Rows; // by listing row (code.json line - 1)
  void add(const SynthWaveDetail &W);
};

/// The dispatch's code.json: the label row of \p C's kernel, then a row per
/// instruction of its code object with \p Totals, marked as simulated by
/// \p Note.
std::string codeJson(const SynthCO &C, const ListingTotals &Totals, const std::string &Note);
/// code.json's line of listing row \p Row (line 0 is the label row).
inline uint32_t listingLine(uint32_t Row) { return Row + 1; }

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

/// One wave file in rocprofv3's layout (compact JSON, keys sorted).
std::string waveFileJson(const SynthWaveDetail &W, uint32_t SE, uint32_t CU);

} // namespace sqtt
