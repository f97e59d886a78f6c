// SqliteOutput.h - what the tools with -f sqlite do alike: the database is
// a file named with -o, never stdout (a usage error otherwise), checked
// before the analysis, and sqtt_meta says which tool and version wrote it
// from which trace (SqliteTables.h has the tables).
#pragma once

#include "ToolMain.h"
#include "Version.h"
#include "sqtt/session/TraceSession.h"
#include "sqtt/support/Error.h"
#include "sqtt/writers/SqliteTables.h"

#include <CLI/CLI.hpp>

#include <string>
#include <sys/stat.h>
#include <utility>
#include <vector>

namespace sqtt {

/// The -f value of the database output.
inline constexpr const char *SqliteFormat = "sqlite";

/// Makes -f sqlite without -o a usage error (status 2) once \p App has
/// parsed the command line.
inline void requireOutputForSqlite(CLI::App &App, const std::string &Format, const std::string &Output) {
  App.final_callback([&Format, &Output] {
    if (Format == SqliteFormat && Output.empty())
      throw CLI::ValidationError("-f sqlite writes an SQLite database, never to stdout: name its file with "
                                 "-o FILE");
  });
}

/// Before the analysis: \p Path can be created, and is not a device or a
/// pipe (a database is a file, replaced whole).
inline void checkSqliteOutputFile(const std::string &Path) {
  struct stat St;
  if (::stat(Path.c_str(), &St) == 0 && !S_ISREG(St.st_mode) && !S_ISDIR(St.st_mode))
    throw Error(Path + ": cannot write an SQLite database here: not a regular file (-f sqlite needs -o FILE)");
  checkOutputFile(Path);
}

/// The rocpd process guid of directory \p Dir's rows: its process's
/// database beside the capture; "" (NULL) without one.
inline std::string rocpdGuidOf(const TraceSession &Session, const std::string &Dir) {
  const rocpd::Database *Db = Session.rocpdOf(Dir);
  return Db ? Db->Guid : "";
}

/// The guid of rows that may rest on any analysed directory: the one
/// database's when every directory has it, else "" (NULL).
inline std::string rocpdGuid(const TraceSession &Session) {
  std::string Guid;
  for (size_t I = 0; I < Session.traceDirs().size(); ++I) {
    std::string Of = rocpdGuidOf(Session, Session.traceDirs()[I]);
    if (Of.empty() || (I && Of != Guid))
      return "";
    Guid = Of;
  }
  return Guid;
}

/// Before the analysis, -o for format \p Format: a database file where it
/// is sqlite, else any file that can be written (none: stdout).
inline void checkOutputFor(const std::string &Format, const std::string &Output) {
  if (Format == SqliteFormat)
    checkSqliteOutputFile(Output);
  else if (!Output.empty())
    checkOutputFile(Output);
}

/// sqtt_meta's rows after "schema": the tool, its version, the trace.
inline std::vector<std::pair<std::string, std::string>> sqliteMeta(const char *Tool, const std::string &Trace) {
  return {{"tool", Tool}, {"version", ProjectVersion}, {"trace", Trace}};
}

} // namespace sqtt
