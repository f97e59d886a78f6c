// code_printing.hpp - funcmaps of the code objects of a trace, by code
// object ID, and marker decoding per code object.
//
//   CodeobjMap codeobjs;
//   codeobjs.addCodeobj(id, elf_bytes, elf_size);
//   const auto &encoding = codeobjs.getFuncmap(id).marker_encoding;
//   MarkerValue marker = codeobjs.decodeMarkerValue(id, raw_shaderdata_value);
//
// Header-only, C++17; see funcmap.hpp for the map itself.
#pragma once

#include "funcmap.hpp"

#include <cstdint>
#include <map>
#include <stdexcept>
#include <utility>

namespace rocprof_trace_decoder {
namespace codeobj {

class CodeobjMap {
public:
  /// Parses the .sqtt_funcmap of an ELF code object (an object without one
  /// gets an empty map). Throws std::runtime_error for a malformed image.
  void addCodeobj(uint64_t codeobj_id, const void *image, size_t size,
                  const ParseOptions &options = {}) {
    funcmaps_[codeobj_id] = parse_funcmap_section(image, size, options);
  }

  void addFuncmap(uint64_t codeobj_id, Funcmap funcmap) {
    funcmaps_[codeobj_id] = std::move(funcmap);
  }

  bool contains(uint64_t codeobj_id) const { return funcmaps_.count(codeobj_id) != 0; }

  /// Throws std::out_of_range for an unknown code object.
  const Funcmap &getFuncmap(uint64_t codeobj_id) const {
    auto it = funcmaps_.find(codeobj_id);
    if (it == funcmaps_.end())
      throw std::out_of_range("unknown code object id " + std::to_string(codeobj_id));
    return it->second;
  }

  /// Decodes with the code object's layout; the legacy layout for an unknown
  /// code object.
  MarkerValue decodeMarkerValue(uint64_t codeobj_id, uint32_t raw) const noexcept {
    auto it = funcmaps_.find(codeobj_id);
    if (it == funcmaps_.end())
      return decode_marker_value(raw);
    return decode_marker_value(raw, it->second);
  }

  const std::map<uint64_t, Funcmap> &funcmaps() const { return funcmaps_; }

private:
  std::map<uint64_t, Funcmap> funcmaps_;
};

} // namespace codeobj
} // namespace rocprof_trace_decoder
