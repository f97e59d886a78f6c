// FuncmapJsonWriter.cpp - sqtt-decode-funcmap --json.
#include "sqtt/writers/FuncmapWriters.h"
#include "sqtt/support/JsonString.h"

#include <cstdio>

namespace sqtt {

void writeFuncmapJson(std::ostream &OS, const std::string &File,
                      const std::vector<FuncmapTable> &Tables) {
  OS << "{\n  \"file\": ";
  writeJsonString(OS, File);
  OS << ",\n  \"code_objects\": [";
  for (size_t T = 0; T < Tables.size(); ++T) {
    const FuncmapTable &Table = Tables[T];
    OS << (T ? ",\n" : "\n") << "    {\n      \"target\": ";
    writeJsonString(OS, Table.Target);
    OS << ",\n      \"bundle_entry_id\": ";
    writeJsonString(OS, Table.BundleEntryID);
    OS << ",\n      \"has_funcmap\": " << (Table.HasFuncmap ? "true" : "false");
    OS << ",\n      \"wave_size\": ";
    if (Table.WaveSize)
      OS << Table.WaveSize;
    else
      OS << "null";
    OS << ",\n      \"config\": [";
    for (size_t C = 0; C < Table.Configs.size(); ++C) {
      OS << (C ? ", {" : "{");
      for (size_t K = 0; K < Table.Configs[C].size(); ++K) {
        OS << (K ? ", " : "");
        writeJsonString(OS, Table.Configs[C][K].first);
        OS << ": ";
        writeJsonString(OS, Table.Configs[C][K].second);
      }
      OS << "}";
    }
    OS << "]";
    OS << ",\n      \"marker_encoding\": ";
    if (Table.Encoding.has_shader_clock())
      OS << "{\"shader_clock_bits\": " << Table.Encoding.shader_clock_bits
         << ", \"shader_clock_shift\": " << Table.Encoding.shader_clock_shift << "}";
    else
      OS << "null";
    OS << ",\n      \"entries\": [";
    for (size_t I = 0; I < Table.Rows.size(); ++I) {
      const FuncmapRow &Row = Table.Rows[I];
      OS << (I ? ",\n" : "\n") << "        {\"type\": \"" << entryTypeName(Row.Type)
         << "\", \"id\": ";
      if (Row.ID)
        OS << *Row.ID;
      else
        OS << "null";
      OS << ", \"vaddr\": ";
      if (Row.Vaddr) {
        char Buf[32];
        std::snprintf(Buf, sizeof Buf, "\"0x%016llx\"", static_cast<unsigned long long>(*Row.Vaddr));
        OS << Buf;
      } else {
        OS << "null";
      }
      OS << ", \"name\": ";
      writeJsonString(OS, Row.Name);
      OS << ", \"display_name\": ";
      writeJsonString(OS, Row.DisplayName);
      OS << ", \"source_loc\": ";
      writeJsonString(OS, Row.SourceLoc);
      OS << ", \"extra_payload_count\": " << Row.ExtraPayloadCount;
      // An address trace's: the bytes a lane moves and what it addresses.
      if (Row.AccessBytes || !Row.Base.empty()) {
        OS << ", \"access_bytes\": " << Row.AccessBytes << ", \"base\": ";
        writeJsonString(OS, Row.Base);
      }
      OS << ", \"inlined\": " << (Row.Inlined ? "true" : "false") << "}";
    }
    OS << (Table.Rows.empty() ? "]" : "\n      ]");
    OS << ",\n      \"diagnostics\": [";
    for (size_t I = 0; I < Table.Diagnostics.size(); ++I) {
      OS << (I ? ", " : "") << "{\"line\": " << Table.Diagnostics[I].line << ", \"message\": ";
      writeJsonString(OS, Table.Diagnostics[I].message);
      OS << "}";
    }
    OS << "]\n    }";
  }
  OS << (Tables.empty() ? "]\n}\n" : "\n  ]\n}\n");
}

} // namespace sqtt
