// CodeObjectIsa.h - every function of an AMDGPU code object, decoded with
// LLVM's MC disassembler for the code object's own target.
//
// Functions are the code object's STT_FUNC symbols in executable sections;
// kernels are those with a kernel descriptor ("<name>.kd") or a K: row in the
// funcmap. Instructions that do not decode are recorded, not skipped over
// silently. Source lines come from the code object's DWARF line table when
// it has one.
#pragma once

#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/isa/Instruction.h"

#include <rocprof_trace_decoder/cxx/hardware_ids.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sqtt::isa {

struct Function {
  std::string Name;
  uint64_t Address = 0, Size = 0;
  bool Kernel = false;
  unsigned WaveSize = 64; // a kernel's from its descriptor; else the code object's
  /// A kernel's user SGPRs (its descriptor's USER_SGPR_COUNT): s0 up hold
  /// what the dispatch gives every wave alike (kernarg and dispatch pointers).
  unsigned UserSgprs = 0;
  std::vector<Instruction> Insts; // in address order
  /// The index of the instruction at \p Address, or npos.
  size_t indexOf(uint64_t Address) const;
  /// Where the function's code ends. A path that gets here, falling
  /// through or by a branch, ran into an IR `unreachable` (after a trap or a
  /// call that does not return), for which the backend emits nothing: the
  /// wave cannot run on.
  uint64_t end() const { return Address + Size; }
  static constexpr size_t npos = ~size_t(0);
};

struct Undecodable {
  std::string Function;
  uint64_t Address = 0;
};

class CodeObjectIsa {
public:
  /// Decodes \p CO; \p KernelNames adds kernels named by a funcmap. Throws
  /// Error (prefixed with \p Where) when the code object is not one LLVM's
  /// AMDGPU disassembler can read.
  static CodeObjectIsa decode(const CodeObject &CO, const std::string &Where,
                              const std::vector<std::string> &KernelNames = {});
  CodeObjectIsa(CodeObjectIsa &&);
  CodeObjectIsa &operator=(CodeObjectIsa &&);
  ~CodeObjectIsa();

  const std::string &target() const { return Target; }
  /// From the target name, generic targets included (gfx1250 is gfx12).
  sqtt_hardware_ids::generation generation() const { return Generation; }
  const std::vector<Function> &functions() const { return Functions; }
  const Function *functionAt(uint64_t Address) const;
  const Function *find(std::string_view Name) const;
  const std::vector<Undecodable> &undecodable() const { return Bad; }
  /// "file:line" of \p Address from the line table, or "".
  std::string sourceLine(uint64_t Address) const;

private:
  CodeObjectIsa();
  std::string Target;
  sqtt_hardware_ids::generation Generation = sqtt_hardware_ids::generation::unknown;
  std::vector<Function> Functions;
  std::vector<Undecodable> Bad;
  struct Lines;
  std::unique_ptr<Lines> LineTable;
  /// The DWARF line table of \p CO, or null when LLVM cannot read it.
  static std::unique_ptr<Lines> readLines(const CodeObject &CO, const std::string &Where);
};

} // namespace sqtt::isa
