// MarkerResolver.cpp - what a marker value means in a given code object.
#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/codeobjects/FuncmapTable.h"

#include <regex>

namespace sqtt {

uint32_t NameTable::intern(const std::string &S) {
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, Inserted] = Index.try_emplace(S, uint32_t(Strings.size()));
  if (Inserted)
    Strings.push_back(S);
  return It->second;
}

namespace {
struct KindName {
  const char *Name;
  AddressKind Kind;
  const char *Short;
};
constexpr KindName AddressKinds[] = {
    {"addr_trace_load", AddressKind::Load, "load"},
    {"addr_trace_store", AddressKind::Store, "store"},
    {"addr_trace_atomic", AddressKind::Atomic, "atomic"},
    {"addr_trace_lds_load", AddressKind::LdsLoad, "lds_load"},
    {"addr_trace_lds_store", AddressKind::LdsStore, "lds_store"},
    {"addr_trace_lds_atomic", AddressKind::LdsAtomic, "lds_atomic"},
    {"addr_trace_ds_permute", AddressKind::DsPermute, "ds_permute"},
    {"addr_trace_ds_bpermute", AddressKind::DsBpermute, "ds_bpermute"},
    {"addr_trace_buffer_load", AddressKind::BufferLoad, "buffer_load"},
    {"addr_trace_buffer_store", AddressKind::BufferStore, "buffer_store"},
    {"addr_trace_buffer_atomic", AddressKind::BufferAtomic, "buffer_atomic"},
    {"addr_trace_struct_buffer_load", AddressKind::StructBufferLoad, "struct_buffer_load"},
    {"addr_trace_struct_buffer_store", AddressKind::StructBufferStore, "struct_buffer_store"},
    {"addr_trace_struct_buffer_atomic", AddressKind::StructBufferAtomic, "struct_buffer_atomic"},
};
} // namespace

AddressKind addressKindOf(const std::string &Name) {
  if (Name.rfind("addr_trace_", 0) != 0)
    return AddressKind::None;
  for (const KindName &K : AddressKinds)
    if (Name == K.Name)
      return K.Kind;
  return AddressKind::None;
}

const char *addressKindName(AddressKind K) {
  for (const KindName &E : AddressKinds)
    if (E.Kind == K)
      return E.Short;
  return "none";
}

std::string MarkerResolver::display(const std::string &Name) const {
  return Demangle ? demangle(Name) : Name;
}

void MarkerResolver::addTo(MarkerMap &Map, const rtd::Funcmap &Source) {
  for (const rtd::FuncmapEntry &E : Source.entries) {
    if (E.type == rtd::FuncmapEntryType::Kernel)
      continue;
    if (E.id >= (1u << 24))
      continue; // Not a marker the pass can emit; keep the table small.
    if (Map.ByID.size() <= E.id)
      Map.ByID.resize(E.id + 1);
    MarkerInfo &Info = Map.ByID[E.id];
    Info.Known = true;
    Info.Type = E.type == rtd::FuncmapEntryType::Function ? MarkerType::Function
                : E.type == rtd::FuncmapEntryType::User   ? MarkerType::User
                                                          : MarkerType::Point;
    Info.Name = Names.intern(E.type == rtd::FuncmapEntryType::Function ? display(E.name) : E.name);
    Info.SourceLoc = Names.intern(E.source_loc);
    Info.ExtraPayload = E.extra_payload_count;
    Info.Address = addressKindOf(E.name);
  }
  if (Source.wave_size)
    Map.WaveSize = Source.wave_size;
  if (Source.marker_encoding.has_shader_clock())
    Map.Encoding = Source.marker_encoding;
}

void MarkerResolver::add(uint64_t CodeObjectID, const rtd::Funcmap &Map) {
  MarkerMap &Own = PerCO[CodeObjectID];
  addTo(Own, Map);
  addTo(Merged, Map);
  for (const rtd::FuncmapEntry &E : Map.entries) {
    if (E.type == rtd::FuncmapEntryType::Kernel)
      KernelToCO[E.name] = CodeObjectID;
    else
      ++MarkerRows;
    if (E.type == rtd::FuncmapEntryType::Function)
      ++FunctionRows;
  }
}

