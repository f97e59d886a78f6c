// SqliteTables.cpp - the -f sqlite output: a tool's rows as SQLite tables.
//
// SQLite writes the temporary by name; with the journal in memory and
// temporary storage in memory it creates no file beside it, so the
// temporary is the only file until it is renamed into place. One
// transaction holds every row; nothing is fsynced by SQLite, since the
// file only becomes the output once it is whole.
#include "sqtt/writers/SqliteTables.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/FaultInjection.h"
#include "sqtt/support/OutputFiles.h"
#include "sqtt/support/Sqlite.h"
#include "sqtt/uitree/TreeLayout.h"

#include <sqlite3.h>

#include <charconv>
#include <cstdint>
#include <filesystem>
#include <limits>

namespace sqtt {

namespace {

const char *sqlType(ColumnType T) {
  switch (T) {
  case ColumnType::Integer:
    return "INTEGER";
  case ColumnType::Real:
    return "REAL";
  case ColumnType::Text:
    return "TEXT";
  }
  return "";
}

void bind(SqliteStatement &S, int Index, const FieldValue &V) {
  switch (V.T) {
  case FieldValue::Type::Null:
    S.bindNull(Index);
    break;
  case FieldValue::Type::Integer:
    // An unsigned count beyond INT64_MAX (none is in practice) is kept as
    // the nearest REAL rather than wrapped.
    if (!V.Signed && V.Bits > uint64_t(std::numeric_limits<int64_t>::max()))
      S.bindReal(Index, double(V.Bits));
    else
      S.bindInt(Index, int64_t(V.Bits));
    break;
  case FieldValue::Type::Bool:
    S.bindInt(Index, int64_t(V.Bits));
    break;
  case FieldValue::Type::Real:
    S.bindReal(Index, V.Real);
    break;
  case FieldValue::Type::Text:
  case FieldValue::Type::Json:
    S.bindText(Index, V.Text);
    break;
  }
}

void writeTable(SqliteDb &Db, const SqliteTableRows &T) {
  const OutputTable &Spec = *T.Table;
  std::string Create = "CREATE TABLE " + sqliteIdentifier(Spec.Name) + " (";
  std::string Insert = "INSERT INTO " + sqliteIdentifier(Spec.Name) + " VALUES (";
  std::map<std::string, int> Index; // key -> parameter
  for (const OutputColumn &C : Spec.Columns) {
    Index[C.Name] = int(Index.size()) + 1;
    Create += sqliteIdentifier(C.Name) + " " + sqlType(C.Type) + ", ";
    Insert += "?, ";
  }
  const int DispatchParam = int(Index.size()) + 1, GuidParam = DispatchParam + 1;
  Db.exec(Create + "\"dispatch_id\" INTEGER, \"guid\" TEXT)");
  SqliteStatement Stmt = Db.prepare(Insert + "?, ?)");
  for (size_t R = 0; R < T.Rows.Count; ++R) {
    for (const OutputField &F : T.Rows.Row(R)) {
      auto It = Index.find(F.Key);
      if (It == Index.end())
        throw Error(Db.name() + ": " + Spec.Name + " has no column '" + F.Key + "'");
      bind(Stmt, It->second, F.Value);
    }
    SqliteJoinKeys Keys = T.Keys(R);
    Stmt.bindInt(DispatchParam, Keys.DispatchId);
    Stmt.bindTextOrNull(GuidParam, Keys.Guid);
    Stmt.step();
    Stmt.reset(); // every parameter back to NULL: a key a row lacks is NULL
  }
}

} // namespace

void writeSqliteTables(const std::string &Path, const std::vector<std::pair<std::string, std::string>> &Meta,
                       const std::vector<SqliteTableRows> &Tables) {
  OutputFiles Out("sqtt-sqlite");
  Out.writeNamed(Path, [&](const std::string &Temporary) {
    faultPoint(Path + ": write the database");
    SqliteDb Db(Temporary, SQLITE_OPEN_READWRITE, Path);
    // No journal or temporary file beside the temporary (see above).
    Db.exec("PRAGMA journal_mode=MEMORY; PRAGMA temp_store=MEMORY; PRAGMA synchronous=OFF; "
            "PRAGMA locking_mode=EXCLUSIVE; BEGIN");
    Db.exec("CREATE TABLE sqtt_meta (key TEXT PRIMARY KEY, value TEXT)");
    {
      SqliteStatement M = Db.prepare("INSERT INTO sqtt_meta VALUES (?, ?)");
      std::vector<std::pair<std::string, std::string>> All = {{"schema", SqliteSchema}};
      All.insert(All.end(), Meta.begin(), Meta.end());
      for (const auto &[Key, Value] : All) {
        M.bindText(1, Key);
        M.bindText(2, Value);
        M.step();
        M.reset();
      }
      for (const SqliteTableRows &T : Tables)
        writeTable(Db, T);
    }
    Db.exec("COMMIT");
    faultPoint(Path + ": close the database");
    Db.close();
  });
  Out.commit();
}

std::optional<int64_t> RowDispatches::ofDirectory(const std::string &Dir) {
  std::string Name = std::filesystem::path(Dir).filename().string();
  if (Name.empty()) // "dir/"
    Name = std::filesystem::path(Dir).parent_path().filename().string();
  auto Key = uitree::dispatchOfDirName(Name);
  int64_t N = 0;
  if (!Key || std::from_chars(Key->second.data(), Key->second.data() + Key->second.size(), N).ec != std::errc())
    return std::nullopt;
  return N;
}

void RowDispatches::ran(const std::string &Kernel, const std::string &Dir) {
  Kernels[Kernel].insert(ofDirectory(Dir));
}

std::optional<int64_t> RowDispatches::ofKernel(const std::string &Kernel) const {
  auto It = Kernels.find(Kernel);
  return It == Kernels.end() ? only() : one(It->second);
}

} // namespace sqtt
