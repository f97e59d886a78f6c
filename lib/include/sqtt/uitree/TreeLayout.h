// TreeLayout.h - how a rocprofv3 --att output tree is laid out (FORMATS §1,
// §2, §12, §13): the names of a traced dispatch's directory and of the files
// in it, and the keys of filenames.json that list them. The tree's reader
// (TreeReader.h), its writer (TreeWriter.h), the session's discovery and the
// att step name files only through here, so a rocprofv3 release that renames
// one is one edit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace sqtt::uitree {

// --- One traced dispatch's directory ---------------------------------------
/// The dispatch's directory: "ui_output_agent_<agent>_dispatch_<dispatch>".
std::string dispatchDirName(std::string_view Agent, std::string_view Dispatch);
/// The (agent, dispatch) a directory's name gives; none for another name.
std::optional<std::pair<std::string, std::string>> dispatchOfDirName(std::string_view Name);
/// How a directory's name is written, for messages.
inline constexpr const char *DispatchDirPattern = "ui_output_agent_<agent>_dispatch_<dispatch>";

// --- The files in it ---------------------------------------------------------
/// Lists the shaderdata and wave files, with the tree's version.
inline constexpr const char *FilenamesFile = "filenames.json";
/// Each wave slot's launches and ends, and the dispatches' names.
inline constexpr const char *OccupancyFile = "occupancy.json";
/// The ISA listing; its row 0 is the label row naming the traced kernel (D22).
inline constexpr const char *CodeFile = "code.json";
/// code.json's table of the instructions the plugin inserted, [[codeobj,
/// vaddr], ...]: this project's own key, written where the code object's
/// ISA was decoded (sqtt-synth); rocprofv3 does not write it.
inline constexpr const char *CodeInsertedKey = "sqtt_inserted";
/// The shader engines' (cycles, realtime) samples (D26).
inline constexpr const char *RealtimeFile = "realtime.json";

/// One shader engine's records: "shaderdata_<se>_<n>.json".
std::string shaderDataName(uint32_t SE, unsigned N = 0);
/// Whether a file name is a shaderdata file's (any numbering).
bool isShaderDataName(std::string_view Name);
/// What every shaderdata name starts with.
inline constexpr const char *ShaderDataPrefix = "shaderdata_";
/// How shaderdata names are written, for messages.
inline constexpr const char *ShaderDataPattern = "shaderdata_*.json";

/// A target-CU wave's instruction file: "se<se>_sm<simd>_sl<slot>_wv<n>.json".
std::string waveFileName(uint32_t SE, uint32_t SIMD, uint32_t Slot, uint32_t N);
/// The shader engine a wave file's name gives; none for another name.
std::optional<uint32_t> engineOfWaveFileName(const std::string &Name);

/// The headers-only export's side file of an engine (MovedRecords.h):
/// "sqtt_moved_<se>.json", and beside it its positions file.
std::string movedRecordsName(uint32_t SE);
/// The positions file of side file \p Path ("x.json" -> "x.positions.json").
std::string movedPositionsPath(const std::string &Path);

// --- filenames.json's keys ---------------------------------------------------
/// {"<se>": [[file, begin, end], ...]}
inline constexpr const char *ShaderDataListKey = "shaderdata_filenames";
/// {se: {simd: {slot: {n: [file, begin, end]}}}}
inline constexpr const char *WaveListKey = "wave_filenames";
/// {"<se>": "sqtt_moved_<se>.json"}: this project's own key (MovedRecords.h).
inline constexpr const char *MovedListKey = "sqtt_moved_filenames";

} // namespace sqtt::uitree
