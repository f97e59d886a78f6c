// CallEffects.h - what each function's calls may change, from the call
// graph of a code object (the library's own header, not installed).
#pragma once

#include "sqtt/isa/CodeObjectIsa.h"
#include "sqtt/isa/ScalarMachine.h"

#include <unordered_map>
#include <vector>

namespace sqtt::isa {

class CallEffects {
public:
  explicit CallEffects(const CodeObjectIsa &Isa);
  /// What calling \p Callee changes: its writes and its callees' to the
  /// registers the calling convention lets a callee clobber (with IPRA a
  /// caller keeps what the callee leaves alone), or all of those when it is
  /// not a function of the object.
  const CallEffect &of(const Function *Callee) const;

private:
  std::unordered_map<const Function *, CallEffect> Effects;
  CallEffect Unknown = CallEffect::unknownCallee();
};

/// The callee of each call instruction of \p F that a straight-line reading
/// determines (s_getpc, then adds of the relocated offset), by instruction
/// index.
std::unordered_map<size_t, const Function *> directCallees(const CodeObjectIsa &Isa, const Function &F);

} // namespace sqtt::isa
