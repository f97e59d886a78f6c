// MemoryTraceWriter.cpp - per-lane address traces as a JSON array, streamed.
//
// A trace is formatted into a buffer that goes to the stream a megabyte at a
// time: formatting each field through the stream (and addresses through
// printf) took longer than the analysis.
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/MemoryWriters.h"

#include <charconv>

namespace sqtt {

namespace {

void appendInt(std::string &Out, uint64_t V) {
  char Buf[24];
  auto [End, Ec] = std::to_chars(Buf, Buf + sizeof Buf, V);
  Out.append(Buf, size_t(End - Buf));
}

void appendInt(std::string &Out, int64_t V) {
  char Buf[24];
  auto [End, Ec] = std::to_chars(Buf, Buf + sizeof Buf, V);
  Out.append(Buf, size_t(End - Buf));
}

/// "0x" and \p Digits lower-case hex digits, zero-padded.
void appendHex(std::string &Out, uint64_t V, unsigned Digits) {
  char Buf[18] = {'0', 'x'};
  for (unsigned I = 0; I < Digits; ++I)
    Buf[2 + I] = "0123456789abcdef"[(V >> (4 * (Digits - 1 - I))) & 0xF];
  Out.append(Buf, 2 + Digits);
}

/// Digits of formatAddress: 8 for a narrow kind, else 16 (more when the
/// value has them, as %0*llx would write).
unsigned addressDigits(AddressKind K, uint64_t A) {
  unsigned Digits = isNarrowAddressKind(K) ? 8 : 16;
  while (Digits < 16 && (A >> (4 * Digits)))
    ++Digits;
  return Digits;
}

} // namespace

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
  for (uint32_t L = 0; L < T.WaveSize && L < 64; ++L)
    if ((T.Exec >> L) & 1) {
      if (!First)
        Buf += ", ";
      First = false;
      appendInt(Buf, uint64_t(L));
    }
  Buf += "],\n    \"addresses\": [";
  for (size_t A = 0; A < T.Addresses.size(); ++A) {
    Buf += A ? ",\n      \"" : "\n      \"";
    appendHex(Buf, T.Addresses[A], addressDigits(T.Kind, T.Addresses[A]));
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
