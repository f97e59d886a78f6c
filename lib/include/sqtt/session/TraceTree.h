// TraceTree.h - finding a trace tree's inputs: the trace directories (each
// read by one of the formats TraceFormats.h lists), the code objects, and
// which process each belongs to (D23).
#pragma once

#include "sqtt/codeobjects/CodeObjectPath.h"
#include "sqtt/rawatt/AttCapture.h"

#include "sqtt/rocpd/RocpdDatabase.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sqtt {

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
  /// rocprofv3's databases beside the capture (ROCPD.md), by the process
  /// their name gives ("<pid>_results.db"): opened read only at discovery.
  std::map<uint64_t, std::shared_ptr<const rocpd::Database>> Rocpd;
  /// The database of \p Pid's process, or the only one when the capture
  /// names no process; null when there is none.
  const rocpd::Database *rocpdOf(std::optional<uint64_t> Pid) const;
  std::vector<std::string> Warnings;
  /// What discovery chose to leave alone, said once (files of other formats
  /// with a known name).
  std::vector<std::string> Notes;
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

} // namespace sqtt
