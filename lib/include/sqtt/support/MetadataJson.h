// MetadataJson.h - small JSON files read whole (a trace tree's metadata, a
// wave exclusion list): loading within the bounds no rocprofv3 output
// exceeds, parsing without runaway nesting, and the error for a malformed
// file. Here rather than with a format because readers of several formats
// and of the command lines' own files share them.
#pragma once

#include <simdjson.h>

#include <string>

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

} // namespace sqtt
