// RocpdDatabase.h - rocprofv3's SQLite output (rocpd, schema 3 and later)
// beside a capture, read only: the code objects' load ranges, the kernels'
// symbols and each dispatch's id, kernel, agent, geometry and host times
// (ROCPD.md). What it gives settles which kernel a dispatch ran (D34) and
// names dispatches as rocprofv3 does.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sqtt::rocpd {

struct CodeObject {
  int64_t Id = 0; // the N of <pid>_<gfx>_code_object_id_<N>.out
  std::string Guid, Uri;
  uint64_t LoadBase = 0, LoadSize = 0;
  int64_t LoadDelta = 0; // device address = ELF virtual address + LoadDelta
  int64_t AgentId = 0;
};

struct KernelSymbol {
  int64_t Id = 0;
  std::string Guid;
  int64_t CodeObjectId = 0;
  std::string KernelName;  // the .kd symbol
  std::string DisplayName; // what rocprofv3's outputs show
  uint64_t KernelObject = 0;
  /// The program address a dispatch starts at (descriptor + entry offset).
  std::optional<uint64_t> ProgramAddress;
  int64_t SgprCount = 0, ArchVgprCount = 0, AccumVgprCount = 0;
};

struct Dispatch {
  int64_t DispatchId = 0; // the N of ui_output_agent_<X>_dispatch_<N>
  std::string Guid;
  int64_t KernelId = 0, AgentId = 0;
  /// Host times, ns on CLOCK_BOOTTIME (kernel tracing on; rocpd writes them
  /// for every dispatch row it has).
  int64_t Start = 0, End = 0;
  uint32_t Grid[3] = {0, 0, 0}, Workgroup[3] = {0, 0, 0};
};

struct Agent {
  int64_t Id = 0;
  std::string Guid, Name;
  /// The SDK's handle: the X of ui_output_agent_<X> (extdata $.id.handle).
  std::optional<uint64_t> Handle;
};

/// A host region: an API call or a marker of rocprofv3's host timeline.
struct Region {
  std::string Name;
  int64_t Tid = 0, Start = 0, End = 0; // ns, CLOCK_BOOTTIME
};

/// Where a program address lies: the code object whose load range holds it,
/// its ELF virtual address there, and the kernel whose program starts there.
struct PlacedAddress {
  const CodeObject *Object = nullptr;
  uint64_t Vaddr = 0;
  const KernelSymbol *Kernel = nullptr; // null: no kernel starts exactly there
};

class Database {
public:
  /// Opens \p Path read only (immutable: no lock is taken, nothing is
  /// written). Returns none, with the reason in \p Note, for a file that
  /// is not a rocpd database of schema 3 or later (rocprof v1's
  /// results.db, rocmProfileData, another SQLite file) or cannot be read;
  /// never throws for a damaged file.
  static std::optional<Database> open(const std::string &Path, std::string &Note);

  std::string Path, SchemaVersion;
  /// The process's guid (rocpd_metadata): what every row of this file
  /// carries, and what the -f sqlite outputs join on.
  std::string Guid;
  std::vector<CodeObject> CodeObjects;
  std::vector<KernelSymbol> Symbols;
  std::vector<Dispatch> Dispatches;
  std::vector<Agent> Agents;

  /// The host regions that overlap \p From .. \p To, by start, read from
  /// the file on demand (a database can hold millions); a database that
  /// cannot be read again gives none, with the reason in \p Note.
  std::vector<Region> regions(int64_t From, int64_t To, std::string &Note) const;

  const Dispatch *dispatch(int64_t DispatchId) const;
  const KernelSymbol *symbol(int64_t KernelId, const std::string &Guid) const;
  const Agent *agent(int64_t AgentId, const std::string &Guid) const;
  /// Where \p Pc, a device address, lies; none when no code object's load
  /// range holds it.
  std::optional<PlacedAddress> place(uint64_t Pc) const;
  /// "dispatch 3: vector_add(float*, ...) (code object 1, kernel 2), grid
  /// 1024x1x1, workgroup 256x1x1, agent 4253, host 123..456 ns": what the
  /// database says of \p D.
  std::string describe(const Dispatch &D) const;
};

/// The process a database file belongs to, from its name
/// ("<pid>_results.db"); none for another name.
std::optional<uint64_t> pidOfDatabaseName(const std::string &FileName);
/// Whether \p FileName is named as rocprofv3 names its database.
bool isDatabaseName(const std::string &FileName);

} // namespace sqtt::rocpd
