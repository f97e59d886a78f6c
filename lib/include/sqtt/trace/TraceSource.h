// TraceSource.h - where the analysis reads one traced dispatch from: its
// shader engines and their records, occupancy, traced kernel, clocks and
// instruction capture. The analysis (TraceAnalysis.h) reads only through
// this interface, so each input format (the decoded JSON tree in uitree/,
// the raw .att files in rawatt/) plugs in beside the in-memory records
// without touching the stages.
#pragma once

#include "sqtt/trace/CaptureClock.h"
#include "sqtt/trace/Occupancy.h"
#include "sqtt/trace/TraceModel.h"
#include "sqtt/trace/WaveInstructions.h"

#include <cstdint>
#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sqtt {

/// Where one file's records begin in what a source appended, and the name
/// warnings give the file: the records of one file are in time order within
/// each wave slot (FORMATS §2.2), those of two files need not be.
struct RecordFile {
  size_t Begin = 0;
  std::string Name;
};

/// A capture's rows as rocprofv3 writes them into a tree, for a format that
/// has them in that shape (the .att files): each engine's occupancy rows
/// [time, cu, simd, slot, start, kernel_id] in stream order, the kernel
/// names by id, each engine's (shader clock, realtime) samples and the
/// hardware generation (gfxip major: 9 to 12).
struct CaptureRows {
  std::map<uint32_t, std::vector<std::array<int64_t, 6>>> Occupancy;
  std::map<int64_t, std::string> Dispatches;
  std::map<uint32_t, std::vector<std::pair<int64_t, uint64_t>>> Realtime;
  unsigned Gfxip = 9;
};

class TraceSource {
public:
  virtual ~TraceSource();

  /// What results and messages call the trace (its directory).
  virtual const std::string &name() const = 0;
  /// The shader engines with records, in the order they are analysed.
  virtual const std::vector<uint32_t> &engines() const = 0;
  /// Appends the records of engines()[E], as recorded: in file order, on
  /// that engine's own counter. May run on another thread than the other
  /// calls (read-ahead), so it touches nothing but the source's own files.
  virtual void readEngine(size_t E, std::vector<Record> &Records) const = 0;
  /// The same, with where each file's records begin (D10: a record out of
  /// its wave's time order is named by file and record). A source whose
  /// engine is one file, or one time order, need not override it.
  virtual void readEngineFiles(size_t E, std::vector<Record> &Records, std::vector<RecordFile> &Files) const;
  virtual Occupancy occupancy() = 0;
  /// The dispatch whose code the trace's label row names (D22).
  virtual std::optional<TracedKernel> tracedKernel() = 0;
  /// The capture's clocks (realtime.json, D26), when it has them.
  virtual std::optional<CaptureClock> clock() = 0;
  /// The target CU's wave files and code.json rows, times on \p Clock's axis.
  virtual InstructionCapture instructions(const CaptureClock *Clock) = 0;
  /// Files of the trace that could not be read at all and were left out
  /// (each warned of when the source was opened).
  virtual size_t skippedFiles() const { return 0; }
  /// The capture's rows as rocprofv3 writes them, for a format that holds
  /// them in that shape (the .att files), so a tree can be written from it.
  virtual std::optional<CaptureRows> captureRows() { return std::nullopt; }
};

/// Records already in memory (tests, fuzzing, simulators): one entry per
/// engine, in processing order, each engine's records in file order.
class MemoryTraceSource : public TraceSource {
public:
  struct Engine {
    uint32_t SE;
    std::vector<Record> Records;
  };
  MemoryTraceSource(std::string Name, Occupancy Occ, std::vector<Engine> Engines,
                    std::optional<TracedKernel> Traced = std::nullopt,
                    std::optional<InstructionCapture> Capture = std::nullopt);
  const std::string &name() const override { return Name; }
  const std::vector<uint32_t> &engines() const override { return SEs; }
  void readEngine(size_t E, std::vector<Record> &Records) const override;
  Occupancy occupancy() override { return Occ; }
  std::optional<TracedKernel> tracedKernel() override { return Traced; }
  std::optional<CaptureClock> clock() override { return std::nullopt; }
  InstructionCapture instructions(const CaptureClock *) override;

private:
  std::string Name;
  Occupancy Occ;
  std::vector<Engine> Engines;
  std::vector<uint32_t> SEs;
  std::optional<TracedKernel> Traced;
  std::optional<InstructionCapture> Capture;
};

} // namespace sqtt
