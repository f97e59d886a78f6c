// TraceFileReaders.h - what the readers of a trace directory's files share (the
// library's own header, not installed): metadata JSON loading with its
// bounds, the error for malformed files, and the records scanner.
#pragma once

#include "sqtt/trace/TraceModel.h"

#include <simdjson.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sqtt {

/// A metadata file (filenames.json, occupancy.json) read whole, within the
/// bounds no rocprofv3 output exceeds.
simdjson::padded_string loadMetadataJson(const std::string &Path);
/// Throws the Error for a malformed file.
[[noreturn]] void malformed(const std::string &Path, const std::string &What);
/// Parses a metadata file, refusing runaway nesting.
simdjson::simdjson_result<simdjson::dom::element>
parseMetadata(simdjson::dom::parser &Parser, const simdjson::padded_string &Json, const std::string &Path);
/// The same, throwing the malformed-file Error simdjson's reason names.
simdjson::dom::element parseMetadataOrThrow(simdjson::dom::parser &Parser, const simdjson::padded_string &Json,
                                            const std::string &Path);

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
