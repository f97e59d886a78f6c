// MarkerResolver.cpp - what a marker value means in a given code object.
#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/support/HexText.h"
#include "sqtt/codeobjects/FuncmapTable.h"
#include "sqtt/support/WordList.h"

#include <algorithm>
#include <cctype>
#include <regex>

namespace sqtt {

uint32_t NameTable::intern(const std::string &S) {
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, Inserted] = Index.try_emplace(S, uint32_t(Strings.size()));
  if (Inserted)
    Strings.push_back(S);
  return It->second;
}

std::string MarkerResolver::display(const std::string &Name) const {
  return Demangle ? demangle(Name) : Name;
}

std::string MarkerResolver::displayBase(const std::string &Base) const {
  // "lds:<symbol>", "global:<symbol>", "arg:<i>:<name>": only the symbol
  // after the last colon is mangled (a mangled name has no colon).
  size_t Colon = Base.rfind(':');
  size_t Start = Colon == std::string::npos ? 0 : Colon + 1;
  if (!Demangle || Base.compare(Start, 2, "_Z") != 0)
    return Base;
  return Base.substr(0, Start) + demangle(Base.substr(Start));
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
    Info.Type = sqtt_marker_kind::as_read(E.type);
    Info.Name = Names.intern(E.type == rtd::FuncmapEntryType::Function ? display(E.name) : E.name);
    Info.SourceLoc = Names.intern(E.source_loc);
    Info.ExtraPayload = E.extra_payload_count;
    Info.Address = sqtt_address_block::kind_of_marker_name(E.name);
    Info.AccessBytes = E.access_bytes;
    Info.Base = Names.intern(displayBase(E.base));
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
    if (E.type == rtd::FuncmapEntryType::Kernel) {
      std::vector<uint64_t> &COs = KernelToCO[E.name];
      if (std::find(COs.begin(), COs.end(), CodeObjectID) == COs.end())
        COs.push_back(CodeObjectID);
    }
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

std::vector<uint64_t> MarkerResolver::codeObjectsOfKernel(const std::string &Name) const {
  auto It = KernelToCO.find(Name);
  if (It == KernelToCO.end())
    return {};
  std::vector<uint64_t> COs = It->second;
  std::sort(COs.begin(), COs.end());
  return COs;
}

std::optional<UnnamedDispatch> parseUnnamedDispatch(const std::string &Name) {
  static const std::regex Unnamed("^([0-9]+) / 0x([0-9a-fA-F]+)$");
  std::smatch M;
  if (!std::regex_match(Name, M, Unnamed) || M[1] == "0" || M[1].length() > 19 || M[2].length() > 16)
    return std::nullopt;
  return UnnamedDispatch{std::stoull(M[1].str()), std::stoull(M[2].str(), nullptr, 16)};
}

std::string unnamedDispatchName(uint64_t CodeObject, uint64_t Vaddr) {
  char Buf[48];
  std::snprintf(Buf, sizeof Buf, "%llu / 0x%llx", static_cast<unsigned long long>(CodeObject),
                static_cast<unsigned long long>(Vaddr));
  return Buf;
}

namespace {

bool namesTraced(const std::string &Name, const std::optional<UnnamedDispatch> &Unnamed,
                 const TracedKernel *Traced) {
  return Traced && (Name == Traced->Symbol || (Unnamed && Unnamed->CodeObject == Traced->CodeObject &&
                                               Unnamed->Vaddr == Traced->Vaddr));
}

} // namespace

std::optional<uint64_t> dispatchCodeObject(const std::string &Name, const TracedKernel *Traced,
                                           const std::vector<uint64_t> &Defining) {
  std::optional<UnnamedDispatch> Unnamed = parseUnnamedDispatch(Name);
  if (namesTraced(Name, Unnamed, Traced))
    return Traced->CodeObject;
  if (Unnamed)
    return Unnamed->CodeObject;
  if (Defining.size() == 1)
    return Defining.front();
  return std::nullopt;
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

bool MarkerResolver::isRootFrame(std::string_view Frame) {
  constexpr std::string_view Prefix = "code_object_";
  if (Frame.substr(0, Prefix.size()) != Prefix)
    return false;
  size_t Digits = Prefix.size();
  while (Digits < Frame.size() && std::isdigit(static_cast<unsigned char>(Frame[Digits])))
    ++Digits;
  std::string_view Rest = Frame.substr(Digits);
  return Digits > Prefix.size() && (Rest.empty() || (Rest.substr(0, 2) == " (" && Rest.back() == ')'));
}

std::string MarkerResolver::rootFrame(uint64_t CodeObjectID) const {
  std::string Frame = "code_object_" + std::to_string(CodeObjectID);
  auto It = Files.find(CodeObjectID);
  std::string Detail = It != Files.end() ? It->second.Target : "";
  if (!ProcessLabel.empty())
    Detail += (Detail.empty() ? "" : ", ") + ProcessLabel;
  if (!Detail.empty())
    Frame += " (" + Detail + ")";
  return Frame;
}

std::string MarkerResolver::symbolAt(uint64_t CodeObjectID, uint64_t Vaddr) const {
  auto File = Files.find(CodeObjectID);
  if (File == Files.end())
    return "";
  auto Sym = File->second.Symbols.find(Vaddr);
  return Sym != File->second.Symbols.end() ? Sym->second : "";
}

std::optional<UnnamedDispatch> MarkerResolver::locateEntry(uint64_t Pc, std::string &Why) const {
  constexpr uint64_t Page = 0x1000;
  std::vector<std::pair<UnnamedDispatch, std::string>> AtOffset;
  for (const auto &[ID, Info] : Files)
    for (const auto &[Vaddr, Symbol] : Info.Symbols)
      if (Pc >= Vaddr && (Pc - Vaddr) % Page == 0)
        AtOffset.push_back({{ID, Vaddr}, Symbol});
  if (AtOffset.size() > 1) {
    // Several functions fit: the kernels among them, by their K: rows.
    std::vector<std::pair<UnnamedDispatch, std::string>> Kernels;
    for (const auto &C : AtOffset)
      if (KernelToCO.count(C.second))
        Kernels.push_back(C);
    if (Kernels.size() == 1)
      AtOffset = Kernels;
  }
  if (AtOffset.size() == 1)
    return AtOffset.front().first;
  if (AtOffset.empty() && KernelToCO.size() == 1 && KernelToCO.begin()->second.size() == 1) {
    // No symbol fits the address, but the funcmaps name one kernel.
    const uint64_t ID = KernelToCO.begin()->second.front();
    if (auto File = Files.find(ID); File != Files.end())
      for (const auto &[Vaddr, Symbol] : File->second.Symbols)
        if (Symbol == KernelToCO.begin()->first)
          return UnnamedDispatch{ID, Vaddr};
  }
  Why = AtOffset.empty() ? "no function of the code objects starts at that offset within a page"
                         : std::to_string(AtOffset.size()) + " functions of the code objects start at that offset";
  return std::nullopt;
}

uint64_t MarkerResolver::explainedBy(uint64_t ID, const RecordValues &Values) const {
  const MarkerMap *Map = forCodeObject(ID);
  if (!Map)
    return 0;
  uint64_t N = 0;
  for (const auto &[V, Count] : Values) {
    DecodedMarker D = decode(V, *Map);
    if (D.Info || D.isNoop() || D.isBareExit())
      N += Count;
  }
  return N;
}

std::optional<UnnamedDispatch> MarkerResolver::locateEntry(uint64_t Pc, const RecordValues &Values, std::string &Why,
                                                           std::string &Warning) const {
  std::optional<UnnamedDispatch> ByAddress = locateEntry(Pc, Why);
  uint64_t Records = 0;
  for (const auto &[V, Count] : Values)
    Records += Count;
  // The code object whose map explains the most records, if one does alone
  // and explains most of them (payload words are records no map names).
  std::optional<uint64_t> Best;
  uint64_t BestCount = 0;
  bool Tie = false;
  for (const auto &[ID, Map] : PerCO) {
    uint64_t N = explainedBy(ID, Values);
    if (N > BestCount)
      Best = ID, BestCount = N, Tie = false;
    else if (N == BestCount && N)
      Tie = true;
  }
  if (!Best || Tie || 2 * BestCount <= Records)
    return ByAddress;
  uint64_t ByAddressCount = ByAddress ? explainedBy(ByAddress->CodeObject, Values) : 0;
  if (ByAddress && (ByAddress->CodeObject == *Best || ByAddressCount == BestCount))
    return ByAddress;
  // Its kernel: the one its K: rows name.
  std::vector<std::string> Kernels;
  for (const auto &[Name, COs] : KernelToCO)
    if (std::find(COs.begin(), COs.end(), *Best) != COs.end())
      Kernels.push_back(Name);
  std::optional<UnnamedDispatch> ByRecords;
  if (Kernels.size() == 1)
    if (auto File = Files.find(*Best); File != Files.end())
      for (const auto &[Vaddr, Symbol] : File->second.Symbols)
        if (Symbol == Kernels.front())
          ByRecords = UnnamedDispatch{*Best, Vaddr};
  if (!ByRecords)
    return ByAddress;
  if (ByAddress) {
    Warning = "the wave start address " + hexText(Pc) + " places the kernel at " +
              symbolAt(ByAddress->CodeObject, ByAddress->Vaddr) + " of code object " +
              std::to_string(ByAddress->CodeObject) + ", whose map explains " + std::to_string(ByAddressCount) +
              " of the " + std::to_string(Records) + " records; code object " + std::to_string(*Best) +
              "'s map explains " + std::to_string(BestCount) + " of them: its kernel " + Kernels.front() +
              " is taken (the capture announced no code object)";
  }
  return ByRecords;
}

std::string MarkerResolver::missingFile(uint64_t CodeObjectID) {
  return "code object " + std::to_string(CodeObjectID) + " is missing (no *code_object_id_" +
         std::to_string(CodeObjectID) + "*.out file)";
}

DispatchTarget MarkerResolver::resolveDispatch(const std::string &Name, const TracedKernel *Traced) const {
  DispatchTarget T;
  T.Map = &Empty;
  if (Name.empty() || Name.rfind("0 /", 0) == 0) {
    T.Map = &outsideDispatch();
    return T;
  }
  T.Kernel = Name;
  std::optional<UnnamedDispatch> Unnamed = parseUnnamedDispatch(Name);
  bool IsTraced = namesTraced(Name, Unnamed, Traced);
  std::vector<uint64_t> Defining;
  if (IsTraced) {
    // The directory's own label row names the code object (D22).
    T.CodeObject = Traced->CodeObject;
    T.Kernel = Traced->Symbol;
    if (!Files.count(Traced->CodeObject)) {
      T.Problem = "kernel '" + T.Kernel + "': " + missingFile(Traced->CodeObject) +
                  ", which code.json names; its markers stay unknown";
      return T;
    }
  } else if (Unnamed) {
    T.CodeObject = Unnamed->CodeObject;
    if (!Files.count(Unnamed->CodeObject)) {
      T.Problem = "kernel '" + Name + "': " + missingFile(Unnamed->CodeObject) + "; its markers stay unknown";
      return T;
    }
    if (std::string Sym = symbolAt(Unnamed->CodeObject, Unnamed->Vaddr); !Sym.empty())
      T.Kernel = Sym;
  } else if ((Defining = codeObjectsOfKernel(Name)).size() == 1) {
    T.CodeObject = Defining.front();
  } else if (Defining.empty()) {
    T.Problem = "kernel '" + Name + "' is in no code object's funcmap; its markers stay unknown";
    return T;
  } else {
    std::string Which = wordList(Defining, [&](auto Id) {
      auto File = Files.find(Id);
      return std::to_string(Id) + (File != Files.end() ? " (" + File->second.Path + ")" : "");
    });
    T.Problem = "kernel '" + Name + "' is defined by code objects " + Which +
                " and nothing tells which one ran (no code.json label row names it); its markers stay unknown";
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
