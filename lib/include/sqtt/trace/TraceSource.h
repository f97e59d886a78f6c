// TraceSource.h - where the analysis reads one traced dispatch from: its
// shader engines and their records, occupancy, traced kernel, clocks and
// instruction capture. The analysis (TraceAnalysis.h) reads only through
// this interface, so another input format (the raw .att files) plugs in
// beside the decoded JSON tree and the in-memory records without touching
// the stages.
#pragma once

#include "sqtt/trace/TraceFiles.h"
#include "sqtt/trace/WaveInstructions.h"

#include <cstdint>
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
};

/// A rocprofv3 --att output directory's decoded JSON files (FORMATS §1, §2):
/// shaderdata files per engine (with the headers-only export's moved
/// records merged back), occupancy.json, code.json, realtime.json and the
/// wave files. Warnings about the files go to \p Warnings.
class JsonTraceSource : public TraceSource {
public:
  JsonTraceSource(std::string Dir, std::vector<std::string> &Warnings);
  const std::string &name() const override { return Dir; }
  const std::vector<uint32_t> &engines() const override { return SEs; }
  void readEngine(size_t E, std::vector<Record> &Records) const override;
  void readEngineFiles(size_t E, std::vector<Record> &Records, std::vector<RecordFile> &Files) const override;
  Occupancy occupancy() override;
  std::optional<TracedKernel> tracedKernel() override;
  std::optional<CaptureClock> clock() override;
  InstructionCapture instructions(const CaptureClock *Clock) override;

private:
  std::string Dir;
  std::vector<std::string> &Warnings;
  std::vector<uint32_t> SEs;
  std::vector<std::vector<ShaderDataFile>> Files; // per engine
  std::map<uint32_t, std::string> Moved;         // SE -> moved-records file
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
