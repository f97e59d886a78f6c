// FuncmapTextWriter.cpp - the table of sqtt-decode-funcmap.
#include "sqtt/writers/FuncmapWriters.h"

#include <cstdio>

namespace sqtt {

namespace {
std::string padLeft(const std::string &S, size_t Width) {
  return S.size() >= Width ? S : std::string(Width - S.size(), ' ') + S;
}
} // namespace

void writeFuncmapText(std::ostream &OS, const FuncmapTable &Table) {
  if (Table.Encoding.has_shader_clock())
    OS << "marker_encoding: shader_clock_bits=" << Table.Encoding.shader_clock_bits
       << " shader_clock_shift=" << Table.Encoding.shader_clock_shift << '\n';
  if (Table.WaveSize != 0)
    OS << "  wave_size: " << Table.WaveSize << '\n';
  // The plugin's configuration (D27), one line per distinct unit setting.
  for (const auto &Config : Table.Configs) {
    OS << "  config:";
    for (const auto &[Key, Value] : Config)
      OS << ' ' << Key << '=' << Value;
    OS << '\n';
  }
  OS << padLeft("Type", 6) << "  " << padLeft("ID", 8) << "  " << padLeft("Vaddr", 18)
     << "  Name\n";
  OS << padLeft("----", 6) << "  " << padLeft("---", 8) << "  " << padLeft("-----", 18)
     << "  ----\n";
  for (const FuncmapRow &Row : Table.Rows) {
    char Addr[32] = "-";
    if (Row.Vaddr)
      std::snprintf(Addr, sizeof Addr, "0x%016llx", static_cast<unsigned long long>(*Row.Vaddr));
    OS << padLeft(entryTypeName(Row.Type), 6) << "  "
       << padLeft(Row.ID ? std::to_string(*Row.ID) : "-", 8) << "  " << padLeft(Addr, 18)
       << "  " << Row.DisplayName;
    if (!Row.SourceLoc.empty())
      OS << "  @ " << Row.SourceLoc;
    if (Row.Inlined)
      OS << "  (inlined)";
    OS << '\n';
  }
}

} // namespace sqtt
