// TraceFiles.h - finding and reading a rocprofv3 --att output tree.
//
// Discovery: every directory that directly holds shaderdata_*.json is a trace
// directory; every *code_object_id_<N>*.out file is code object N. Reading:
// filenames.json (or a glob) gives the shaderdata files per shader engine;
// shaderdata and occupancy files are parsed with simdjson. Malformed input is
// an Error naming the file and what is wrong. Implemented by concern in
// lib/src/trace: TraceTree.cpp (discovery), ShaderData.cpp (which files, and
// their records), RecordScanner.cpp (the records array), Occupancy.cpp, and
// MetadataJson.cpp (what the metadata readers share).
#pragma once

#include "sqtt/trace/TraceModel.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace sqtt {

struct CodeObjectPath {
  uint64_t ID = 0;
  std::string Path;
  /// The process that loaded it: rocprofv3's "<pid>_<gpu>_code_object_id_<N>"
  /// prefix (D23); none for other names.
  std::optional<uint64_t> Pid;
};

/// The raw .att files of one traced dispatch (D32), one per shader engine:
/// "<pid>_<agent>_shader_engine_<se>_<dispatch>.att".
struct AttCapture {
  uint64_t Pid = 0;
  std::vector<std::pair<uint32_t, std::string>> Files; // (SE, path), by SE
};

/// Which files a trace is read from: the decoded JSON directories, the raw
/// .att files, or (Auto) the JSON where rocprofv3 wrote it and the .att
/// files of dispatches it did not.
enum class TraceFrom { Auto, Json, Att };

struct TraceTree {
  /// Directories with shaderdata_*.json or an occupancy.json (a capture
  /// without markers is a trace too, D29); sorted.
  std::vector<std::string> TraceDirs;
  /// Those with shaderdata_*.json files: marker records to name.
  std::set<std::string> MarkerDirs;
  std::vector<CodeObjectPath> CodeObjects;
  /// The process of each trace directory, where the .att file names tell it
  /// ("<pid>_<agent>_shader_engine_<se>_<dispatch>.att" for
  /// "ui_output_agent_<agent>_dispatch_<dispatch>").
  std::map<std::string, uint64_t> DirProcess;
  /// The trace directories read from .att files, by their name: the
  /// directory rocprofv3 writes for that dispatch
  /// (<out>/ui_output_agent_<agent>_dispatch_<dispatch> for files in
  /// <out>/<host>/), whether or not it exists.
  std::map<std::string, AttCapture> AttCaptures;
  std::vector<std::string> Warnings;
};

/// Walks \p Base recursively. Throws Error if \p Base is not a directory.
TraceTree discoverTraceTree(const std::string &Base);

/// The code object ID in a file name ("..._code_object_id_3.out" -> 3).
bool codeObjectIdFromName(const std::string &Path, uint64_t &ID);
/// The process in a rocprofv3 code object name ("1234_1_code_object_id_3.out" -> 1234).
std::optional<uint64_t> codeObjectPidFromName(const std::string &Path);

/// The trace directories of one process with that process's code objects
/// (D23): what one resolver is built from.
struct ProcessInputs {
  std::optional<uint64_t> Pid;          // none: the tree names no process
  std::vector<CodeObjectPath> CodeObjects;
};
struct ProcessGroups {
  std::vector<ProcessInputs> Groups;
  std::vector<std::string> TraceDirs; // sorted, those selected
  std::vector<size_t> GroupOfDir;     // per TraceDirs entry
  /// Why a directory could not be given a process (the first one), "" when
  /// every directory was: the caller asks for a process to be selected.
  std::string Undecided;
};
/// Splits \p Tree by process (D23). Code objects without a process prefix
/// belong to every process. A directory goes with the process its .att
/// names give; one whose process is unknown goes with \p OnlyPid when given
/// (with a warning), else with every code object, unless two files of one
/// ID then cannot be told apart (ProcessGroups::Undecided names both). With
/// \p OnlyPid, directories of other processes are left out; a process no
/// file names is an Error.
ProcessGroups groupByProcess(const TraceTree &Tree, std::optional<uint64_t> OnlyPid,
                             std::vector<std::string> &Warnings);

