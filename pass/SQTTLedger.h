//===- SQTTLedger.h - Marker IDs and what they name -------------*- C++ -*-===//
//
// The ledger is the single source of marker IDs. It holds one record per ID
// (functions, named user markers, system points, address-trace points) plus
// the kernels, allocates IDs from one counter starting at 1, deduplicates
// named markers, and is the only place records are renumbered or dropped.
// Early and Late share nothing but IR, so Early writes the ledger into
// !sqtt.markers.early and Late reads it back.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_LEDGER_H
#define SQTT_LEDGER_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rocprof_trace_decoder/cxx/marker_kind.hpp"

namespace llvm {
class LLVMContext;
class MDNode;
class Module;
} // namespace llvm

namespace sqtt {

/// The kinds of markers (marker_kind.hpp); their integer values are part of
/// the !sqtt.markers.early format.
using MarkerKind = sqtt_marker_kind::MarkerKind;

struct MarkerRecord {
  uint32_t ID = 0; // 0 for kernels, which are listed but never traced.
  MarkerKind Kind = MarkerKind::Point;
  std::string Name;
  std::string SourceLoc;
  unsigned PreOptSize = 0;
  unsigned ExtraPayloadCount = 0;
  /// A numeric marker's (D24): the ID is written in the source, so it is
  /// never renumbered and never given to another marker.
  bool Fixed = false;
  /// An address trace's: the bytes each lane moves (0: unknown) and the
  /// object its address derives from ("arg:<index>[:<name>]" of a kernel,
  /// "param:<index>[:<name>]" of a device function, "lds:<name>",
  /// "global:<name>", "private", "unknown"; "" for permutes).
  unsigned AccessBytes = 0;
  std::string Base;
};

class MarkerLedger {
public:
  /// Returns the ID of the named marker, allocating one on first use. Enter
  /// (scope), point and data markers of one name are distinct markers.
  uint32_t getOrAddNamedMarker(bool IsPoint, llvm::StringRef Name,
                               unsigned PayloadCount);
  uint32_t addFunction(llvm::StringRef Name, llvm::StringRef Loc,
                       unsigned PreOptSize);
  void addKernel(llvm::StringRef Name, llvm::StringRef Loc);
  uint32_t addSystemPoint(llvm::StringRef Name);
  uint32_t addAddressPoint(llvm::StringRef Name, llvm::StringRef Loc,
                           unsigned ExtraPayloadCount, unsigned AccessBytes = 0,
                           llvm::StringRef Base = "");
  /// Records numeric marker \p ID (markers.hpp's sqtt_marker_enter(N) or
  /// sqtt_marker_point(N)) as a fixed user scope or point named by its
  /// number; IDs allocated afterwards skip it. Once per ID.
  void addNumeric(uint32_t ID, bool IsPoint);
  /// Whether \p ID is a numeric marker's.
  bool isFixed(uint32_t ID) const;

  const std::vector<MarkerRecord> &records() const { return Records; }
  bool empty() const { return Records.empty(); }
  uint32_t nextID() const { return NextEventID; }
  const MarkerRecord *find(uint32_t ID) const;

  /// Gives every traced record the ID \p NewIDOf returns for it, or drops it
  /// (std::nullopt); kernels stay. The IDs returned must be distinct.
  void renumber(llvm::function_ref<std::optional<uint32_t>(const MarkerRecord &)> NewIDOf);
  /// Sets the source location of function \p ID's record.
  void setFunctionLocation(uint32_t ID, llvm::StringRef Loc);
  /// A ledger of \p Records as they are (the link phase merging units'
  /// ledgers, already renumbered apart); kernels get ID 0.
  static MarkerLedger fromRecords(std::vector<MarkerRecord> Records);

  /// Stores the records Late needs (functions and named markers).
  void writeEarlyMetadata(llvm::Module &M) const;
  /// Every record (kernels included) as one node, in the rows' layout.
  llvm::MDNode *toMetadata(llvm::LLVMContext &Ctx) const;
  /// The ledger toMetadata() stored; malformed rows are skipped.
  static MarkerLedger fromMetadata(const llvm::MDNode &Node);
  /// Rebuilds a ledger from !sqtt.markers.early and erases the metadata.
  /// Malformed rows are skipped.
  static MarkerLedger takeEarlyMetadata(llvm::Module &M);

private:
  /// Rebuilds the named-marker dedup map and the ID counter after records
  /// were edited (pruned or renumbered).
  void rebuildIndex();

  /// The next ID no record has, numeric markers' skipped.
  uint32_t takeNextID();
  /// Appends a record that takes the next ID.
  uint32_t addTraced(MarkerKind Kind, llvm::StringRef Name, llvm::StringRef Loc,
                     unsigned PreOptSize, unsigned ExtraPayloadCount);
  static std::string namedKey(bool IsPoint, llvm::StringRef Name,
                              unsigned PayloadCount);

  std::vector<MarkerRecord> Records;
  llvm::StringMap<uint32_t> NamedIDs;
  llvm::DenseSet<uint32_t> FixedIDs; // numeric markers' (D24)
  uint32_t NextEventID = 1;
};

} // namespace sqtt

#endif // SQTT_LEDGER_H
