//===- FuzzFuncmap.cpp - libFuzzer target: the funcmap parser -------------===//
//
// Any bytes as .sqtt_funcmap text, then as an ELF image holding the section:
// parsing must end in entries and diagnostics (or a runtime_error for an
// image that is not ELF), never a crash; every parsed ID must decode.
//
//===----------------------------------------------------------------------===//
#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include <cstdint>
#include <stdexcept>
#include <string_view>

namespace rtd = rocprof_trace_decoder::codeobj;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  rtd::Funcmap Map = rtd::parse_funcmap(std::string_view(reinterpret_cast<const char *>(Data), Size));
  for (const rtd::FuncmapEntry &E : Map.entries) {
    (void)rtd::decode_marker_value(E.id << 2, Map);
    (void)rtd::decode_marker_value((E.id << 2) | 1, Map);
  }
  try {
    (void)rtd::parse_funcmap_section(Data, Size);
  } catch (const std::runtime_error &) {
  }
  return 0;
}
