// MemoryTraceWriter.cpp - per-lane address traces as a JSON array, streamed.
//
// A trace is formatted into a buffer that goes to the stream a megabyte at a
// time: formatting each field through the stream (and addresses through
// printf) took longer than the analysis.
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/MemoryWriters.h"


namespace sqtt {

void MemoryTraceJsonWriter::add(const AddressTrace &T) {
  Buf += Count++ ? ",\n  {\n" : "[\n  {\n";
  Buf += "    \"kind\": \"";
  Buf += addressKindName(T.Kind);
  Buf += "\",\n    \"marker_id\": ";
  appendInt(Buf, uint64_t(T.MarkerID));
  Buf += ",\n    \"kernel\": ";
  const std::string &Kernel = Names.str(T.Kernel);
  if (Kernel.empty())
    Buf += "null";
  else
    appendJsonString(Buf, Kernel);
  Buf += ",\n    \"dispatch\": ";
  if (T.Dispatch)
    appendInt(Buf, int64_t(*T.Dispatch));
  else
    Buf += "null";
  Buf += ",\n    \"code_object\": ";
  if (T.CodeObject)
    appendInt(Buf, uint64_t(*T.CodeObject));
  else
    Buf += "null";
  Buf += ",\n    \"time\": ";
  appendInt(Buf, int64_t(T.Time));
  Buf += ",\n    \"shader_engine\": ";
  appendInt(Buf, uint64_t(T.SE));
  Buf += ",\n    \"cu\": ";
  appendInt(Buf, uint64_t(T.CU));
  Buf += ",\n    \"simd\": ";
  appendInt(Buf, uint64_t(T.SIMD));
  Buf += ",\n    \"wave\": ";
  appendInt(Buf, uint64_t(T.Wave));
  Buf += ",\n    \"exec_mask\": \"";
  appendHex(Buf, T.Exec, 16);
  Buf += "\",\n    \"active_lanes\": ";
  appendInt(Buf, uint64_t(T.Addresses.size()));
  Buf += ",\n    \"lanes\": [";
  bool First = true;
  forEachActiveLane(T.Exec, T.WaveSize, [&](uint32_t L) {
    if (!First)
      Buf += ", ";
    First = false;
    appendInt(Buf, L);
  });
  Buf += "],\n    \"addresses\": [";
  for (size_t A = 0; A < T.Addresses.size(); ++A) {
    Buf += A ? ",\n      \"" : "\n      \"";
    appendAddress(Buf, T.Kind, T.Addresses[A]);
    Buf += '"';
  }
  Buf += T.Addresses.empty() ? "]" : "\n    ]";
  const std::string &Loc = Names.str(T.SourceLoc);
  if (!Loc.empty()) {
    Buf += ",\n    \"source\": ";
    appendJsonString(Buf, Loc);
  }
  Buf += "\n  }";
  if (Buf.size() > (1 << 20)) {
    OS << Buf;
    Buf.clear();
  }
}

void MemoryTraceJsonWriter::finish() {
  Buf += Count ? "\n]\n" : "[]\n";
  OS << Buf;
  Buf.clear();
}

} // namespace sqtt
