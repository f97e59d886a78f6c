//===- SQTTInstrumentPass.cpp - The SQTT marker instrumentation pass ------===//
//
// Phase bookkeeping lives in named metadata: Early leaves !sqtt.early.done
// (with its ledger in !sqtt.markers.early), Late consumes both and leaves
// !sqtt.late.done. A module is therefore never instrumented twice, even when
// a pipeline (ThinLTO post-link, say) fires the extension points again.
//
//===----------------------------------------------------------------------===//

#include "SQTTInstrumentPass.h"
#include "SQTTConfigSection.h"
#include "SQTTAddressTrace.h"
#include "SQTTAutomatic.h"
#include "SQTTCompat.h"
#include "SQTTContainment.h"
#include "SQTTCostModel.h"
#include "SQTTDiagnostics.h"
#include "SQTTExitWait.h"
#include "SQTTFuncMap.h"
#include "SQTTFunctions.h"
#include "SQTTLedger.h"
#include "SQTTLinkPhase.h"
#include "SQTTLowering.h"
#include "SQTTMarkerMemory.h"
#include "SQTTMarkerPlacer.h"
#include "SQTTMetadataNames.h"
#include "SQTTNamedMarkers.h"
#include "SQTTNumericMarkers.h"
#include "SQTTSourceLocation.h"
#include "SQTTTarget.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

using namespace llvm;
using namespace sqtt;

#define DEBUG_TYPE "sqtt-instrument"


bool SQTTInstrumentPass::checkConfig(Module &M) {
  const Config &Cfg = State->Cfg;
  if (!State->ConfigReported) {
    State->ConfigReported = true;
    for (const ConfigDiagnostic &D : Cfg.Diagnostics) {
      if (D.IsError)
        reportError(M.getContext(), D.Message);
      else
        reportWarning(M.getContext(), D.Message);
    }
  }
  return !Cfg.hasErrors();
}

bool SQTTInstrumentPass::runEarly(Module &M) {
  if (M.getNamedMetadata(md::EarlyDone) || M.getNamedMetadata(md::LateDone))
    return false;
  if (!checkConfig(M))
    return false;

  MarkerLedger Ledger;
  inlineMarkerWrappers(M);
  lowerNumericSentinels(M);
  // Numeric markers' IDs are taken before any is allocated (D24).
  recordNumericMarkers(M, Ledger);
  auto Helpers = findMarkerHelpers(M);
  SmallVector<TargetFunction, 16> Targets = targetFunctions(M);
  for (TargetFunction &TF : Targets)
    resolveNamedMarkers(*TF.F, Ledger, TF.Target, nullptr);
  eraseUnusedSentinels(M);
  instrumentFunctionsEarly(Targets, Ledger, State->Cfg, Helpers);
  // The markers are traces from here on, which the middle end does not order
  // pure work against: tie each scope's results to its exit now (VGPR
  // operands; the late phase replaces these ties).
  if (State->Cfg.ContainScopes)
    for (TargetFunction &TF : Targets)
      containScopeWork(*TF.F, [] { return nullptr; });
  // What is left for the middle end orders markers against each other, not
  // against the kernel's memory (D38).
  for (TargetFunction &TF : Targets)
    keepMarkersOffKernelMemory(*TF.F);

  if (!Ledger.empty())
    Ledger.writeEarlyMetadata(M);
  // Always changed: the phase marker itself is new IR.
  M.getOrInsertNamedMetadata(md::EarlyDone);
  return true;
}

/// D5 leaves targets before gfx9 untouched. Their named markers then stay
/// undefined and the link fails; say why, once per module.
static void warnUnsupportedTargets(Module &M) {
  for (Function &F : M) {
    Attribute CPU = F.getFnAttribute("target-cpu");
    if (F.isDeclaration() || !CPU.isValid() || classifyFunction(F).isKnown())
      continue;
    bool HasNamedMarker = any_of(instructions(F), [](Instruction &I) {
      auto *CB = dyn_cast<CallBase>(&I);
      return CB && classifySentinel(*CB);
    });
    if (!HasNamedMarker)
      continue;
    reportWarning(M.getContext(),
                  CPU.getValueAsString() +
                      " is not supported (SQTT markers need gfx9 or later); its "
                      "named markers are left unresolved, so the link will fail on "
                      "undefined __sqtt_named_marker_* symbols; build this target "
                      "without SQTT_ENABLED=1");
    return;
  }
}

