// ToolMain.h - what every command line does the same way: usage errors as
// "<tool>: error: ..." with exit status 2, an exception as one error line
// with status 1, output locations checked before any work, and an output
// file written whole or not at all.
//
// Short options mean the same in every tool: -c code objects, -d demangle,
// -f format, -j jobs, -o output (file or directory), -q quiet, -h help (and
// sqtt-verify's -v verbose). Nothing else has a short form, so no letter
// means two things. --json is JSON output wherever a tool writes JSON.
#pragma once

#include "HelpFormat.h"
#include "QuietStderr.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/OutputFiles.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace sqtt {

/// Parses the command line (with -q/--quiet, QuietStderr.h, added, and
/// --help formatted by HelpFormat.h with \p Help): -1 to go on, or the exit
/// status (0 after --help, 2 with "<tool>: error: ..." for a usage error).
inline int parseCommandLine(CLI::App &App, const char *Tool, const ToolHelp &Help, int argc, char **argv) {
  addQuietFlag(App); // every tool's -q
  App.set_help_flag("-h,--help", "Print this help and exit");
  App.formatter(std::make_shared<HelpFormatter>(Tool, Help));
  try {
    App.parse(argc, argv);
    return -1;
  } catch (const CLI::Success &E) {
    return App.exit(E);
  } catch (const CLI::ParseError &E) {
    std::cerr << Tool << ": error: " << E.what() << '\n'
              << Tool << ": run '" << Tool << " --help' for the options\n";
    return 2;
  }
}

/// In main: parse, or return the usage status.
#define SQTT_PARSE(App, Tool, Help, argc, argv)                                                    \
  do {                                                                                             \
    int ParseStatus = ::sqtt::parseCommandLine(App, Tool, Help, argc, argv);                       \
    if (ParseStatus >= 0)                                                                          \
      return ParseStatus;                                                                          \
  } while (0)

/// Throws Error, with the OS's reason, unless a file can be created at
/// \p Path (a probe file is created next to it and removed): an unwritable
/// output fails before the analysis, not after it.
inline void checkOutputFile(const std::string &Path) {
  namespace fs = std::filesystem;
  std::error_code EC;
  if (fs::is_directory(Path, EC))
    throw Error(Path + ": cannot write: is a directory");
  fs::path Dir = fs::path(Path).parent_path();
  if (Dir.empty())
    Dir = ".";
  std::string Probe = (Dir / ".sqtt-write-check-XXXXXX").string();
  int FD = mkstemp(Probe.data());
  if (FD < 0)
    throw Error(Path + ": cannot write: " + std::strerror(errno));
  close(FD);
  std::remove(Probe.c_str());
  if (fs::exists(Path, EC) && access(Path.c_str(), W_OK) != 0)
    throw Error(Path + ": cannot write: " + std::strerror(errno));
}

/// Creates directory \p Path if needed and checks files can be made in it.
inline void checkOutputDir(const std::string &Path) {
  std::error_code EC;
  std::filesystem::create_directories(Path, EC);
  if (EC)
    throw Error(Path + ": cannot create directory: " + EC.message());
  checkOutputFile((std::filesystem::path(Path) / "probe").string());
}

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

/// Runs \p Body with what it prints on stdout going to \p Path instead
/// (stdout when empty): written whole once Body returns, whatever its
/// status, and not at all when it throws. For tools whose output is a
/// report of modest size that they print as they go.
template <typename BodyFn> int withStdoutTo(const std::string &Path, BodyFn &&Body) {
  if (Path.empty())
    return Body();
  checkOutputFile(Path);
  std::ostringstream Captured;
  struct Restore {
    std::streambuf *Old;
    ~Restore() { std::cout.rdbuf(Old); }
  } Guard{std::cout.rdbuf(Captured.rdbuf())};
  int Status = Body();
  std::cout.rdbuf(Guard.Old);
  writeOutputFile(Path, [&](std::ostream &OS) { OS << Captured.str(); });
  return Status;
}

} // namespace sqtt
