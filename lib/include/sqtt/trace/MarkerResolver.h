// MarkerResolver.h - what a marker value means in a given code object.
//
// Holds the funcmap of every code object of a trace, the kernel name -> code
// object join and each code object's target and kernel symbols, resolves a
// dispatch name to its code object and map (D17: never another code object's
// map), and decodes raw values: packed gfx12 headers for IDs the map knows
// and for bare exits, the legacy layout otherwise; an unknown ID is a scope
// named "event#<id>".
#pragma once

#include "sqtt/trace/TraceModel.h"

#include <rocprof_trace_decoder/cxx/address_block.hpp>
#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include <cstdint>
#include <deque>
#include <mutex>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace sqtt {

namespace rtd = rocprof_trace_decoder::codeobj;

/// Interned strings: frames, marker names, locations. Interning is safe
/// from several analysis threads; str() is for after the analysis.
class NameTable {
public:
  uint32_t intern(const std::string &S);
  const std::string &str(uint32_t ID) const { return Strings[ID]; }
  size_t size() const { return Strings.size(); }

private:
  std::deque<std::string> Strings; // stable references
  std::unordered_map<std::string, uint32_t> Index;
  std::mutex Lock;
};

/// What a marker is, as the funcmap reads it (Function, User or Point).
using MarkerType = sqtt_marker_kind::MarkerKind;

/// The 14 address-trace kinds (and none), address_block.hpp's.
using AddressKind = sqtt_address_block::kind;
/// The memory-trace name of \p K ("load", "lds_store", ...).
inline const char *addressKindName(AddressKind K) { return sqtt_address_block::name_of(K).data(); }

struct MarkerInfo {
  bool Known = false;
  MarkerType Type = MarkerType::Function;
  uint32_t Name = 0;      // interned display name
  uint32_t SourceLoc = 0; // interned, "" when none
  uint32_t ExtraPayload = 0;
  AddressKind Address = AddressKind::none;
  /// An address trace's: bytes a lane moves (0: the map does not say) and
  /// its base object (interned, "" when the map does not say).
  uint32_t AccessBytes = 0;
  uint32_t Base = 0;
};

/// One code object's map, flattened for lookups by ID.
struct MarkerMap {
  std::vector<MarkerInfo> ByID;
  uint32_t WaveSize = 0;
  rtd::MarkerEncoding Encoding;
  bool packed() const { return Encoding.packed(); }
  const MarkerInfo *find(uint32_t ID) const {
    return ID < ByID.size() && ByID[ID].Known ? &ByID[ID] : nullptr;
  }
};

struct DecodedMarker {
  uint32_t ID = 0;
  bool Enter = false, ExitPrev = false;
  const MarkerInfo *Info = nullptr; // null: unknown ID
  bool isNoop() const { return ID == 0 && !ExitPrev; }
  /// An exit that names no scope (ID 0): it closes whichever is open.
  bool isBareExit() const { return ID == 0 && ExitPrev && !Enter; }
};

/// rocprofv3 names a kernel it could not name "<co> / 0x<vaddr>": the code
/// object ID and the kernel's address in it (nothing for co 0 or other names).
struct UnnamedDispatch {
  uint64_t CodeObject = 0, Vaddr = 0;
};
std::optional<UnnamedDispatch> parseUnnamedDispatch(const std::string &Name);
/// The name rocprofv3 gives such a dispatch (code object 0: a raw address).
std::string unnamedDispatchName(uint64_t CodeObject, uint64_t Vaddr);

/// D22: the code object of the dispatch named \p Name, in a directory whose
/// code.json labels \p Traced (or none): the label's when it names this
/// kernel, a "<co> / 0x<vaddr>" name's, else the one of \p Defining (the
/// code objects whose K: rows name it); none when that is not exactly one.
std::optional<uint64_t> dispatchCodeObject(const std::string &Name, const TracedKernel *Traced,
                                           const std::vector<uint64_t> &Defining);

/// What a dispatch name resolves to (D17, D22).
struct DispatchTarget {
  /// The code object the dispatch belongs to, if known.
  std::optional<uint64_t> CodeObject;
  /// The kernel: its K row's name, the symbol at an unnamed dispatch's
  /// address, or the name as given; "" for no dispatch (or "0 / ...").
  std::string Kernel;
  /// The only map its markers are decoded with; the empty map when unknown.
  const MarkerMap *Map = nullptr;
  /// Why the markers stay unknown, for the warning; "" when they do not.
  std::string Problem;
};

/// Each distinct record value of a capture and how many records hold it.
using RecordValues = std::vector<std::pair<uint32_t, uint64_t>>;

class MarkerResolver {
public:
  MarkerResolver(NameTable &Names, bool Demangle) : Names(Names), Demangle(Demangle) {}

  /// Adds code object \p CodeObjectID's map (later additions win in merged).
  void add(uint64_t CodeObjectID, const rtd::Funcmap &Map);

  /// The target (e.g. "gfx942") and function symbols of code object \p ID,
  /// whether or not it has a funcmap; \p Path names its file in warnings.
  void addCodeObject(uint64_t ID, const std::string &Path, const std::string &Target,
                     std::map<uint64_t, std::string> Symbols);

