// ContainedPath.h - file names taken from trace metadata stay inside the trace.
//
// filenames.json names the shaderdata files of a trace directory. A name is
// data, not a path the tools may follow anywhere: it must be a plain file
// name (no NUL, no '/', not "." or ".."), and if it is a symbolic link, what
// it resolves to must lie inside the directory. Anything else is an error
// naming the metadata file and the name, before any file is touched.
#pragma once

#include <string>
#include <string_view>

namespace sqtt {

/// \p Dir / \p Name, for a \p Name read from \p Source. Throws Error if the
/// name is not a plain file name or resolves outside \p Dir.
std::string fileInDirectory(const std::string &Dir, std::string_view Name, const std::string &Source);

/// \p Text as a JSON string literal, for quoting untrusted names in messages.
std::string quotedName(std::string_view Text);

} // namespace sqtt
