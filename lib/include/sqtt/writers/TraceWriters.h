// TraceWriters.h - the output formats of the trace tools, one writer each.
//
//   folded      "frame;frame;frame <cycles>" per line (flamegraph.pl, inferno,
//               speedscope read it), optionally with execs and average
//   speedscope  speedscope's JSON file format (sampled profile, weights)
//   svg         an interactive flamegraph (search, zoom, tooltips)
//   chrome      Chrome trace JSON for ui.perfetto.dev and speedscope (one
//               file per dir)
//   pftrace     native Perfetto protobuf (one file per dir)
//   memory      see MemoryWriters.h
#pragma once

#include "sqtt/trace/TraceAnalysis.h"
#include "sqtt/writers/Timeline.h"

#include <ostream>
#include <string>
#include <vector>

namespace sqtt {

/// One stack of the flamegraph, self time, ready to write. In a
/// differential flamegraph Baseline holds the other trace's cycles.
struct FoldedStack {
  std::vector<uint32_t> Frames;
  uint64_t Cycles = 0, Execs = 0;
  uint64_t Baseline = 0;
};

/// flamegraph.pl / inferno options of the SVG.
struct SvgOptions {
  std::string Title = "SQTT Flamegraph";
  std::string Subtitle;
  double Width = 1200;
  double MinWidth = 1;            // pixels: narrower frames are left out
  std::string Colors = "hot";     // see svgPalettes()
  std::string CountName = "cycles";
  bool Inverted = false;          // icicle: the root at the top
  bool Differential = false;      // colour by Cycles - Baseline
};

/// The palettes --colors accepts.
const std::vector<std::string> &svgPalettes();

/// The profile's stacks sorted by descending cycles (ties in first order).
std::vector<FoldedStack> sortedStacks(const FoldedProfile &Profile);
/// How --baseline pairs a stack of the baseline with one of the trace.
enum class BaselineMatch {
  /// By kernel and scope path, whatever the code-object frame says:
  /// rocprofv3 numbers code objects in load order, so one kernel has another
  /// ID in another build or run, and another target in another build.
  Kernel,
  /// By every frame, the code-object frame (ID and target) included.
  CodeObject,
};

/// A differential profile, and how its stacks were paired.
struct DifferentialProfile {
  /// The stacks of the trace with the baseline's cycles as Baseline; a
  /// stack only in the baseline has zero cycles (and, matched by kernel,
  /// the trace's code-object frame of its kernel when the trace has one).
  std::vector<FoldedStack> Stacks;
  size_t BaselineStacks = 0; // stacks of the baseline
  size_t Matched = 0;        // of them, paired with a stack of the trace
  size_t AcrossCodeObjects = 0; // of those, under another code-object frame
  size_t OnlyInTrace = 0;    // stacks of the trace no baseline stack paired with
  /// Distinct (baseline frame, trace frame) pairs of the matches across
  /// code objects, as names: what was compared with what.
  std::vector<std::pair<std::string, std::string>> CodeObjectPairs;
};

/// The stacks of \p After with the cycles of \p Before as Baseline, paired
/// as \p Match says, frames interned in \p Names. Sorted by descending
/// cycles, then baseline.
DifferentialProfile differentialStacks(const std::vector<FoldedStack> &After,
                                       const std::vector<FoldedStack> &Before,
                                       const NameTable &BeforeNames, NameTable &Names,
                                       BaselineMatch Match = BaselineMatch::Kernel);

void writeFolded(std::ostream &OS, const std::vector<FoldedStack> &Stacks,
                 const NameTable &Names, bool WithExecs);
void writeSpeedscope(std::ostream &OS, const std::vector<FoldedStack> &Stacks,
                     const NameTable &Names);
void writeFlamegraphSvg(std::ostream &OS, const std::vector<FoldedStack> &Stacks,
                        const NameTable &Names, const SvgOptions &Options);
/// difffolded.pl's lines: "stack <baseline> <cycles>".
void writeDiffFolded(std::ostream &OS, const std::vector<FoldedStack> &Stacks,
                     const NameTable &Names);
/// \p Host: the host's slices (--host), after the directory's processes.
void writeChromeTrace(std::ostream &OS, const DirResult &Dir, const NameTable &Names,
                      const TimelineClock &Clock, const std::vector<HostSlice> &Host = {});
/// One Chrome JSON file for several trace directories (sqtt-perfetto
/// --merge): one process per (directory, dispatch), named after both, each
/// directory's times with its own clock (on one realtime axis when their
/// clocks carry an offset from it). \p Labels name the directories (their
/// paths relative to the base: two runs both write ui_output_agent_1_dispatch_1).
void writeMergedChromeTrace(std::ostream &OS, const std::vector<const DirResult *> &Dirs,
                            const std::vector<std::string> &Labels, const NameTable &Names,
                            const std::vector<TimelineClock> &Clocks, const std::string &TimeUnit,
                            const std::vector<HostSlice> &Host = {});
/// The same as one native Perfetto trace: one sequence (and root track) per
/// directory.
void writeMergedPerfettoTrace(std::ostream &OS, const std::vector<const DirResult *> &Dirs,
                              const std::vector<std::string> &Labels, const NameTable &Names,
                              const std::vector<TimelineClock> &Clocks, const std::vector<HostSlice> &Host = {});
void writePerfettoTrace(std::ostream &OS, const DirResult &Dir, const NameTable &Names,
                        const TimelineClock &Clock, const std::vector<HostSlice> &Host = {});

} // namespace sqtt
