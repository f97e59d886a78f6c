//===- SQTTExitWait.h - Exits that wait for their scope's memory -*- C++ -*-===//
//
// An exit marker fires when it issues, so a load a scope issues and a later
// scope waits for is charged to the later one. With SQTT_WAIT_AT_EXIT=1 every
// exit (a bare exit, the exit half of a fused exit+enter, a function's exit)
// first waits until every memory counter of the target is zero: s_waitcnt on
// gfx9-gfx11 (and s_waitcnt_vscnt for stores on gfx10/gfx11), the split
// s_wait_* counters on gfx12. The wait skips itself where the marker does
// (the scope filter), so waves that record nothing keep their timing.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_EXIT_WAIT_H
#define SQTT_EXIT_WAIT_H

#include "SQTTTarget.h"

#include <string>

namespace llvm {
class Function;
class Value;
} // namespace llvm

namespace sqtt {

/// The instructions that wait for every memory counter of \p Target.
std::string memoryWaitAsm(const TargetInfo &Target);

/// Puts the wait before every exit marker of \p F. \p InScope is the
/// function's scope test (null when unscoped), for exits that skip
/// themselves. Returns the number of waits.
unsigned emitExitWaits(llvm::Function &F, const TargetInfo &Target, llvm::Value *InScope);

} // namespace sqtt

#endif // SQTT_EXIT_WAIT_H
