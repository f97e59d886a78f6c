// WaveInstructions.h - the detailed part of a capture (FORMATS §12): the
// per-wave instruction records rocprofv3 writes for the target CU
// (se<se>_sm<simd>_sl<slot>_wv<n>.json, listed under wave_filenames in
// filenames.json) and the ISA listing of code.json their lines refer to.
//
// Only the waves of the CU that `rocprofv3 --att-target-cu` names have these
// files; every other wave has markers and occupancy only. The readers of
// these files are the tree format's (uitree/TreeReader.h).
#pragma once

#include "sqtt/trace/CaptureClock.h"
#include "sqtt/trace/TraceModel.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sqtt {

/// rocprofiler_thread_trace_decoder_inst_category_t, the numbers of a wave
/// file's category column: what the hardware's instruction token says the
/// instruction was. JUMP is a taken branch, NEXT one not taken; IMMED the
/// s_nop/s_waitcnt/s_barrier kind; MESSAGE s_sendmsg and s_ttracedata.
enum class InstCategory : uint8_t { Other, Smem, Salu, Vmem, Flat, Lds, Valu, Jump, Next, Immed, Context, Message, Bvh };
/// 0 and anything beyond the last are counted as "OTHER".
constexpr unsigned InstCategories = unsigned(InstCategory::Bvh) + 1;
const char *instCategoryName(unsigned Category);
/// Every category's name, by category.
std::vector<std::string> instCategoryNames();

/// Wave timeline states: 1 IDLE, 2 EXEC, 3 WAIT, 4 STALL (0: other).
constexpr unsigned WaveStates = 5;
const char *waveStateName(unsigned State);

/// One row of a wave file's "instructions": [time, category, stall, duration, line].
struct WaveInstruction {
  int64_t Time = 0;
  uint32_t Stall = 0, Duration = 0;
  uint32_t Line = 0; // a code.json LineNumber
  uint8_t Category = 0;
};

/// One row of "timeline" ([state, duration]), placed: rows follow each
/// other from the wave's begin.
struct WaveStateSpan {
  int64_t Begin = 0;
  uint64_t Duration = 0;
  uint8_t State = 0;
};

/// One wave file. Times are on the records' axis (shifted like its SE's
/// records when the capture's engines are aligned, D26).
struct WaveInstructions {
  std::string Path;
  uint32_t SE = 0, CU = 0, SIMD = 0, Slot = 0, Id = 0;
  int64_t Begin = 0, End = 0;
  std::vector<WaveInstruction> Instructions; // in time order
  std::vector<WaveStateSpan> States;
  SlotKey slot() const { return slotKey(SE, CU, SIMD, Slot); }
};

/// One row of code.json: [ISA, 0, LineNumber, Source, Codeobj, Vaddr, ...].
/// Inserted: the instruction is the plugin's, as the document's
/// "sqtt_inserted" table says (written by whoever decoded the code object's
/// ISA; rocprofv3's own code.json has no such table, so nothing is).
struct CodeLine {
  std::string Isa, Source;
  uint64_t CodeObject = 0, Vaddr = 0;
  bool Inserted = false;
};

/// A trace directory's wave files and the code.json rows they refer to.
struct InstructionCapture {
  std::vector<WaveInstructions> Waves; // by SE, then as listed
  std::vector<CodeLine> Lines;         // by LineNumber
  const CodeLine *line(uint32_t Line) const { return Line < Lines.size() ? &Lines[Line] : nullptr; }
  /// The wave file of \p Slot whose [Begin, End] holds \p Time, if any.
  const WaveInstructions *waveAt(SlotKey Slot, int64_t Time) const;
  /// Builds the index waveAt() uses; call once Waves is complete.
  void index();

private:
  std::map<SlotKey, std::vector<uint32_t>> BySlot; // into Waves, by Begin
};

/// Keeps the waves on slots \p Filter accepts and, of those, the
/// instructions and the parts of state spans within its time window.
void restrictCapture(InstructionCapture &Capture, const RecordFilter &Filter);

} // namespace sqtt