  /// The union of every map: only for tools that show what any map says.
  const MarkerMap &merged() const { return Merged; }
  /// The map for records outside any dispatch: the trace's only map, if it
  /// has exactly one, else the empty map (D17).
  const MarkerMap &outsideDispatch() const;
  /// D17, D22: the code object, kernel and map of the dispatch named
  /// \p Name, in a trace directory whose code.json labels \p Traced (if
  /// known): the label row first, then a "<co> / 0x<vaddr>" name, then the
  /// one code object whose K: row names the kernel. A kernel several code
  /// objects name, and nothing else places, stays unknown.
  DispatchTarget resolveDispatch(const std::string &Name, const TracedKernel *Traced = nullptr) const;
  /// "code_object_3 (gfx942)": a code object's root frame; with a process
  /// label, "code_object_3 (gfx942, pid 1234)".
  std::string rootFrame(uint64_t CodeObjectID) const;
  /// Whether \p Frame is spelt as rootFrame spells one (a stack's first
  /// frame; a kernel's name never is): what --baseline leaves aside to pair
  /// stacks by kernel.
  static bool isRootFrame(std::string_view Frame);
  /// Names the process these code objects belong to in root frames (D23),
  /// when a tree has several.
  void setProcessLabel(std::string Label) { ProcessLabel = std::move(Label); }
  const MarkerMap *forCodeObject(uint64_t ID) const;
  /// D32: the kernel whose entry is at address \p Pc of a capture that did
  /// not say where its code objects were loaded: the one function symbol
  /// of the code objects at that offset within a 4 KiB page (code objects
  /// load page-aligned), else the one kernel the funcmaps name; none, with
  /// \p Why, when that is not exactly one.
  std::optional<UnnamedDispatch> locateEntry(uint64_t Pc, std::string &Why) const;
  /// The same, weighed against the capture's records (\p Values: each
  /// distinct value and how often it was recorded): when the address places
  /// the kernel in a code object whose map does not explain the records (a
  /// runtime blit kernel at the same page offset) and one other code
  /// object's map explains most of them, that code object's one kernel,
  /// with \p Warning naming both.
  std::optional<UnnamedDispatch> locateEntry(uint64_t Pc, const RecordValues &Values, std::string &Why,
                                             std::string &Warning) const;
  /// How many of the records \p Values code object \p ID's map names
  /// (headers of its markers, no-ops and bare exits).
  uint64_t explainedBy(uint64_t ID, const RecordValues &Values) const;
  /// The code objects whose K: rows name kernel \p Name, by ID.
  std::vector<uint64_t> codeObjectsOfKernel(const std::string &Name) const;
  size_t markerCount() const { return MarkerRows; }
  size_t kernelCount() const { return KernelToCO.size(); }
  size_t codeObjectCount() const { return PerCO.size(); }
  bool hasFunctions() const { return FunctionRows != 0; }

  /// The display form of a kernel or symbol name.
  std::string display(const std::string &Name) const;
  /// The display form of a base object ("lds:<symbol>" with its symbol
  /// demangled under --demangle).
  std::string displayBase(const std::string &Base) const;

  uint32_t unknownName(uint32_t ID); // "event#<id>"
  DecodedMarker decode(uint32_t Value, const MarkerMap &Map) const; // Inline: once per record.

private:
  void addTo(MarkerMap &Map, const rtd::Funcmap &Source);
  /// The function symbol at \p Vaddr of a code object, "" if none.
  std::string symbolAt(uint64_t CodeObjectID, uint64_t Vaddr) const;
  static std::string missingFile(uint64_t CodeObjectID);

  struct CodeObjectInfo {
    std::string Path, Target;
    std::map<uint64_t, std::string> Symbols; // vaddr -> function symbol
  };

  NameTable &Names;
  bool Demangle;
  std::map<uint64_t, MarkerMap> PerCO;
  std::map<uint64_t, CodeObjectInfo> Files;
  MarkerMap Empty;
  MarkerMap Merged;
  std::unordered_map<std::string, std::vector<uint64_t>> KernelToCO;
  std::string ProcessLabel;
  std::unordered_map<uint32_t, uint32_t> UnknownNames;
  std::mutex UnknownLock;
  size_t MarkerRows = 0, FunctionRows = 0;
};

inline DecodedMarker MarkerResolver::decode(uint32_t Value, const MarkerMap &Map) const {
  DecodedMarker D;
  D.ExitPrev = sqtt_marker_value::exits_previous(Value);
  D.Enter = sqtt_marker_value::enters(Value);
  D.ID = sqtt_marker_value::id_of(Value);
  if (Map.packed()) {
    uint32_t Packed = Map.Encoding.layout().id_of(Value);
    // A packed bare exit: its packed ID is 0 whatever the clock bits hold.
    bool BareExit = Packed == 0 && D.ExitPrev && !D.Enter;
    if (BareExit || Map.find(Packed))
      D.ID = Packed;
  }
  D.Info = Map.find(D.ID);
  return D;
}

} // namespace sqtt
