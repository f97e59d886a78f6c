//===- SQTTExitWait.h - Exits that wait for their scope's memory -*- C++ -*-===//
//
// An exit marker fires when it issues, so a load a scope issues and a later
// scope waits for is charged to the later one. With SQTT_WAIT_AT_EXIT=1 every
// exit (a bare exit, the exit half of a fused exit+enter, a function's exit)
// first waits until every memory counter of the target is zero: s_waitcnt on
// gfx9-gfx11 (and s_waitcnt_vscnt for stores on gfx10/gfx11), the split
// s_wait_* counters on gfx12. The waits are part of the exit's own trace asm
// (see SQTTLowering.h), inside its skip, so waves the scope filter leaves out
// keep their timing and nothing comes between the wait and the trace.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_EXIT_WAIT_H
#define SQTT_EXIT_WAIT_H

#include "SQTTTarget.h"

#include <string>

namespace llvm {
class Function;
} // namespace llvm

namespace sqtt {

/// The instructions that wait for every memory counter of \p Target.
std::string memoryWaitAsm(const TargetInfo &Target);

/// Tags every exit marker of \p F to wait first; the lowering puts the waits
/// in. Returns the number of exits.
unsigned markExitsToWait(llvm::Function &F);

} // namespace sqtt

#endif // SQTT_EXIT_WAIT_H
