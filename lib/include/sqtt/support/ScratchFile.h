// ScratchFile.h - anonymous temporary files for data kept out of memory.
#pragma once

#include <cstdio>
#include <string>

namespace sqtt {

/// An anonymous temporary file in $TMPDIR (or /tmp), named <Prefix>-XXXXXX
/// while it is created, opened for reading and writing and gone when closed.
/// \p What says what it holds, for errors ("the timeline events"); throws
/// Error when it cannot be created.
std::FILE *openTemporaryFile(const std::string &Prefix, const std::string &What);

} // namespace sqtt
