// TreeReaders.h - what the readers of a rocprofv3 tree's files share (the
// library's own header, not installed): the records scanner; metadata JSON
// loading and the malformed-file error come from support/MetadataJson.h.
#pragma once

#include "sqtt/support/MetadataJson.h"
#include "sqtt/trace/TraceModel.h"

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqtt {

/// The path of \p Dir's file \p Name (TreeLayout.h), when it exists: a tree
/// may leave out any of its metadata files.
std::optional<std::string> treeFile(const std::string &Dir, const char *Name);

// --- The records scanner (RecordScanner.cpp) ------------------------------
bool isSpace(char C);
/// Parses one chunk "[[t,v,cu,simd,wave,flags],...]" of a records array with
/// simdjson (any layout; errors name the record).
size_t parseRecordChunk(simdjson::ondemand::parser &Parser, const simdjson::padded_string &Chunk,
                        const std::string &Path, size_t FirstRow, std::vector<Record> &Out);
/// An upper bound of the records from \p Pos on.
size_t recordsBound(std::string_view Text, size_t Pos, uint64_t Count);
/// The fast path: plain records from \p Pos until \p Limit; returns where it
/// stopped.
size_t plainRecords(std::string_view Text, size_t Pos, size_t Limit, std::vector<Record> &Out, size_t &Rows,
                    bool &Closed);

} // namespace sqtt
