// MarkerResolver.h - what a marker value means in a given code object.
//
// Holds the funcmap of every code object of a trace, the union of them
// ("merged", used when a record cannot be tied to a kernel), and the kernel
// name -> code object join, and decodes raw values: packed gfx12 headers for
// IDs the map knows and for bare exits, the legacy layout otherwise; an
// unknown ID is a scope named "event#<id>".
#pragma once

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include <cstdint>
#include <deque>
#include <mutex>
#include <map>
#include <optional>
#include <string>
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

enum class MarkerType : uint8_t { Function, User, Point };

/// The 14 address-trace kinds, by their funcmap names.
enum class AddressKind : uint8_t {
  None, Load, Store, Atomic, LdsLoad, LdsStore, LdsAtomic, DsPermute, DsBpermute,
  BufferLoad, BufferStore, BufferAtomic, StructBufferLoad, StructBufferStore, StructBufferAtomic
};
AddressKind addressKindOf(const std::string &Name);
const char *addressKindName(AddressKind K);

struct MarkerInfo {
  bool Known = false;
  MarkerType Type = MarkerType::Function;
  uint32_t Name = 0;      // interned display name
  uint32_t SourceLoc = 0; // interned, "" when none
  uint32_t ExtraPayload = 0;
  AddressKind Address = AddressKind::None;
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
};

class MarkerResolver {
public:
  MarkerResolver(NameTable &Names, bool Demangle) : Names(Names), Demangle(Demangle) {}

  /// Adds code object \p CodeObjectID's map (later additions win in merged).
  void add(uint64_t CodeObjectID, const rtd::Funcmap &Map);

  const MarkerMap &merged() const { return Merged; }
  const MarkerMap *forCodeObject(uint64_t ID) const;
  std::optional<uint64_t> codeObjectOfKernel(const std::string &Name) const;
  size_t markerCount() const { return MarkerRows; }
  size_t kernelCount() const { return KernelToCO.size(); }
  size_t codeObjectCount() const { return PerCO.size(); }
  bool hasFunctions() const { return FunctionRows != 0; }

  /// The display form of a kernel or symbol name.
  std::string display(const std::string &Name) const;

  uint32_t unknownName(uint32_t ID); // "event#<id>"
  DecodedMarker decode(uint32_t Value, const MarkerMap &Map) const;

private:
  void addTo(MarkerMap &Map, const rtd::Funcmap &Source);

  NameTable &Names;
  bool Demangle;
  std::map<uint64_t, MarkerMap> PerCO;
  MarkerMap Merged;
  std::unordered_map<std::string, uint64_t> KernelToCO;
  std::unordered_map<uint32_t, uint32_t> UnknownNames;
  std::mutex UnknownLock;
  size_t MarkerRows = 0, FunctionRows = 0;
};

} // namespace sqtt
