//===- SQTTLinkPhase.h - One map for an -fgpu-rdc device link ---*- C++ -*-===//
//
// With -fgpu-rdc each translation unit numbers its markers from 1 and writes
// its own .sqtt_funcmap; the device link concatenates them and IDs collide.
// Late therefore leaves what a link needs to fix that: the unit's ledger and
// layout on its map global, and on every function with markers a reference
// to that global. When the plugin is loaded into the device link (lld's LTO,
// -Xoffload-linker --load-pass-plugin=<plugin>), the link phase merges the
// units' ledgers (one ID per distinct marker), numbers them hottest first so
// the most emitted markers keep fitting s_ttracedata_imm and the gfx12
// clock-packed layout, rewrites every marker header and writes one map (D18).
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_LINK_PHASE_H
#define SQTT_LINK_PHASE_H

namespace llvm {
class GlobalVariable;
class Module;
} // namespace llvm

namespace sqtt {

class MarkerLedger;
struct FuncMapLayout;

/// Late: records \p Ledger and \p Layout on the map global \p Map and tags
/// every function of \p M that holds a marker header with it.
void attachLinkInfo(llvm::Module &M, llvm::GlobalVariable &Map,
                    const MarkerLedger &Ledger, const FuncMapLayout &Layout);

/// The link phase: renumbers the markers of a module linked from several
/// instrumented units and replaces their maps with one. Returns true if the
/// module changed.
bool runLinkPhase(llvm::Module &M);

} // namespace sqtt

#endif // SQTT_LINK_PHASE_H
