// MovedRecords.h - a trace directory whose shaderdata holds marker headers
// only (sqtt-att --for-rcv): the other words (payloads, address blocks,
// trap-handler records) are in a side file per shader engine, with their
// places in that engine's time-ordered records, so that viewers that read
// every shaderdata word as a header (rocprof-compute-viewer, FORMATS §13)
// show the right spans, and this project's tools read the trace back whole.
//
// filenames.json lists them under "sqtt_moved_filenames": {"<se>":
// "sqtt_moved_<se>.json"} (TreeLayout.h names them); each is a shaderdata-shaped file (the same
// records schema) and sqtt_moved_<se>.positions.json the JSON array of each
// record's index in the engine's merged, time-ordered records.
#pragma once

#include "sqtt/trace/TraceModel.h"

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace sqtt {

/// The side files of \p Dir, by shader engine; none for an ordinary trace.
std::map<uint32_t, std::string> listMovedRecords(const std::string &Dir, std::vector<std::string> &Warnings);

/// Merges the side file \p Path into \p Headers, the engine's headers in
/// time order: the result is the engine's records as they were. Throws
/// Error when the side file or its positions are missing, malformed or do
/// not fit the headers.
void mergeMovedRecords(const std::string &Path, std::vector<Record> &Headers);

/// Writes \p Records (one engine's words that are not headers) as a side
/// file to \p OS (a shaderdata file, TreeWriter.h), and \p Positions (their
/// indices in its time-ordered records) as its positions file to
/// \p PositionsOS.
void writeMovedRecords(std::ostream &OS, std::ostream &PositionsOS, const std::vector<Record> &Records,
                       const std::vector<uint64_t> &Positions);

} // namespace sqtt
