// RocpdDatabase.cpp - reading rocprofv3's database (ROCPD.md): through the
// plain rocpd_* views, whatever columns PRAGMA table_info shows, every row
// with its guid; read only and immutable, so a capture's database is never
// written or locked.
#include "sqtt/rocpd/RocpdDatabase.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/HexText.h"
#include "sqtt/support/Sqlite.h"

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <set>

namespace sqtt::rocpd {

namespace {

/// A read-only, immutable connection (no lock, no journal, no write: a
/// capture's database is never touched) and the row walks the reader needs;
/// every failure is an Error naming the database.
class Connection {
public:
  explicit Connection(const std::string &Path) : Db(uri(Path), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, Path) {}

  [[noreturn]] void fail(const std::string &What) const { Db.fail(What); }

  /// Runs \p Sql, handing each row to \p Row.
  template <typename F> void each(const std::string &Sql, F &&Row) {
    try {
      SqliteStatement S = Db.prepare(Sql);
      while (S.step())
        Row(S);
    } catch (const Error &) {
      // SQLite's reason, not the query's text: a user reads this.
      throw Error(Db.name() + ": cannot be read (" + sqlite3_errmsg(Db.get()) + ")");
    }
  }
  /// The tables and views of the database.
  std::set<std::string> relations() {
    std::set<std::string> Out;
    each("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')",
         [&](SqliteStatement &S) { Out.insert(S.columnText(0)); });
    return Out;
  }
  /// The columns of \p Relation.
  std::set<std::string> columns(const std::string &Relation) {
    std::set<std::string> Out;
    each("PRAGMA table_info(" + sqliteIdentifier(Relation) + ")",
         [&](SqliteStatement &S) { Out.insert(S.columnText(1)); });
    return Out;
  }

private:
  /// "file:<path>?mode=ro&immutable=1", the path escaped as a URI wants.
  static std::string uri(const std::string &Path) {
    std::string Uri = "file:";
    for (unsigned char C : Path) {
      if (std::isalnum(C) || std::strchr("/._-~", C)) {
        Uri += char(C);
        continue;
      }
      char Buf[4];
      std::snprintf(Buf, sizeof Buf, "%%%02X", C);
      Uri += Buf;
    }
    return Uri + "?mode=ro&immutable=1";
  }
  SqliteDb Db;
};

/// "a, b, NULL AS c": the columns of a SELECT, NULL for those the relation
/// lacks (an older or newer schema).
std::string selectList(const std::set<std::string> &Have, const std::vector<std::string> &Want) {
  std::string Out;
  for (const std::string &C : Want)
    Out += (Out.empty() ? "" : ", ") + (Have.count(C) ? "`" + C + "`" : "NULL");
  return Out;
}

/// A field of a row's extdata (JSON text); none when absent or not JSON.
std::optional<uint64_t> extdataNumber(const std::string &Json, std::initializer_list<const char *> Path) {
  nlohmann::json J = nlohmann::json::parse(Json, nullptr, /*allow_exceptions=*/false);
  const nlohmann::json *At = &J;
  for (const char *Key : Path) {
    if (!At->is_object() || !At->contains(Key))
      return std::nullopt;
    At = &(*At)[Key];
  }
  if (At->is_number_unsigned() || At->is_number_integer())
    return At->get<uint64_t>();
  return std::nullopt;
}

/// What another SQLite file with rocpd-like names is.
std::string notRocpd(const std::set<std::string> &Relations) {
  if (Relations.count("KERN") || Relations.count("HSA") || Relations.count("OPS"))
    return "rocprof v1's results.db (tables HSA, HIP, OPS, KERN), not rocprofv3's database";
  if (Relations.count("rocpd_api") || Relations.count("rocpd_op"))
    return "a rocmProfileData (RPD) database, not rocprofv3's";
  return "no rocpd_metadata: not rocprofv3's database";
}

void readAll(Connection &C, Database &D) {
  std::set<std::string> Relations = C.relations();
  auto Need = [&](const char *Name) {
    if (!Relations.count(Name))
      C.fail(std::string("has no ") + Name);
  };
  Need("rocpd_info_code_object");
  Need("rocpd_info_kernel_symbol");
  {
    std::set<std::string> Have = C.columns("rocpd_info_code_object");
    C.each("SELECT " + selectList(Have, {"id", "guid", "uri", "load_base", "load_size", "load_delta", "agent_id"}) +
               " FROM rocpd_info_code_object",
           [&](SqliteStatement &S) {
             CodeObject O;
             O.Id = S.columnInt(0), O.Guid = S.columnText(1), O.Uri = S.columnText(2);
             O.LoadBase = uint64_t(S.columnInt(3)), O.LoadSize = uint64_t(S.columnInt(4));
             O.LoadDelta = S.columnInt(5), O.AgentId = S.columnInt(6);
             D.CodeObjects.push_back(std::move(O));
           });
  }
  {
    std::set<std::string> Have = C.columns("rocpd_info_kernel_symbol");
    C.each("SELECT " +
               selectList(Have, {"id", "guid", "code_object_id", "kernel_name", "display_name", "kernel_object",
                                 "sgpr_count", "arch_vgpr_count", "accum_vgpr_count", "extdata"}) +
               " FROM rocpd_info_kernel_symbol",
           [&](SqliteStatement &S) {
             KernelSymbol K;
             K.Id = S.columnInt(0), K.Guid = S.columnText(1), K.CodeObjectId = S.columnInt(2);
             K.KernelName = S.columnText(3), K.DisplayName = S.columnText(4), K.KernelObject = uint64_t(S.columnInt(5));
             K.SgprCount = S.columnInt(6), K.ArchVgprCount = S.columnInt(7), K.AccumVgprCount = S.columnInt(8);
             std::string Ext = S.columnText(9);
             K.ProgramAddress = extdataNumber(Ext, {"kernel_address", "handle"});
             if (!K.ProgramAddress && K.KernelObject)
               if (auto Offset = extdataNumber(Ext, {"kernel_code_entry_byte_offset"}))
                 K.ProgramAddress = K.KernelObject + *Offset;
             D.Symbols.push_back(std::move(K));
           });
  }
  if (Relations.count("rocpd_info_agent")) {
    std::set<std::string> Have = C.columns("rocpd_info_agent");
    C.each("SELECT " + selectList(Have, {"id", "guid", "product_name", "name", "extdata"}) + " FROM rocpd_info_agent",
           [&](SqliteStatement &S) {
             Agent A;
             A.Id = S.columnInt(0), A.Guid = S.columnText(1), A.Name = S.columnText(2);
             if (A.Name.empty())
               A.Name = S.columnText(3);
             A.Handle = extdataNumber(S.columnText(4), {"id", "handle"});
             D.Agents.push_back(std::move(A));
           });
  }
  if (Relations.count("rocpd_kernel_dispatch")) {
    std::set<std::string> Have = C.columns("rocpd_kernel_dispatch");
    // Schema 3 has start and end; the 4.x draft keeps them in
    // rocpd_timestamp, referred to by start_id and end_id.
    std::string Times = Have.count("start") ? "K.`start`, K.`end`"
                        : Have.count("start_id") && Relations.count("rocpd_timestamp")
                            ? "(SELECT value FROM rocpd_timestamp T WHERE T.id = K.start_id AND T.guid = K.guid), "
                              "(SELECT value FROM rocpd_timestamp T WHERE T.id = K.end_id AND T.guid = K.guid)"
                            : "NULL, NULL";
    std::string Id = Have.count("dispatch_id") ? "K.dispatch_id" : "K.id";
    std::string Cols = selectList(Have, {"guid", "kernel_id", "agent_id", "grid_size_x", "grid_size_y", "grid_size_z",
                                         "workgroup_size_x", "workgroup_size_y", "workgroup_size_z"});
    C.each("SELECT " + Id + ", " + Times + ", " + Cols + " FROM rocpd_kernel_dispatch K", [&](SqliteStatement &S) {
      Dispatch X;
      X.DispatchId = S.columnInt(0), X.Start = S.columnInt(1), X.End = S.columnInt(2);
      X.Guid = S.columnText(3), X.KernelId = S.columnInt(4), X.AgentId = S.columnInt(5);
      for (int I = 0; I < 3; ++I)
        X.Grid[I] = uint32_t(S.columnInt(6 + I)), X.Workgroup[I] = uint32_t(S.columnInt(9 + I));
      D.Dispatches.push_back(std::move(X));
    });
  }
}

} // namespace

std::optional<Database> Database::open(const std::string &Path, std::string &Note) {
  try {
    Connection C(Path);
    std::set<std::string> Relations = C.relations();
    if (!Relations.count("rocpd_metadata")) {
      Note = Path + ": " + notRocpd(Relations) + "; ignored";
      return std::nullopt;
    }
    Database D;
    D.Path = Path;
    C.each("SELECT tag, value FROM rocpd_metadata WHERE tag IN ('schema_version', 'guid')", [&](SqliteStatement &S) {
      (S.columnText(0) == "guid" ? D.Guid : D.SchemaVersion) = S.columnText(1);
    });
    if (std::atoi(D.SchemaVersion.c_str()) < 3) {
      Note = Path + ": rocpd schema version '" + D.SchemaVersion + "' (this reads 3 and later); ignored";
      return std::nullopt;
    }
    readAll(C, D);
    return D;
  } catch (const Error &E) {
    Note = std::string(E.what()) + "; ignored";
    return std::nullopt;
  }
}

std::vector<Region> Database::regions(int64_t From, int64_t To, std::string &Note) const {
  std::vector<Region> Out;
  try {
    Connection C(Path);
    std::set<std::string> Relations = C.relations();
    if (!Relations.count("rocpd_region") || !Relations.count("rocpd_string"))
      return Out;
    std::set<std::string> Have = C.columns("rocpd_region");
    // Schema 3 has start and end; the 4.x draft keeps them in rocpd_timestamp.
    std::string Start = "R.`start`", End = "R.`end`";
    if (!Have.count("start")) {
      if (!Have.count("start_id") || !Relations.count("rocpd_timestamp"))
        return Out;
      Start = "(SELECT value FROM rocpd_timestamp T WHERE T.id = R.start_id AND T.guid = R.guid)";
      End = "(SELECT value FROM rocpd_timestamp T WHERE T.id = R.end_id AND T.guid = R.guid)";
    }
    std::string Tid = Have.count("tid") ? "R.tid" : "0";
    C.each("SELECT S.string, " + Tid + ", " + Start + " AS s, " + End + " AS e FROM rocpd_region R JOIN rocpd_string S "
               "ON S.id = R.name_id AND S.guid = R.guid WHERE s <= " + std::to_string(To) + " AND e >= " +
               std::to_string(From) + " ORDER BY s",
           [&](SqliteStatement &S) {
             Out.push_back({S.columnText(0), S.columnInt(1), S.columnInt(2), S.columnInt(3)});
           });
  } catch (const Error &E) {
    Note = E.what();
    Out.clear();
  }
  return Out;
}

const Dispatch *Database::dispatch(int64_t DispatchId) const {
  for (const Dispatch &D : Dispatches)
    if (D.DispatchId == DispatchId)
      return &D;
  return nullptr;
}

const KernelSymbol *Database::symbol(int64_t KernelId, const std::string &Guid) const {
  for (const KernelSymbol &K : Symbols)
    if (K.Id == KernelId && K.Guid == Guid)
      return &K;
  return nullptr;
}

const Agent *Database::agent(int64_t AgentId, const std::string &Guid) const {
  for (const Agent &A : Agents)
    if (A.Id == AgentId && A.Guid == Guid)
      return &A;
  return nullptr;
}

std::optional<PlacedAddress> Database::place(uint64_t Pc) const {
  for (const CodeObject &O : CodeObjects)
    if (O.LoadSize && Pc >= O.LoadBase && Pc - O.LoadBase < O.LoadSize) {
      PlacedAddress P;
      P.Object = &O;
      P.Vaddr = Pc - uint64_t(O.LoadDelta);
      for (const KernelSymbol &K : Symbols)
        if (K.CodeObjectId == O.Id && K.Guid == O.Guid && K.ProgramAddress == Pc)
          P.Kernel = &K;
      return P;
    }
  return std::nullopt;
}

std::string Database::describe(const Dispatch &D) const {
  std::string Out = "dispatch " + std::to_string(D.DispatchId) + ": ";
  if (const KernelSymbol *K = symbol(D.KernelId, D.Guid))
    Out += (K->DisplayName.empty() ? K->KernelName : K->DisplayName) + " (code object " +
           std::to_string(K->CodeObjectId) + ", kernel " + std::to_string(K->Id) + ")";
  else
    Out += "kernel " + std::to_string(D.KernelId) + " (not among the database's kernel symbols)";
  auto Dims = [](const uint32_t *V) {
    return std::to_string(V[0]) + "x" + std::to_string(V[1]) + "x" + std::to_string(V[2]);
  };
  Out += ", grid " + Dims(D.Grid) + ", workgroup " + Dims(D.Workgroup);
  if (const Agent *A = agent(D.AgentId, D.Guid); A && A->Handle)
    Out += ", agent " + std::to_string(*A->Handle) + (A->Name.empty() ? "" : " (" + A->Name + ")");
  if (D.Start || D.End)
    Out += ", host " + std::to_string(D.Start) + ".." + std::to_string(D.End) + " ns (CLOCK_BOOTTIME)";
  return Out;
}

std::optional<uint64_t> pidOfDatabaseName(const std::string &FileName) {
  const std::string Suffix = "_results.db";
  if (FileName.size() <= Suffix.size() || FileName.compare(FileName.size() - Suffix.size(), Suffix.size(), Suffix))
    return std::nullopt;
  std::string Pid = FileName.substr(0, FileName.size() - Suffix.size());
  if (Pid.empty() || Pid.size() > 19 || Pid.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoull(Pid);
}

bool isDatabaseName(const std::string &FileName) {
  const std::string Suffix = "results.db";
  return FileName.size() >= Suffix.size() &&
         FileName.compare(FileName.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
}

} // namespace sqtt::rocpd
