// OpenInViewer.h - handing an output file to the desktop's viewer.
#pragma once

#include <string>

namespace sqtt {

/// Runs `xdg-open <Path>` with an argument vector (no shell: a quote or `$(...)`
/// in the path is part of the name), its output discarded, and waits for it
/// (xdg-open returns once the viewer is started). False when it could not be
/// started or reported failure.
bool openInViewer(const std::string &Path);

} // namespace sqtt
