// AttBesideTree.h - the .att files of a tree that has only decoded JSON
// (sqtt-synth --att): what the differential tests read beside the JSON.
#pragma once

#include <cstddef>
#include <string>

namespace sqtt {

/// For every ui_* directory of the tree at \p Tree (one process's), writes
/// its .att files where rocprofv3 puts them: beside the code objects, named
/// <pid>_<agent>_shader_engine_<se>_<dispatch>.att, in the stream format of
/// the code objects' target. Returns the number of files written. Throws
/// Error when the tree's code objects mix generations or have no raw format.
size_t writeAttBesideTree(const std::string &Tree);

} // namespace sqtt
