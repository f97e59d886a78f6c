// InstructionStats.h - where a scope's time goes, instruction by instruction
// (sqtt-stats --instructions).
//
// rocprofv3 records every instruction of the target CU's waves (FORMATS
// §12); with markers, each of them issued inside a known scope of its wave.
// Each instruction counts for the innermost scope open on its wave when it
// issued, and a wave's timeline states (idle, exec, wait, stall) are split
// the same way, so a row is the scope's self detail: instructions, cycles by
// category, stall and idle cycles, and the ISA and source lines of code.json
// that cost the most. Instructions outside every scope count for the kernel
// (kind "kernel", scope "(no scope)"). The instructions code.json marks as
// the plugin's (its sqtt_inserted table) are summed apart too: how much of a
// scope's time the instrumentation itself took.
#pragma once

#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/trace/ScopeStats.h"
#include "sqtt/trace/WaveInstructions.h"

#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace sqtt {

/// The cost of one ISA line or one source line within a scope.
struct InstructionCost {
  uint64_t Count = 0, Cycles = 0, Stall = 0;
  void add(const WaveInstruction &I) { ++Count, Cycles += I.Duration, Stall += I.Stall; }
  void add(const InstructionCost &O) { Count += O.Count, Cycles += O.Cycles, Stall += O.Stall; }
};

struct InstructionRow {
  std::string Kernel, Scope;
  StatKind Kind = StatKind::Function;
  uint64_t Waves = 0;        // wave instances with instructions in the scope
  InstructionCost Total;     // Cycles: the instructions' durations; Stall: their stall cycles
  InstructionCost Inserted;  // of Total, the plugin's instructions (code.json's sqtt_inserted)
  std::array<InstructionCost, InstCategories> ByCategory{};
  std::array<uint64_t, WaveStates> StateCycles{}; // the wave timeline within the scope
  struct IsaLine {
    std::string Isa, Source;
    uint64_t CodeObject = 0, Vaddr = 0;
    bool Inserted = false; // the plugin's instruction
    InstructionCost Cost;
  };
  struct SourceLine {
    std::string Source;
    InstructionCost Cost;
  };
  std::vector<IsaLine> TopIsa;       // by cycles, at most the top asked for
  std::vector<SourceLine> TopSource; // the same per source line ("" when code.json has none)
};

class InstructionStats {
public:
  /// (kernel, scope, kind), interned names as in ScopeStats.
  using Key = std::tuple<uint32_t, uint32_t, StatKind>;
  /// The interned ISA text and source of a code.json line, its address, and
  /// whether the plugin inserted it.
  struct LineId {
    uint32_t Isa = 0, Source = 0;
    uint64_t CodeObject = 0, Vaddr = 0;
    bool Inserted = false;
    bool operator<(const LineId &O) const {
      return std::tie(Isa, Source, CodeObject, Vaddr, Inserted) <
             std::tie(O.Isa, O.Source, O.CodeObject, O.Vaddr, O.Inserted);
    }
  };

  void instruction(const Key &Scope, const WaveInstruction &I, const LineId &Line);
  void state(const Key &Scope, uint8_t State, uint64_t Cycles);
  /// The wave instance \p Serial (unique per trace directory) had
  /// instructions in \p Scope.
  void wave(const Key &Scope, uint64_t Serial, uint32_t Dir);
  void merge(const InstructionStats &Other);
  bool empty() const { return Acc.empty(); }
  /// The kernels with rows (interned).
  std::set<uint32_t> kernels() const { return kernelsOfKeys(Acc); }

  /// Wave files joined with a walked wave, and those whose wave recorded no
  /// marker (all their instructions count as "(no scope)").
  uint64_t JoinedWaves = 0, UnmarkedWaves = 0;

  /// Rows by descending cycles, each with its \p Top ISA and source lines.
  std::vector<InstructionRow> rows(const NameTable &Names, size_t Top) const;

private:
  struct Accumulator {
    InstructionCost Total, Inserted;
    std::array<InstructionCost, InstCategories> ByCategory{};
    std::array<uint64_t, WaveStates> StateCycles{};
    std::map<LineId, InstructionCost> Lines;
    uint64_t Waves = 0, LastWave = UINT64_MAX;
    uint32_t LastDir = UINT32_MAX;
  };
  std::map<Key, Accumulator> Acc;
};

} // namespace sqtt