const MarkerMap *MarkerResolver::forCodeObject(uint64_t ID) const {
  auto It = PerCO.find(ID);
  return It == PerCO.end() ? nullptr : &It->second;
}

std::optional<uint64_t> MarkerResolver::codeObjectOfKernel(const std::string &Name) const {
  auto It = KernelToCO.find(Name);
  if (It == KernelToCO.end())
    return std::nullopt;
  return It->second;
}

std::optional<UnnamedDispatch> parseUnnamedDispatch(const std::string &Name) {
  static const std::regex Unnamed("^([0-9]+) / 0x([0-9a-fA-F]+)$");
  std::smatch M;
  if (!std::regex_match(Name, M, Unnamed) || M[1] == "0" || M[1].length() > 19 || M[2].length() > 16)
    return std::nullopt;
  return UnnamedDispatch{std::stoull(M[1].str()), std::stoull(M[2].str(), nullptr, 16)};
}

void MarkerResolver::addCodeObject(uint64_t ID, const std::string &Path, const std::string &Target,
                                   std::map<uint64_t, std::string> Symbols) {
  CodeObjectInfo &Info = Files[ID];
  if (Info.Path.empty())
    Info.Path = Path;
  // A bundle of several targets under one ID names them all.
  if (Info.Target.empty())
    Info.Target = Target;
  else if (!Target.empty() && Info.Target.find(Target) == std::string::npos)
    Info.Target += "," + Target;
  Info.Symbols.merge(Symbols);
}

const MarkerMap &MarkerResolver::outsideDispatch() const {
  return PerCO.size() == 1 ? PerCO.begin()->second : Empty;
}

std::string MarkerResolver::rootFrame(uint64_t CodeObjectID) const {
  std::string Frame = "code_object_" + std::to_string(CodeObjectID);
  auto It = Files.find(CodeObjectID);
  if (It != Files.end() && !It->second.Target.empty())
    Frame += " (" + It->second.Target + ")";
  return Frame;
}

DispatchTarget MarkerResolver::resolveDispatch(const std::string &Name) const {
  DispatchTarget T;
  T.Map = &Empty;
  if (Name.empty() || Name.rfind("0 /", 0) == 0) {
    T.Map = &outsideDispatch();
    return T;
  }
  T.Kernel = Name;
  if (std::optional<uint64_t> CO = codeObjectOfKernel(Name)) {
    T.CodeObject = CO;
  } else if (std::optional<UnnamedDispatch> U = parseUnnamedDispatch(Name)) {
    T.CodeObject = U->CodeObject;
    auto File = Files.find(U->CodeObject);
    if (File == Files.end()) {
      T.Problem = "kernel '" + Name + "': code object " + std::to_string(U->CodeObject) +
                  " is missing (no *code_object_id_" + std::to_string(U->CodeObject) +
                  "*.out file); its markers stay unknown";
      return T;
    }
    auto Sym = File->second.Symbols.find(U->Vaddr);
    if (Sym != File->second.Symbols.end())
      T.Kernel = Sym->second;
  } else {
    T.Problem = "kernel '" + Name + "' is in no code object's funcmap; its markers stay unknown";
    return T;
  }
  if (const MarkerMap *M = forCodeObject(*T.CodeObject)) {
    T.Map = M;
  } else {
    auto File = Files.find(*T.CodeObject);
    T.Problem = "kernel '" + T.Kernel + "': code object " + std::to_string(*T.CodeObject) +
                (File == Files.end() ? " is missing" : " (" + File->second.Path + ") has no .sqtt_funcmap") +
                "; its markers stay unknown";
  }
  return T;
}

uint32_t MarkerResolver::unknownName(uint32_t ID) {
  std::lock_guard<std::mutex> Guard(UnknownLock);
  auto It = UnknownNames.find(ID);
  if (It != UnknownNames.end())
    return It->second;
  uint32_t Name = Names.intern("event#" + std::to_string(ID));
  UnknownNames.emplace(ID, Name);
  return Name;
}

} // namespace sqtt
