// TraceModel.h - the records, wave slots and spans every trace tool shares.
//
// A trace directory (one rocprofv3 "ui_*" dir, one time domain) holds
// shaderdata records, each an s_ttracedata value with its arrival time and
// physical wave slot, and occupancy rows telling when each slot launched and
// retired a wave of which dispatch.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace sqtt {

constexpr uint8_t RecordFlagImm = 1;  // came from s_ttracedata_imm
constexpr uint8_t RecordFlagPriv = 2; // written by the trap handler

/// One shaderdata record (16 bytes). The shader engine is the file's, so it
/// is not stored per record: records of one engine are processed together.
/// No capture's clock reaches this many cycles: the hardware's time fields
/// are 36 to 52 bits wide and each buffer's clock starts near 0 (2^48 cycles
/// are 39 hours at 2 GHz). A time beyond it is damage, not a measurement.
constexpr int64_t MaxTraceCycles = int64_t(1) << 48;

struct Record {
  int64_t Time = 0;
  uint32_t Value = 0;
  uint8_t CU = 0, SIMD = 0, Wave = 0;
  uint8_t Flags = 0;
};
static_assert(sizeof(Record) == 16, "records are kept compact");

/// A physical wave slot (se, cu, simd, wave_id), packed for hashing.
using SlotKey = uint32_t;
constexpr SlotKey slotKey(uint32_t SE, uint32_t CU, uint32_t SIMD, uint32_t Wave) {
  return (SE << 24) | (CU << 16) | (SIMD << 8) | Wave;
}
inline SlotKey slotKey(uint32_t SE, const Record &R) { return slotKey(SE, R.CU, R.SIMD, R.Wave); }
constexpr uint32_t slotSE(SlotKey K) { return K >> 24; }
constexpr uint32_t slotCU(SlotKey K) { return (K >> 16) & 0xFF; }
constexpr uint32_t slotSIMD(SlotKey K) { return (K >> 8) & 0xFF; }
constexpr uint32_t slotWave(SlotKey K) { return K & 0xFF; }

/// One wave instance: the Instance-th wave launched in its slot (D8).
struct WaveRef {
  SlotKey Slot = 0;
  uint32_t Instance = 0;
  uint64_t key() const { return uint64_t(Slot) << 32 | Instance; }
  bool operator==(const WaveRef &O) const { return key() == O.key(); }
  bool operator<(const WaveRef &O) const { return key() < O.key(); }
};

/// One wave's residency in a slot: launch to retire (retire = INT64_MAX while
/// still open at the end of the trace).
struct WaveSpan {
  int64_t Launch = 0;
  int64_t Retire = 0;
  int64_t Dispatch = 0; // occupancy kernel_id
};

/// The kernel a trace directory traced, from the label row of its code.json
/// (FORMATS §12): rocprofv3's own link from a directory to its code object.
struct TracedKernel {
  std::string Symbol; // without the leading "; " and any ".kd"
  uint64_t CodeObject = 0, Vaddr = 0;
  /// Where the label row was read (its code.json), for messages; "" when
  /// the source has no file of it.
  std::string Source;
};

/// Record filters of the command lines (compared with the slot and the
/// arrival time; the dispatch filters are in AnalysisOptions).
struct RecordFilter {
  int SE = -1, CU = -1, SIMD = -1, Wave = -1;
  int64_t TimeBegin = INT64_MIN, TimeEnd = INT64_MAX; // [begin, end)
  bool timed() const { return TimeBegin != INT64_MIN || TimeEnd != INT64_MAX; }
  bool active() const { return SE >= 0 || CU >= 0 || SIMD >= 0 || Wave >= 0 || timed(); }
  bool accepts(uint32_t Engine, const Record &R) const {
    return (SE < 0 || Engine == uint32_t(SE)) && (CU < 0 || R.CU == CU) &&
           (SIMD < 0 || R.SIMD == SIMD) && (Wave < 0 || R.Wave == Wave) &&
           R.Time >= TimeBegin && R.Time < TimeEnd;
  }
};

} // namespace sqtt
