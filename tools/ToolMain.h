// ToolMain.h - what every command line does the same way: turning an
// exception into one error line and exit status 1, and writing an output
// file whole or not at all.
#pragma once

#include "sqtt/support/Error.h"
#include "sqtt/support/OutputFiles.h"

#include <exception>
#include <iostream>
#include <string>

namespace sqtt {

/// Runs \p Body; an exception becomes "<tool>: error: <what>" and status 1.
template <typename BodyFn> int runTool(const char *Tool, BodyFn &&Body) {
  try {
    return Body();
  } catch (const std::exception &E) {
    std::cerr << Tool << ": error: " << E.what() << '\n';
    return 1;
  }
}

/// Writes the single output \p Path whole or not at all (OutputFiles.h:
/// never over one of the run's inputs; tools with several outputs use one
/// OutputFiles for all of them).
template <typename WriteFn> void writeOutputFile(const std::string &Path, WriteFn &&Write) {
  OutputFiles Out;
  Out.write(Path, Write);
  Out.commit();
}

} // namespace sqtt
