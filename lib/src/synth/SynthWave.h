// SynthWave.h - one simulated wave slot: the waves it runs one after the
// other, each a lazy generator of records in arrival order, and the truth
// they add. The simulator's own header, not installed.
#pragma once

#include "SynthCodeObject.h"
#include "SynthInstructions.h"

#include <cstdint>
#include <deque>
#include <map>
#include <ostream>
#include <random>
#include <string>
#include <vector>

namespace sqtt {

struct Rec {
  int64_t Arrival, Issue;
  uint32_t Value;
  uint8_t Flags;
  bool Header;
  uint32_t Instance; // the slot's wave that issued it
};

/// What the tools must recover, filled as the waves run.
struct Truth {
  std::map<std::string, uint64_t> Folded;
  std::map<std::string, uint64_t> Segments; // self-time segments behind each stack's cycles
  std::map<std::string, std::pair<uint64_t, uint64_t>> Slices; // name -> count, cycles
  uint64_t Instants = 0;
  std::ostream *Addresses = nullptr, *Headers = nullptr, *Events = nullptr; // truth_*.txt
  std::ostream *Intervals = nullptr, *Data = nullptr, *Waves = nullptr;
  std::ostream *Lost = nullptr; // with a loss model
  InstructionTruth Instructions;
  ListingTotals *Lines = nullptr; // the current dispatch's code.json totals
};

/// One wave slot of a dispatch: its waves (runs) of the dispatch's kernel,
/// one after the other, none before the previous one ended.
class SlotGen {
public:
  /// \p DirIdx: the dispatch's ui_* directory (0-based); \p Dispatch: the
  /// kernel_id its occupancy rows carry.
  SlotGen(const SynthScenario &S, const SynthCO &CO, uint32_t Dispatch, uint32_t DirIdx, uint32_t SE, uint32_t CU,
          uint32_t SIMD, uint32_t Wave, int64_t Phase, bool &FirstOfSimd, Truth &T);

  bool done() const { return Pending.empty() && Run >= S.Relaunches + 1; }
  int64_t nextArrival() const { return Pending.front().Arrival; }
  Rec pop();

  struct Launch {
    int64_t Start, End;
    uint32_t Dispatch;
  };
  std::vector<Launch> Launches;
  uint64_t AddressBlocks = 0;
  uint64_t CutWaves = 0, OpenAtEnd = 0, UnknownHeaders = 0; // code-following mode
  std::vector<SynthWaveDetail> Details; // the target CU's finished waves

private:
  uint32_t rnd(uint32_t N) { return N ? uint32_t(Rng() % N) : 0; }
  uint64_t waveSeed() const;

  void startRun();

  void emit(int64_t Issue, uint32_t Value, bool Header, uint8_t Flags = 0);

  void scopeRecord(int64_t Now);

  void openSlice(uint32_t Scope, int64_t Now, uint32_t TreeNode = 0);
  void closeSlice(int64_t Now);
  /// The wave's file is complete: its truth, keyed by each instruction's scope.
  void finishDetail();
  /// One line of the per-wave truth: dir, slot, instance, then the event.
  std::ostream &waveTruth(char Kind);

  /// An address block at \p Now, from the random mode's access patterns.
  void addressBlock(const AddressOp &Op, int64_t Now);
  /// An address block at \p Now as the kernel's code issued it (\p Code:
  /// the block's words, at their cycles): EXEC where the code determines
  /// it, lanes \p Op's access width apart from a base of the op and wave.
  void codeAddressBlock(const AddressOp &Op, int64_t Now, const ProgramRecord *Code, size_t Words);
  /// The target CU's wave: its instructions issued before code cycle
  /// \p Cycle, each under the innermost scope open now.
  void issueInstructions(int64_t Cycle);
  /// The block's truth line; the wave's time moves on to \p End.
  void addressTruth(const AddressOp &Op, uint64_t Exec, const std::vector<uint64_t> &Active, int64_t End);

  /// Generates the next event (one or more records) of the current wave,
  /// and starts the slot's next wave when one ends (a loop: a slot may run
  /// any number of waves that record nothing).
  void refill();
  /// The random mode's next event: drawn from the funcmap. Both return
  /// false when the wave ended.
  bool refillRandom();
  /// The code-following mode's next event: the next trace instruction the
  /// kernel's code issued (SynthFollowCode.cpp).
  bool refillFromCode();
  /// Closes the innermost open scope with an exit; false if none is open.
  bool closeInnermost();
  /// The wave has issued its last record: its launch and truth.
  void endWave();

  const SynthScenario &S;
  const SynthCO *CO;
  uint32_t Dispatch, DirIdx, SE, CU, SIMD, Wave;
  int64_t Phase;
  bool &FirstOfSimd;
  Truth &T;
  std::mt19937_64 Rng;
  unsigned Run = 0, Events = 0;
  uint32_t Node = 0; // in the code object's call tree, when it has one
  int64_t Time = 0, LastScope = -1, LastArrival = 0;
  std::vector<uint32_t> Stack;
  std::vector<int64_t> SliceStart;
  std::vector<uint64_t> SliceSelf;
  std::string Prefix;
  uint64_t WaveScoped = 0, WaveMarkers = 0; // this wave's
  std::deque<Rec> Pending;
  bool Detailed; // on the target CU
  SynthWaveDetail Detail;            // this wave's instructions
  std::vector<uint32_t> DetailKeys;  // per instruction: its scope + 1, 0 outside every scope
  size_t ExecutedNext = 0;           // Code.Executed's next instruction to issue
  // Code-following mode: the current wave's run of its kernel and how far
  // its records have been turned into events.
  ProgramRun Code;
  std::vector<bool> Opened; // the code's open scopes: false for one left out (its ID is data)
  size_t CodeNext = 0;
  int64_t CodeStart = 0;
};

} // namespace sqtt
