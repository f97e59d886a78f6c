// Sqlite.cpp - a thin owner of an SQLite connection and its statements.
#include "sqtt/support/Sqlite.h"
#include "sqtt/support/Error.h"

#include <sqlite3.h>

namespace sqtt {

SqliteDb::SqliteDb(const std::string &Path, int Flags, std::string N) : Name(N.empty() ? Path : std::move(N)) {
  int Rc = sqlite3_open_v2(Path.c_str(), &Db, Flags | SQLITE_OPEN_NOMUTEX, nullptr);
  if (Rc != SQLITE_OK) {
    std::string Message = Db ? sqlite3_errmsg(Db) : sqlite3_errstr(Rc);
    sqlite3_close(Db);
    Db = nullptr;
    throw Error(Name + ": cannot open the database: " + Message);
  }
  sqlite3_extended_result_codes(Db, 1);
}

SqliteDb::~SqliteDb() {
  if (Db)
    sqlite3_close_v2(Db);
}

void SqliteDb::fail(const std::string &What) const {
  throw Error(Name + ": " + What + ": " + (Db ? sqlite3_errmsg(Db) : "the database is closed"));
}

void SqliteDb::exec(const std::string &Sql) {
  char *Message = nullptr;
  if (sqlite3_exec(Db, Sql.c_str(), nullptr, nullptr, &Message) == SQLITE_OK)
    return;
  std::string Text = Message ? Message : sqlite3_errmsg(Db);
  sqlite3_free(Message);
  throw Error(Name + ": " + Text + " (in: " + Sql.substr(0, 80) + (Sql.size() > 80 ? "..." : "") + ")");
}

SqliteStatement SqliteDb::prepare(const std::string &Sql) {
  sqlite3_stmt *Stmt = nullptr;
  if (sqlite3_prepare_v2(Db, Sql.c_str(), int(Sql.size()), &Stmt, nullptr) != SQLITE_OK)
    fail("cannot prepare '" + Sql.substr(0, 80) + (Sql.size() > 80 ? "...'" : "'"));
  return SqliteStatement(*this, Stmt);
}

void SqliteDb::close() {
  if (!Db)
    return;
  if (sqlite3_close(Db) != SQLITE_OK)
    fail("cannot close");
  Db = nullptr;
}

SqliteStatement &SqliteStatement::operator=(SqliteStatement &&O) noexcept {
  if (this != &O) {
    sqlite3_finalize(Stmt);
    Db = O.Db;
    Stmt = O.Stmt;
    O.Stmt = nullptr;
  }
  return *this;
}

SqliteStatement::~SqliteStatement() { sqlite3_finalize(Stmt); }

void SqliteStatement::check(int Rc, const char *What) const {
  if (Rc != SQLITE_OK)
    Db->fail(What);
}

void SqliteStatement::bindNull(int Index) { check(sqlite3_bind_null(Stmt, Index), "cannot bind a value"); }

void SqliteStatement::bindInt(int Index, int64_t Value) {
  check(sqlite3_bind_int64(Stmt, Index, sqlite3_int64(Value)), "cannot bind a value");
}

void SqliteStatement::bindReal(int Index, double Value) {
  check(sqlite3_bind_double(Stmt, Index, Value), "cannot bind a value");
}

void SqliteStatement::bindText(int Index, std::string_view Value) {
  check(sqlite3_bind_text64(Stmt, Index, Value.data(), Value.size(), SQLITE_TRANSIENT, SQLITE_UTF8),
        "cannot bind a value");
}

void SqliteStatement::bindInt(int Index, const std::optional<int64_t> &Value) {
  if (Value)
    bindInt(Index, *Value);
  else
    bindNull(Index);
}

void SqliteStatement::bindTextOrNull(int Index, std::string_view Value) {
  if (Value.empty())
    bindNull(Index);
  else
    bindText(Index, Value);
}

bool SqliteStatement::step() {
  int Rc = sqlite3_step(Stmt);
  if (Rc == SQLITE_ROW)
    return true;
  if (Rc == SQLITE_DONE)
    return false;
  Db->fail("cannot run '" + std::string(sqlite3_sql(Stmt)).substr(0, 80) + "'");
}

void SqliteStatement::reset() {
  sqlite3_reset(Stmt);
  sqlite3_clear_bindings(Stmt);
}

int SqliteStatement::columns() const { return sqlite3_column_count(Stmt); }

std::string SqliteStatement::columnName(int Column) const {
  const char *N = sqlite3_column_name(Stmt, Column);
  return N ? N : "";
}

bool SqliteStatement::isNull(int Column) const { return sqlite3_column_type(Stmt, Column) == SQLITE_NULL; }

int64_t SqliteStatement::columnInt(int Column) const { return sqlite3_column_int64(Stmt, Column); }

double SqliteStatement::columnReal(int Column) const { return sqlite3_column_double(Stmt, Column); }

std::string SqliteStatement::columnText(int Column) const {
  const unsigned char *T = sqlite3_column_text(Stmt, Column);
  return T ? std::string(reinterpret_cast<const char *>(T), size_t(sqlite3_column_bytes(Stmt, Column))) : "";
}

std::string sqliteIdentifier(std::string_view Name) {
  std::string Out = "\"";
  for (char C : Name)
    Out += C == '"' ? std::string("\"\"") : std::string(1, C);
  return Out + "\"";
}

} // namespace sqtt
