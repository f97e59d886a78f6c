// ToolMain.h - what every command line does the same way: turning an
// exception into one error line and exit status 1, and writing an output
// file whole or not at all.
#pragma once

#include "sqtt/support/Error.h"

#include <cstdio>
#include <exception>
#include <fstream>
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

/// Writes \p Path through a temporary renamed over it, so a failed run never
/// leaves a half-written file.
template <typename WriteFn> void writeOutputFile(const std::string &Path, WriteFn &&Write) {
  std::string Tmp = Path + ".tmp";
  {
    std::ofstream OS(Tmp, std::ios::binary);
    if (!OS)
      throw Error(Path + ": cannot write");
    Write(OS);
    if (!OS.flush()) {
      std::remove(Tmp.c_str());
      throw Error(Path + ": write failed");
    }
  }
  if (std::rename(Tmp.c_str(), Path.c_str()) != 0) {
    std::remove(Tmp.c_str());
    throw Error(Path + ": cannot replace");
  }
}

} // namespace sqtt
