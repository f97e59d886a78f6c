// MemoryTraceWriter.cpp - per-lane address traces as a JSON array, streamed.
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/MemoryWriters.h"

#include <cstdio>

namespace sqtt {

namespace {
std::string execMask(uint64_t Exec) {
  char Buf[24];
  std::snprintf(Buf, sizeof Buf, "0x%016llx", (unsigned long long)Exec);
  return Buf;
}
} // namespace

void MemoryTraceJsonWriter::add(const AddressTrace &T) {
  OS << (Count++ ? ",\n  {\n" : "[\n  {\n");
  OS << "    \"kind\": \"" << addressKindName(T.Kind) << "\",\n    \"marker_id\": " << T.MarkerID
     << ",\n    \"kernel\": ";
  const std::string &Kernel = Names.str(T.Kernel);
  if (Kernel.empty())
    OS << "null";
  else
    writeJsonString(OS, Kernel);
  OS << ",\n    \"dispatch\": ";
  if (T.Dispatch)
    OS << *T.Dispatch;
  else
    OS << "null";
  OS << ",\n    \"code_object\": ";
  if (T.CodeObject)
    OS << *T.CodeObject;
  else
    OS << "null";
  OS << ",\n    \"time\": " << T.Time << ",\n    \"shader_engine\": " << int(T.SE)
     << ",\n    \"cu\": " << int(T.CU) << ",\n    \"simd\": " << int(T.SIMD)
     << ",\n    \"wave\": " << int(T.Wave) << ",\n    \"exec_mask\": \"" << execMask(T.Exec)
     << "\",\n    \"active_lanes\": " << T.Addresses.size() << ",\n    \"lanes\": [";
  std::vector<uint32_t> Lanes = activeLanes(T.Exec, T.WaveSize);
  for (size_t L = 0; L < Lanes.size(); ++L)
    OS << (L ? ", " : "") << Lanes[L];
  OS << "],\n    \"addresses\": [";
  for (size_t A = 0; A < T.Addresses.size(); ++A)
    OS << (A ? ",\n      \"" : "\n      \"") << formatAddress(T.Kind, T.Addresses[A]) << '"';
  OS << (T.Addresses.empty() ? "]" : "\n    ]");
  const std::string &Loc = Names.str(T.SourceLoc);
  if (!Loc.empty()) {
    OS << ",\n    \"source\": ";
    writeJsonString(OS, Loc);
  }
  OS << "\n  }";
}

void MemoryTraceJsonWriter::finish() { OS << (Count ? "\n]\n" : "[]\n"); }

} // namespace sqtt