/// The discovery every tool uses: each input is a directory, searched as
/// discoverTraceTree does, or a code object file named
/// *code_object_id_<N>*. Trace directories come sorted and once. A code
/// object ID of one process given by two files keeps the first (given files
/// before discovered ones, discovered ones in path order), with a warning
/// naming both; files of different processes are kept apart (D23). \p From
/// picks JSON directories or .att captures (TraceFrom). Throws Error for an
/// input that does not exist, a given file whose name has no ID, or two
/// .att files of one shader engine and dispatch.
TraceTree gatherTraceInputs(const std::vector<std::string> &Inputs, TraceFrom From = TraceFrom::Auto);
/// Code objects given by name: the ID comes from the name. Throws Error for
/// a name without one, or an ID given twice.
std::vector<CodeObjectPath> codeObjectsByName(const std::vector<std::string> &Paths);

struct ShaderDataFile {
  uint32_t SE = 0;
  std::string Path;
};

/// The shaderdata files of a trace directory, in reading order.
std::vector<ShaderDataFile> listShaderData(const std::string &Dir,
                                           std::vector<std::string> &Warnings);

/// Appends the records of one shaderdata file (values masked to 32 bits).
/// Returns the number read.
size_t readShaderData(const ShaderDataFile &File, std::vector<Record> &Out);

class MappedFile;
/// The records array of a shaderdata text: appends the records and sets
/// [ArrayBegin, ArrayEnd) to the array's bytes (brackets included), so a
/// rewrite can keep everything around it. \p Map, if given, has its pages
/// released as they are read.
size_t readRecordsArray(std::string_view Text, const std::string &Path, std::vector<Record> &Out,
                        size_t &ArrayBegin, size_t &ArrayEnd, const MappedFile *Map = nullptr);

struct Occupancy {
  std::map<int64_t, std::string> Dispatches;
  std::unordered_map<SlotKey, std::vector<WaveSpan>> Spans; // per slot, by launch
  size_t SkippedRows = 0; // wave rows that were not six integers in range
  /// Rows taken at face value elsewhere that cannot be (D10): a time
  /// outside [0, MaxTraceCycles) (skipped), a kernel_id no dispatch names,
  /// an end with no launch before it on its slot (ignored).
  size_t BadTimeRows = 0, UnnamedKernelRows = 0, EndsWithoutLaunch = 0;
  size_t impossibleRows() const { return BadTimeRows + UnnamedKernelRows + EndsWithoutLaunch; }
  /// "2 rows with a time beyond ..., 1 row ...": what impossibleRows() counts.
  std::string describeImpossibleRows() const;
  /// Rows a capture can have but a slot's waves cannot do (a slot runs one
  /// wave at a time; rocprofv3 writes each SE's rows in time order): a
  /// launch before the slot's wave ended (that wave is ended there) and a
  /// row earlier than the SE's row before it (rows are paired by time).
  size_t LaunchesIntoBusySlots = 0, RowsOutOfOrder = 0;
  size_t oddRows() const { return LaunchesIntoBusySlots + RowsOutOfOrder; }
  std::string describeOddRows() const;

  /// The last span launched at or before \p Time (records may arrive after
  /// retirement); the first span for a record before every launch.
  const WaveSpan *findSpan(SlotKey Slot, int64_t Time) const;
  /// Index of the last launch at or before \p Time (0 before the first).
  uint32_t instanceAt(SlotKey Slot, int64_t Time) const;
  std::string dispatchName(int64_t Dispatch) const;
};

