// AttTraceSource.h - a traced dispatch read from its raw .att files (one per
// shader engine) instead of the JSON rocprofv3 decodes from them (D32): the
// same records, wave spans, dispatch names and clocks, behind the analysis'
// TraceSource seam.
#pragma once

#include "sqtt/rawatt/AttStream.h"
#include "sqtt/rawatt/AttCapture.h"
#include "sqtt/trace/TraceSource.h"

#include <array>
#include <functional>
#include <mutex>

namespace sqtt {

/// The code object and address of the kernel whose entry is at \p Pc in a
/// capture that did not announce its code objects, weighed against the
/// capture's records (\p Values: each distinct value and its count); none (with \p Why)
/// when the code objects cannot tell. \p Warning says where the address
/// and the records disagreed.
struct KernelEntry {
  uint64_t CodeObject = 0, Vaddr = 0;
};
using KernelLocator = std::function<std::optional<KernelEntry>(
    uint64_t Pc, const std::vector<std::pair<uint32_t, uint64_t>> &Values, std::string &Why, std::string &Warning)>;

class AttTraceSource : public TraceSource {
public:
  /// \p Name: the directory rocprofv3 writes for the dispatch; \p Capture:
  /// its .att files. Problems of the stream go to \p Warnings.
  AttTraceSource(std::string Name, const AttCapture &Capture, KernelLocator Locate,
                 std::vector<std::string> &Warnings);
  const std::string &name() const override { return Name; }
  const std::vector<uint32_t> &engines() const override { return SEs; }
  void readEngine(size_t E, std::vector<Record> &Records) const override;
  Occupancy occupancy() override;
  /// Dispatches are named by code object and address ("<co> / 0x<vaddr>"),
  /// which the resolver places without a label row.
  std::optional<TracedKernel> tracedKernel() override { return std::nullopt; }
  std::optional<CaptureClock> clock() override;
  /// Instruction detail is not read from .att files.
  InstructionCapture instructions(const CaptureClock *) override { return {}; }
  /// Engine files that are empty, all zero or not a thread trace: each was
  /// warned of and is left out of engines().
  size_t skippedFiles() const override { return Skipped; }

  /// What rocprofv3 writes into the dispatch's ui_* directory, for a decode
  /// of the files (sqtt-att): occupancy rows in stream order, the kernel
  /// names, the realtime samples and the streams' gfxip.
  std::optional<CaptureRows> captureRows() override;

private:
  /// Reads every engine's waves, realtime samples and losses once.
  void scan();
  /// Each distinct value of every engine's records and its count: the
  /// evidence of which code object's markers they are.
  std::vector<std::pair<uint32_t, uint64_t>> recordValues() const;

  std::string Name;
  AttCapture Capture;
  KernelLocator Locate;
  std::vector<std::string> &Warnings;
  std::vector<uint32_t> SEs;
  size_t Skipped = 0;
  bool Scanned = false;
  Occupancy Occ;
  std::map<uint32_t, std::vector<rawatt::RealtimeSample>> Realtime;
  std::map<uint32_t, std::vector<rawatt::WaveEvent>> Waves;      // per engine, stream order
  std::map<std::pair<uint64_t, uint64_t>, int64_t> KernelIds;  // (code object, address) -> id
  rawatt::Generation Gen = rawatt::Generation::Gfx9;
  double StreamRealtimeHz = 0; // an AGENT_INFO packet's rate, if any engine had one
};

/// What one .att file holds, as the JSON rocprofv3 writes from it would hold
/// it, into \p Out (its memory reused). Throws Error for an unreadable file
/// or an unknown format.
void readAttFile(const std::string &Path, rawatt::StreamWants Wants, rawatt::AttStream &Out);
inline rawatt::AttStream readAttFile(const std::string &Path, rawatt::StreamWants Wants) {
  rawatt::AttStream Out;
  readAttFile(Path, Wants, Out);
  return Out;
}

} // namespace sqtt
