// Sqlite.h - a thin owner of an SQLite connection and its statements.
//
// SqliteDb owns a sqlite3* and SqliteStatement a sqlite3_stmt*; both close
// when they go away, and every call that fails throws Error with the
// database's name and SQLite's message, so callers never test return
// codes. Used by the -f sqlite outputs (SqliteTables.h) and by whatever
// reads rocprofv3's database (rocpd) beside a capture.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace sqtt {

class SqliteStatement;

class SqliteDb {
public:
  /// Opens \p Path with sqlite3_open_v2 \p Flags (SQLITE_OPEN_READONLY, or
  /// SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, ...). \p Name is how errors
  /// name the database ("" : the path). Throws Error if it cannot.
  SqliteDb(const std::string &Path, int Flags, std::string Name = "");
  ~SqliteDb();
  SqliteDb(const SqliteDb &) = delete;
  SqliteDb &operator=(const SqliteDb &) = delete;

  /// Runs one or more statements that return no rows.
  void exec(const std::string &Sql);
  /// Compiles one statement.
  SqliteStatement prepare(const std::string &Sql);
  /// Closes the connection; throws Error if statements are still open or
  /// the close fails. The destructor closes quietly.
  void close();

  sqlite3 *get() const { return Db; }
  const std::string &name() const { return Name; }
  /// Throws Error "<name>: <What>: <SQLite's message>".
  [[noreturn]] void fail(const std::string &What) const;

private:
  sqlite3 *Db = nullptr;
  std::string Name;
};

class SqliteStatement {
public:
  SqliteStatement(SqliteStatement &&O) noexcept : Db(O.Db), Stmt(O.Stmt) { O.Stmt = nullptr; }
  SqliteStatement &operator=(SqliteStatement &&O) noexcept;
  ~SqliteStatement();
  SqliteStatement(const SqliteStatement &) = delete;
  SqliteStatement &operator=(const SqliteStatement &) = delete;

  // Parameters count from 1, as in SQL ("?1").
  void bindNull(int Index);
  void bindInt(int Index, int64_t Value);
  void bindReal(int Index, double Value);
  void bindText(int Index, std::string_view Value);
  /// The value, or NULL when there is none.
  void bindInt(int Index, const std::optional<int64_t> &Value);
  /// The text, or NULL when it is empty.
  void bindTextOrNull(int Index, std::string_view Value);

  /// Runs to the next row: true while there is one, false once done.
  bool step();
  /// Ready to run again; every parameter back to NULL.
  void reset();

  // The current row's columns, from 0.
  int columns() const;
  std::string columnName(int Column) const;
  bool isNull(int Column) const;
  int64_t columnInt(int Column) const;
  double columnReal(int Column) const;
  std::string columnText(int Column) const;

  sqlite3_stmt *get() const { return Stmt; }

private:
  friend class SqliteDb;
  SqliteStatement(const SqliteDb &Db, sqlite3_stmt *Stmt) : Db(&Db), Stmt(Stmt) {}
  void check(int Rc, const char *What) const;
  const SqliteDb *Db;
  sqlite3_stmt *Stmt;
};

/// \p Name quoted as an SQL identifier ("a""b").
std::string sqliteIdentifier(std::string_view Name);

} // namespace sqtt