/// Span lookups for one slot's time-ordered records: the same answers as
/// Occupancy::findSpan / instanceAt, in amortized constant time.
class SpanCursor {
public:
  SpanCursor(const Occupancy &Occ, SlotKey Slot) {
    auto It = Occ.Spans.find(Slot);
    if (It != Occ.Spans.end() && !It->second.empty())
      Spans = &It->second;
  }
  /// \p Time must not decrease between calls.
  const WaveSpan *at(int64_t Time) {
    if (!Spans)
      return nullptr;
    while (Index + 1 < Spans->size() && (*Spans)[Index + 1].Launch <= Time)
      ++Index;
    return &(*Spans)[Index];
  }
  uint32_t instance(int64_t Time) {
    if (!Spans)
      return 0;
    at(Time);
    return uint32_t(Index);
  }

private:
  const std::vector<WaveSpan> *Spans = nullptr;
  size_t Index = 0;
};

/// The kernel \p Dir traced, from the label row of its code.json (D22);
/// none without a code.json. A code.json without a readable label row is a
/// warning: dispatches are then matched by name.
std::optional<TracedKernel> readTracedKernel(const std::string &Dir, std::vector<std::string> &Warnings);
/// A label row names one code object for every dispatch of its kernel's
/// name in the directory: when several dispatches with waves here share that name and
/// several code objects define it, the others may have run another's (a
/// warning says so, naming them); nothing otherwise.
std::optional<std::string> labelRowDecidesForSeveral(const std::string &Dir, const Occupancy &Occ,
                                                     const TracedKernel &Traced,
                                                     const std::vector<uint64_t> &Defining);

/// What realtime.json says of a trace directory's clocks (D26, FORMATS §12):
/// shader engines count cycles from different origins; each SE's samples of
/// (cycles, realtime ticks) give its offset onto the first SE's counter and
/// the shader clock rate.
struct CaptureClock {
  double GHz = 0;                       // mean over the SEs' fits
  std::map<uint32_t, int64_t> Offset;   // cycles added to an SE's times; the first SE's is 0
  std::string Source;                   // the file
  /// The realtime clock, in ns, at aligned cycle 0 (the first SE's fit):
  /// what puts several directories of one capture on one axis.
  double RealtimeNsAtZero = 0;
  /// "SE0 +0<Sep>SE1 +752...": the cycles added to each SE.
  std::string describeOffsets(const char *Sep) const;
};
/// realtime.json of \p Dir, fitted; none without the file. A file that cannot
/// be used (malformed, fewer than two samples per SE, a clock that does not
/// advance) is a warning, and times stay as recorded.
std::optional<CaptureClock> readCaptureClock(const std::string &Dir, std::vector<std::string> &Warnings);
/// Parses the text of a realtime.json; \p Path names it in errors.
CaptureClock parseCaptureClock(std::string_view Text, const std::string &Path);
/// Moves every span of \p Occ onto the aligned axis of \p Clock.
void alignOccupancy(Occupancy &Occ, const CaptureClock &Clock);

/// One wave launch (Start) or end of a slot, as an occupancy.json row.
struct OccupancyRow {
  int64_t Time = 0;
  bool Start = false;
  int64_t Dispatch = 0;
};
/// Adds \p Rows (one slot's, in file order) to \p Occ as spans, FORMATS
/// §2.3: sorted by time (stably); a launch closes a pending span; an end with
/// no pending span is ignored (and counted); a span left open retires at
/// INT64_MAX. Rows with an impossible time are skipped and counted.
void addSlotRows(Occupancy &Occ, SlotKey Slot, std::vector<OccupancyRow> &Rows);

/// The clock fit of D26 from each shader engine's first and last samples
/// of (gfx_clock, realtime_clock); realtime ticks at \p Frequency Hz.
/// Throws Error, naming \p Source, when a clock does not advance.
struct ClockSamples {
  double Gfx0 = 0, Real0 = 0, Gfx1 = 0, Real1 = 0;
};
CaptureClock fitCaptureClock(const std::map<uint32_t, ClockSamples> &SEs, double Frequency,
                             const std::string &Source);

/// Reads occupancy.json of \p Dir; an empty Occupancy if it is missing.
Occupancy readOccupancy(const std::string &Dir, std::vector<std::string> &Warnings);
/// Parses the text of an occupancy.json; \p Path names it in errors.
Occupancy parseOccupancy(std::string_view Text, const std::string &Path);

} // namespace sqtt