/// The function's uniformity as it is now (markers placed), or null where the
/// target has no divergence to tell (then every tie takes VGPRs).
static const UniformityInfo *currentUniformity(Function &F, FunctionAnalysisManager &FAM) {
  FAM.invalidate(F, PreservedAnalyses::none());
  if (!FAM.getResult<TargetIRAnalysis>(F).hasBranchDivergence(&F))
    return nullptr;
  return &FAM.getResult<UniformityInfoAnalysis>(F);
}

/// Records with a payload cannot share a stream with clock-packed headers:
/// a packed header's clock bits could make a payload word look like one.
/// Reports the error and returns true when both are asked for.
static bool payloadsMeetPackedHeaders(Module &M, const MarkerLedger &Ledger, const Config &Cfg) {
  if (Cfg.ShaderClockBits == 0)
    return false;
  for (const MarkerRecord &R : Ledger.records())
    if (R.ExtraPayloadCount != 0) {
      reportError(M.getContext(), "SQTT_SHADER_CLOCK_BITS=" + Twine(Cfg.ShaderClockBits) +
                                      " cannot be combined with payload markers ('" + R.Name + "' carries " +
                                      Twine(R.ExtraPayloadCount) +
                                      " payload records); set SQTT_SHADER_CLOCK_BITS=0");
      return true;
    }
  return false;
}

/// Every marker in its final form; how many headers carry the clock, or
/// nullopt (and an error) when an ID does not fit the packed layout.
static std::optional<unsigned> lowerTraces(Module &M, ArrayRef<TargetFunction> Targets, const ClockPacking &Packing,
                                           const DenseMap<Function *, Value *> &ScopeTests) {
  unsigned Packed = 0;
  for (const TargetFunction &TF : Targets) {
    LoweringResult R = lowerFullTraces(*TF.F, TF.Target, Packing, ScopeTests.lookup(TF.F));
    Packed += R.Packed;
    if (R.UnfitID) {
      reportError(M.getContext(), "marker ID " + Twine(*R.UnfitID) + " does not fit with SQTT_SHADER_CLOCK_BITS=" +
                                      Twine(Packing.Bits) + " (at most " + Twine(Packing.maxID()) +
                                      "); lower SQTT_SHADER_CLOCK_BITS or instrument fewer markers");
      return std::nullopt;
    }
  }
  return Packed;
}

/// The unit's .sqtt_funcmap (with what an -fgpu-rdc device link needs to
/// renumber its markers) and .sqtt_config (what the tools say a trace of
/// this code can contain, D27). \p Packing: the layout, when a header was
/// packed.
static void emitUnitSections(Module &M, const MarkerLedger &Ledger, const Config &Cfg, const ClockPacking *Packing,
                             unsigned AddrTraceWaveSize) {
  FuncMapLayout Layout;
  if (Packing) {
    Layout.ShaderClockBits = Packing->Bits;
    Layout.ShaderClockShift = Packing->Shift;
  }
  Layout.AddrTraceWaveSize = AddrTraceWaveSize;
  std::string Text = buildFuncMapText(Ledger, Layout, [&](const Twine &W) { reportWarning(M.getContext(), W); });
  attachLinkInfo(M, *emitFuncMap(M, Text), Ledger, Layout);
  emitConfigSection(M, Cfg);
}

