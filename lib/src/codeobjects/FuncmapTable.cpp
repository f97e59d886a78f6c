// FuncmapTable.cpp - a code object's funcmap as the rows users read.
#include "sqtt/codeobjects/FuncmapTable.h"
#include "sqtt/codeobjects/Elf.h"
#include "sqtt/support/Error.h"

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <rocprof_trace_decoder/cxx/config_section.hpp>

#include <memory>
#include <unordered_map>
#include <unordered_set>

namespace sqtt {

const char *entryTypeName(rtd::FuncmapEntryType Type) { return sqtt_marker_kind::name_of(Type); }

std::string demangle(const std::string &Name) {
  if (Name.rfind("_Z", 0) != 0)
    return Name;
  int Status = 0;
  std::unique_ptr<char, void (*)(void *)> Out(
      abi::__cxa_demangle(Name.c_str(), nullptr, nullptr, &Status), std::free);
  return Status == 0 && Out ? std::string(Out.get()) : Name;
}

std::string markerIDConflict(const rtd::Funcmap &Map, const std::string &Where) {
  if (Map.conflicts.empty())
    return {};
  const rtd::FuncmapConflict &C = Map.conflicts.front();
  return Where + ": .sqtt_funcmap line " + std::to_string(C.line) + " gives marker ID " +
              std::to_string(C.id) + " a second name (\"" + C.first + "\", then \"" + C.second +
              "\"; " + std::to_string(Map.conflicts.size()) +
              " conflicting ID(s)): the translation units of an -fgpu-rdc build were "
              "linked without the plugin; load it into the device link too "
              "(-Xoffload-linker --load-pass-plugin=libsqttinstrumentpass.so) so the "
              "link gives every marker a unique ID";
}

void requireUniqueMarkerIDs(const rtd::Funcmap &Map, const std::string &Where) {
  std::string Message = markerIDConflict(Map, Where);
  if (!Message.empty())
    throw Error(Message);
}

std::vector<std::vector<FuncmapTable::Setting>> readConfigSection(const ElfImage &Elf) {
  std::vector<std::vector<FuncmapTable::Setting>> Configs;
  const ElfSection *Section = Elf.findSection(sqtt_config_section::section);
  if (!Section)
    return Configs;
  // A text without the plugin's line (a damaged section) is left out.
  sqtt_config_section::for_each_text(Elf.contents(*Section), [&](std::string_view Text) {
    std::vector<FuncmapTable::Setting> &Settings = Configs.emplace_back();
    sqtt_config_section::for_each_setting(Text, [&](std::string_view Key, std::string_view Value) {
      Settings.emplace_back(std::string(Key), std::string(Value));
    });
  });
  return Configs;
}

FuncmapTable buildFuncmapTable(const CodeObject &CO, const std::string &Where, bool Demangle) {
  FuncmapTable Table;
  Table.Target = CO.Target;
  Table.BundleEntryID = CO.BundleEntryID;
  ElfImage Elf(CO.Data, CO.Size, Where);
  Table.Configs = readConfigSection(Elf);
  const ElfSection *Section = Elf.findSection(sqtt_marker_kind::funcmap_section);
  if (!Section)
    return Table;
  std::string_view Text = Elf.contents(*Section);
  if (Text.empty())
    throw Error(Where + ": .sqtt_funcmap section present but empty");
  rtd::Funcmap Map = rtd::parse_funcmap(Text);
  requireUniqueMarkerIDs(Map, Where);
  Table.HasFuncmap = true;
  Table.WaveSize = Map.wave_size;
  Table.Encoding = Map.marker_encoding;
  Table.Diagnostics = Map.diagnostics;

  std::unordered_map<std::string, uint64_t> Addresses;
  for (const ElfSymbol &S : Elf.definedSymbols())
    if (S.Type == 2 /* STT_FUNC */ || !Addresses.count(S.Name))
      Addresses[S.Name] = S.Value;

  for (const rtd::FuncmapEntry &E : Map.entries) {
    FuncmapRow Row;
    Row.Type = E.type;
    if (E.type != rtd::FuncmapEntryType::Kernel)
      Row.ID = E.id;
    Row.Name = E.name;
    Row.DisplayName = Demangle ? demangle(E.name) : E.name;
    Row.SourceLoc = E.source_loc;
    Row.ExtraPayloadCount = E.extra_payload_count;
    Row.AccessBytes = E.access_bytes;
    Row.Base = E.base;
    auto It = Addresses.find(E.name);
    if (It != Addresses.end())
      Row.Vaddr = It->second;
    Row.Inlined = E.type == rtd::FuncmapEntryType::Function && !Row.Vaddr;
    Table.Rows.push_back(std::move(Row));
  }
  // Kernels first (in map order), then by ID. IDs are unique in a parsed map.
  std::vector<size_t> Order(Table.Rows.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    const FuncmapRow &RA = Table.Rows[A], &RB = Table.Rows[B];
    if (!RA.ID != !RB.ID)
      return !RA.ID;
    if (RA.ID && *RA.ID != *RB.ID)
      return *RA.ID < *RB.ID;
    return A < B;
  });
  std::vector<FuncmapRow> Sorted;
  for (size_t I : Order)
    Sorted.push_back(std::move(Table.Rows[I]));
  Table.Rows = std::move(Sorted);
  return Table;
}

} // namespace sqtt
