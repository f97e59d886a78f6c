// SqliteTest.cpp - the SQLite wrapper (support/Sqlite.h), the -f sqlite
// tables (writers/SqliteTables.h) and which dispatch their rows rest on.
#include "sqtt/support/Error.h"
#include "sqtt/support/Sqlite.h"
#include "sqtt/writers/SqliteTables.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using namespace sqtt;

namespace {

class SqliteFiles : public ::testing::Test {
protected:
  void SetUp() override {
    char Template[] = "/tmp/sqtt-sqlite-XXXXXX";
    ASSERT_NE(::mkdtemp(Template), nullptr);
    Dir = Template;
  }
  void TearDown() override { fs::remove_all(Dir); }
  std::string path(const std::string &Name) const { return Dir + "/" + Name; }
  size_t files() const { return size_t(std::distance(fs::directory_iterator(Dir), fs::directory_iterator())); }
  std::string Dir;
};

const OutputTable Table{"sqtt_test",
                        {{"name", ColumnType::Text},
                         {"count", ColumnType::Integer},
                         {"share", ColumnType::Real},
                         {"ok", ColumnType::Integer},
                         {"nested", ColumnType::Text}}};

std::vector<OutputRow> twoRows() {
  return {{{"name", FieldValue::text("a")},
           {"count", FieldValue::integer(uint64_t(3))},
           {"share", FieldValue::real(0.31699, "%.4f")},
           {"ok", FieldValue::boolean(true)},
           {"nested", FieldValue::json("{\"x\": 1}")}},
          {{"name", FieldValue::text("b")}, {"count", FieldValue::integer(int64_t(-2))}}};
}

SqliteTableRows rows(std::string Guid = "", std::vector<OutputRow> Rows = twoRows()) {
  return {&Table, OutputRows::of(std::move(Rows)), [Guid](size_t I) {
            return SqliteJoinKeys{I == 0 ? std::optional<int64_t>(7) : std::nullopt, Guid};
          }};
}

TEST_F(SqliteFiles, StatementsBindStepAndReadBack) {
  SqliteDb Db(path("t.db"), SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  Db.exec("CREATE TABLE t (a INTEGER, b REAL, c TEXT)");
  SqliteStatement Insert = Db.prepare("INSERT INTO t VALUES (?, ?, ?)");
  Insert.bindInt(1, int64_t(-5));
  Insert.bindReal(2, 2.5);
  Insert.bindText(3, "x\"y");
  EXPECT_FALSE(Insert.step());
  Insert.reset(); // parameters back to NULL
  Insert.bindInt(1, std::optional<int64_t>());
  Insert.bindTextOrNull(3, "");
  Insert.step();
  SqliteStatement Select = Db.prepare("SELECT a, b, c FROM t ORDER BY rowid");
  ASSERT_TRUE(Select.step());
  EXPECT_EQ(Select.columns(), 3);
  EXPECT_EQ(Select.columnName(2), "c");
  EXPECT_EQ(Select.columnInt(0), -5);
  EXPECT_EQ(Select.columnReal(1), 2.5);
  EXPECT_EQ(Select.columnText(2), "x\"y");
  ASSERT_TRUE(Select.step());
  EXPECT_TRUE(Select.isNull(0));
  EXPECT_TRUE(Select.isNull(1));
  EXPECT_TRUE(Select.isNull(2));
  EXPECT_FALSE(Select.step());
}

TEST_F(SqliteFiles, ErrorsNameTheDatabaseAndSqlitesReason) {
  SqliteDb Db(path("t.db"), SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, "my.db");
  try {
    Db.exec("SELECT * FROM missing");
    FAIL() << "no error";
  } catch (const Error &E) {
    EXPECT_NE(std::string(E.what()).find("my.db: no such table: missing"), std::string::npos) << E.what();
  }
  EXPECT_THROW(Db.prepare("NOT SQL"), Error);
  EXPECT_THROW(SqliteDb(path("none/x.db"), SQLITE_OPEN_READONLY), Error);
  EXPECT_EQ(sqliteIdentifier("a\"b"), "\"a\"\"b\"");
}

TEST_F(SqliteFiles, TablesHoldTheRowsTheirTypesAndJoinKeys) {
  writeSqliteTables(path("out.db"), {{"tool", "test"}}, {rows("0190-guid")});
  EXPECT_EQ(files(), 1u); // no journal or temporary left beside it
  SqliteDb Db(path("out.db"), SQLITE_OPEN_READONLY);
  SqliteStatement S = Db.prepare("SELECT name, typeof(count), count, typeof(share), share, ok, nested, "
                                 "dispatch_id, guid FROM sqtt_test ORDER BY rowid");
  ASSERT_TRUE(S.step());
  EXPECT_EQ(S.columnText(0), "a");
  EXPECT_EQ(S.columnText(1), "integer");
  EXPECT_EQ(S.columnInt(2), 3);
  EXPECT_EQ(S.columnText(3), "real");
  EXPECT_EQ(S.columnReal(4), 0.317); // the value "%.4f" spells
  EXPECT_EQ(S.columnInt(5), 1);
  EXPECT_EQ(S.columnText(6), "{\"x\": 1}");
  EXPECT_EQ(S.columnInt(7), 7);
  EXPECT_EQ(S.columnText(8), "0190-guid");
  ASSERT_TRUE(S.step());
  EXPECT_EQ(S.columnInt(2), -2);
  EXPECT_TRUE(S.isNull(4)); // a key the row lacks
  EXPECT_TRUE(S.isNull(7)); // several dispatches
  SqliteStatement Meta = Db.prepare("SELECT value FROM sqtt_meta WHERE key = 'schema'");
  ASSERT_TRUE(Meta.step());
  EXPECT_EQ(Meta.columnText(0), SqliteSchema);
}

TEST_F(SqliteFiles, AnEmptyGuidIsNull) {
  writeSqliteTables(path("out.db"), {}, {rows()});
  SqliteDb Db(path("out.db"), SQLITE_OPEN_READONLY);
  SqliteStatement S = Db.prepare("SELECT count(*) FROM sqtt_test WHERE guid IS NULL");
  ASSERT_TRUE(S.step());
  EXPECT_EQ(S.columnInt(0), 2);
}

TEST_F(SqliteFiles, AnExistingFileIsReplacedWhole) {
  std::ofstream(path("out.db")) << "not a database";
  writeSqliteTables(path("out.db"), {}, {rows()});
  SqliteDb Db(path("out.db"), SQLITE_OPEN_READONLY);
  SqliteStatement S = Db.prepare("SELECT count(*) FROM sqtt_test");
  ASSERT_TRUE(S.step());
  EXPECT_EQ(S.columnInt(0), 2);
  EXPECT_EQ(files(), 1u);
}

TEST_F(SqliteFiles, AFailureLeavesTheOldFileAndNoTemporary) {
  std::ofstream(path("out.db")) << "old";
  std::vector<OutputRow> BadRows = twoRows();
  BadRows[1].push_back({"no_such_column", FieldValue::integer(uint64_t(1))});
  EXPECT_THROW(writeSqliteTables(path("out.db"), {}, {rows("", BadRows)}), Error);
  EXPECT_EQ(files(), 1u);
  std::stringstream Old;
  Old << std::ifstream(path("out.db")).rdbuf();
  EXPECT_EQ(Old.str(), "old");
  // A device is refused.
  EXPECT_THROW(writeSqliteTables("/dev/null", {}, {rows()}), Error);
  EXPECT_EQ(files(), 1u);
}

TEST(OutputRow, JsonSpellsEachValueAsTheTableHoldsIt) {
  std::ostringstream OS;
  writeJsonRows(OS, OutputRows::of({{{"a", FieldValue::integer(uint64_t(18446744073709551615ull))},
                      {"b", FieldValue::integer(int64_t(-3))},
                      {"c", FieldValue::real(2.25, "%.1f")},
                      {"d", FieldValue::real(0.1), true},
                      {"e", FieldValue::of(std::optional<double>())},
                      {"f", FieldValue::boolean(false)},
                      {"g", FieldValue::textOrNull("")},
                      {"h", FieldValue::text("q\"")},
                      {"i", FieldValue::json("[1]")}},
                     {}}));
  EXPECT_EQ(OS.str(), "[\n  {\"a\": 18446744073709551615, \"b\": -3, \"c\": 2.2,\n   \"d\": 0.1, \"e\": null, "
                      "\"f\": false, \"g\": null, \"h\": \"q\\\"\", \"i\": [1]},\n  {}\n]\n");
  EXPECT_EQ(FieldValue::real(2.25, "%.1f").Real, 2.2); // the value the text spells
  std::ostringstream Empty;
  writeJsonRows(Empty, OutputRows{});
  EXPECT_EQ(Empty.str(), "[]\n");
}

TEST(RowDispatches, ADirectoryIsADispatch) {
  EXPECT_EQ(RowDispatches::ofDirectory("out/ui_output_agent_36895_dispatch_12"), 12);
  EXPECT_EQ(RowDispatches::ofDirectory("out/ui_output_agent_1_dispatch_3/"), 3);
  EXPECT_EQ(RowDispatches::ofDirectory("out/mytrace"), std::nullopt);
}

TEST(RowDispatches, AKernelsRowsRestOnItsDirectories) {
  RowDispatches D;
  D.analysed("t/ui_output_agent_1_dispatch_7");
  D.analysed("t/ui_output_agent_1_dispatch_9");
  D.ran("k", "t/ui_output_agent_1_dispatch_7");
  D.ran("k2", "t/ui_output_agent_1_dispatch_9");
  D.ran("k2", "t/ui_output_agent_1_dispatch_9");
  EXPECT_EQ(D.ofKernel("k"), 7);
  EXPECT_EQ(D.ofKernel("k2"), 9);
  EXPECT_EQ(D.only(), std::nullopt);
  EXPECT_EQ(D.ofKernel("unseen"), std::nullopt); // several dispatches analysed
  D.ran("k", "t/ui_output_agent_1_dispatch_9");
  EXPECT_EQ(D.ofKernel("k"), std::nullopt);
  // One directory: every row rests on it; one of unknown number: none.
  RowDispatches One;
  One.analysed("t/ui_output_agent_1_dispatch_4");
  EXPECT_EQ(One.ofKernel("unseen"), 4);
  RowDispatches Unnamed;
  Unnamed.analysed("t/mine");
  Unnamed.ran("k", "t/mine");
  EXPECT_EQ(Unnamed.ofKernel("k"), std::nullopt);
}

} // namespace