bool SQTTInstrumentPass::runLate(Module &M, FunctionAnalysisManager &FAM) {
  if (M.getNamedMetadata(md::LateDone))
    return false;
  if (!checkConfig(M))
    return false;
  const Config &Cfg = State->Cfg;
  warnUnsupportedTargets(M);

  SmallVector<TargetFunction, 16> Targets = targetFunctions(M);
  bool HasGfx12 = any_of(Targets, [](const TargetFunction &TF) {
    return TF.Target.isGfx12();
  });
  if (HasGfx12) {
    if (std::optional<std::string> Error = Cfg.shaderClockWindowError()) {
      reportError(M.getContext(), *Error);
      return false;
    }
  }

  const ClockPacking Packing{Cfg.ShaderClockBits, Cfg.ShaderClockShift};
  MarkerLedger Ledger = MarkerLedger::takeEarlyMetadata(M);
  // Numeric markers' IDs are taken before any is allocated or compacted
  // (D24); those Early saw are in its ledger already.
  lowerNumericSentinels(M);
  recordNumericMarkers(M, Ledger);
  bool HadEarlyPass = false;
  if (NamedMDNode *Done = M.getNamedMetadata(md::EarlyDone)) {
    M.eraseNamedMetadata(Done);
    HadEarlyPass = true;
  }
  // Early's function markers: prune, compact, bare exits. This renumbers
  // Early's IDs, so it comes before any new ID.
  finalizeEarlyFunctions(M, Ledger, Cfg);
  SystemMarkerIDs SystemIDs = allocateSystemMarkerIDs(Ledger, Cfg);

  // Wrappers the always-inliner did not take (user helpers at -O0).
  if (inlineMarkerWrappers(M))
    Targets = targetFunctions(M);
  // Without Early (-O0), functions are marked here, directly.
  bool DirectFunctions = !HadEarlyPass && Cfg.instrumentFunctions();
  auto Helpers = findMarkerHelpers(M);

  unsigned AddrTraceWaveSize = 0;
  DenseMap<Function *, Value *> ScopeTests; // for the lowering
  for (TargetFunction &TF : Targets) {
    Function &F = *TF.F;
    bool Direct = DirectFunctions && isInstrumentableFunction(F, Helpers);
    // Measured before this phase adds anything to the function.
    unsigned SizeBefore = Direct ? computeFunctionSize(F, Cfg.FunctionCostModel) : 0;
    if (isKernel(F))
      Ledger.addKernel(F.getName(), definitionLocation(F));
    // The early phase's ties would split marker runs; they are made again
    // once every marker is placed.
    dropScopeTies(F);
    adoptNumericMarkers(F, TF.Target, Packing);
    MarkerPlacer Placer(F, Cfg, TF.Target);
    Placer.finalizeExistingMarkers();
    resolveNamedMarkers(F, Ledger, TF.Target, &Placer);
    if (Cfg.InstrumentBarriers)
      instrumentBarriers(F, Placer, SystemIDs);
    if (Cfg.instrumentMemory())
      instrumentMemoryOps(F, Placer, SystemIDs, Cfg.MemoryChunkSize, Cfg.MemoryMaxGap);
    if (instrumentAddressTraces(F, Placer, Ledger, Cfg) != 0)
      AddrTraceWaveSize = std::max(AddrTraceWaveSize, TF.Target.WaveSize);
    if (Direct)
      instrumentFunctionDirect(F, SizeBefore, Ledger, Placer, Cfg);
    if (Cfg.WaitAtExit)
      markExitsToWait(F);
    if (Cfg.ContainScopes)
      containScopeWork(F, [&] { return currentUniformity(F, FAM); });
    if (Value *ScopeTest = Placer.scopeCheck())
      ScopeTests[&F] = ScopeTest;
  }

  if (payloadsMeetPackedHeaders(M, Ledger, Cfg))
    return true;
  std::optional<unsigned> Packed = lowerTraces(M, Targets, Packing, ScopeTests);
  if (!Packed)
    return true;
  for (const TargetFunction &TF : Targets)
    orderMarkersForCodegen(*TF.F);
  eraseUnusedSentinels(M);
  if (!Ledger.empty() || *Packed != 0)
    emitUnitSections(M, Ledger, Cfg, *Packed != 0 ? &Packing : nullptr, AddrTraceWaveSize);
  M.getOrInsertNamedMetadata(md::LateDone);
  return true;
}

PreservedAnalyses SQTTInstrumentPass::run(Module &M, ModuleAnalysisManager &MAM) {
  // The host half of a HIP compilation loads the plugin too.
  if (!compat::moduleTriple(M).isAMDGPU())
    return PreservedAnalyses::all();
  bool Changed = false;
  switch (P) {
  case Phase::Early:
    Changed = runEarly(M);
    break;
  case Phase::Late:
    Changed = runLate(M, MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager());
    break;
  case Phase::Link:
    Changed = runLinkPhase(M);
    break;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
