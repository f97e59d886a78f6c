// SqliteTables.h - the -f sqlite output: a tool's rows as SQLite tables
// that join with rocprofv3's database (rocpd).
//
// Each table (sqtt_scopes, sqtt_waves, sqtt_instructions, sqtt_memory,
// sqtt_memory_objects) has the columns of its OutputTable, named and valued
// as the JSON output's keys (OutputRow.h), and two join columns on every
// row: dispatch_id (INTEGER, rocprofv3's dispatch number: the N of
// ui_output_agent_<A>_dispatch_<N> and the dispatch_id of rocpd's
// rocpd_kernel_dispatch and kernels view; NULL when the row rests on
// several dispatches or on one of unknown number) and guid (TEXT, the rocpd
// process guid, NULL when not known). sqtt_meta (key, value) says what
// wrote the file and the schema of these tables (SqliteSchema).
//
// The file is written whole or not at all: a temporary beside it
// (OutputFiles.h) is filled, closed and renamed over the target, so a
// failure leaves neither a partial database nor the temporary, and an
// existing file is replaced whole, never opened or changed.
#pragma once

#include "sqtt/writers/OutputRow.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace sqtt {

/// The version of these tables, in sqtt_meta under "schema".
inline constexpr const char *SqliteSchema = "sqtt-sqlite/1";

/// What joins a row with rocprofv3's database.
struct SqliteJoinKeys {
  std::optional<int64_t> DispatchId;
  std::string Guid; // "" : NULL
};

/// One table's rows, built one at a time, and the join keys of the I-th.
struct SqliteTableRows {
  const OutputTable *Table;
  OutputRows Rows;
  std::function<SqliteJoinKeys(size_t)> Keys;
};

/// \p Table holding \p Out, the output rows of \p Rows, the I-th keyed by
/// \p KeysOf(Rows[I]). Refers to \p Rows.
template <class Row, class KeysFn>
SqliteTableRows sqliteTableRows(const OutputTable &Table, OutputRows Out, const std::vector<Row> &Rows,
                                KeysFn KeysOf) {
  return {&Table, std::move(Out), [&Rows, KeysOf](size_t I) { return KeysOf(Rows[I]); }};
}

/// Writes \p Tables and sqtt_meta (\p Meta's pairs after "schema") to the
/// database \p Path, replacing any file there. Throws Error (nothing
/// written) if it cannot, or if a row has a key its table does not declare.
void writeSqliteTables(const std::string &Path, const std::vector<std::pair<std::string, std::string>> &Meta,
                       const std::vector<SqliteTableRows> &Tables);

/// Which rocprofv3 dispatch the rows of a kernel rest on, from the trace
/// directories the analysis read: a directory is one dispatch, the N of its
/// name ui_output_agent_<A>_dispatch_<N> (none for another name).
class RowDispatches {
public:
  /// The dispatch number a directory's name gives.
  static std::optional<int64_t> ofDirectory(const std::string &Dir);
  /// The analysis read directory \p Dir.
  void analysed(const std::string &Dir) { All.insert(ofDirectory(Dir)); }
  /// Rows of kernel \p Kernel rest on directory \p Dir (among others).
  void ran(const std::string &Kernel, const std::string &Dir);
  /// The one dispatch the analysis covered, if it covered one of known
  /// number.
  std::optional<int64_t> only() const { return one(All); }
  /// The one dispatch of the rows of \p Kernel: the directories it ran in,
  /// if they are one dispatch; only() for a kernel seen in none.
  std::optional<int64_t> ofKernel(const std::string &Kernel) const;

private:
  static std::optional<int64_t> one(const std::set<std::optional<int64_t>> &S) {
    return S.size() == 1 ? *S.begin() : std::nullopt;
  }
  std::set<std::optional<int64_t>> All;
  std::map<std::string, std::set<std::optional<int64_t>>> Kernels;
};

} // namespace sqtt
