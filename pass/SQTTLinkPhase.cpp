//===- SQTTLinkPhase.cpp - One map for an -fgpu-rdc device link ----------===//
//
// The phase runs at the start of the full-LTO pipeline, right after the IR
// linker merged the units: every header is still exactly the instruction its
// unit's Late placed (later LTO passes inline across units and may merge
// identical calls, dropping the metadata that identifies a header). A header
// is found by its sqtt.marker_header tag and read in one of Late's three
// forms: s_ttracedata_imm, the m0 asm with a constant, or the m0 asm with a
// gfx12 clock-packed value whose constant low bits hold the legacy value.
//
//===----------------------------------------------------------------------===//

#include "SQTTLinkPhase.h"
#include "SQTTClockPacking.h"
#include "SQTTDiagnostics.h"
#include "SQTTFuncMap.h"
#include "SQTTLedger.h"
#include "SQTTLowering.h"
#include "SQTTMarkerEmitter.h"
#include "SQTTTarget.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <algorithm>

using namespace llvm;
using namespace sqtt;

#define DEBUG_TYPE "sqtt-instrument"

STATISTIC(NumUnitsMerged, "Funcmaps of linked units merged into one");
STATISTIC(NumHeadersRenumbered, "Marker headers rewritten by the link phase");


static bool hasMarkerHeader(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (hasMarkerMD(I, md::MarkerHeader))
      return true;
  return false;
}

void sqtt::attachLinkInfo(Module &M, GlobalVariable &Map,
                          const MarkerLedger &Ledger,
                          const FuncMapLayout &Layout) {
  LLVMContext &Ctx = M.getContext();
  auto Int = [&](unsigned V) {
    return ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(Ctx), V));
  };
  Map.setMetadata(md::Ledger, Ledger.toMetadata(Ctx));
  Map.setMetadata(md::Layout,
                  MDNode::get(Ctx, {Int(Layout.ShaderClockBits),
                                    Int(Layout.ShaderClockShift),
                                    Int(Layout.AddrTraceWaveSize)}));
  MDNode *Unit = MDNode::get(Ctx, {ValueAsMetadata::get(&Map)});
  for (Function &F : M)
    if (!F.isDeclaration() && hasMarkerHeader(F))
      F.setMetadata(md::Unit, Unit);
}

namespace {

/// One translation unit of the link: its map global and what Late recorded.
struct Unit {
  GlobalVariable *Map = nullptr;
  MarkerLedger Ledger;
  FuncMapLayout Layout;
  DenseMap<uint32_t, size_t> ToMerged; // unit ID -> merged record
};

/// A header to rewrite. Packed headers keep their instruction and get a new
/// constant in the clock-packing `or`.
struct HeaderSite {
  CallInst *Call;
  size_t Merged;
  uint32_t Flags;
  const Unit *From;
  Instruction *PackedOr = nullptr;
  unsigned PackedOperand = 0;
};

} // namespace

static std::optional<unsigned> mdUnsigned(const MDNode *N, unsigned I) {
  if (!N || I >= N->getNumOperands())
    return std::nullopt;
  if (auto *C = mdconst::dyn_extract_or_null<ConstantInt>(N->getOperand(I)))
    return static_cast<unsigned>(C->getZExtValue());
  return std::nullopt;
}

/// Reads the legacy value of a header in one of Late's forms.
static std::optional<uint32_t> readHeader(CallInst &Call, HeaderSite &Site) {
  Value *Operand = nullptr;
  if (isTraceCall(Call))
    Operand = Call.getArgOperand(0);
  else if (std::optional<TraceAsm> Trace = matchTraceAsm(Call))
    Operand = Trace->Operand;
  if (!Operand)
    return std::nullopt;
  if (auto *C = dyn_cast<ConstantInt>(Operand))
    return static_cast<uint32_t>(C->getZExtValue());
  if (auto *II = dyn_cast<IntrinsicInst>(Operand))
    if (II->getIntrinsicID() == Intrinsic::amdgcn_readfirstlane)
      Operand = II->getArgOperand(0);
  // (clock window << (32 - Bits)) | legacy low bits.
  auto *Or = dyn_cast<BinaryOperator>(Operand);
  if (!Or || Or->getOpcode() != Instruction::Or)
    return std::nullopt;
  for (unsigned I = 0; I < 2; ++I)
    if (auto *C = dyn_cast<ConstantInt>(Or->getOperand(I))) {
      Site.PackedOr = Or;
      Site.PackedOperand = I;
      return static_cast<uint32_t>(C->getZExtValue());
    }
  return std::nullopt;
}

/// Markers that are the same marker in every unit share one merged record.
/// \p UnitIndex keeps apart address traces that nothing else identifies.
static std::string mergeKey(const MarkerRecord &R, size_t UnitIndex) {
  std::string Key = std::to_string(static_cast<unsigned>(R.Kind)) + '\0' + R.Name +
                    '\0' + std::to_string(R.ExtraPayloadCount);
  // Address points are one per traced operation. One operation compiled into
  // two units (a header's inline function) has one location, width and
  // object there; a template instantiated with two types has one location
  // and two widths. Without a location (no -g) nothing shows two units'
  // operations are one, so each keeps its own record.
  if (R.Kind == MarkerKind::AddressPoint) {
    Key += '\0' + std::to_string(R.AccessBytes) + '\0' + R.Base + '\0';
    Key += R.SourceLoc.empty() ? "unit " + std::to_string(UnitIndex) + " id " + std::to_string(R.ID)
                               : "at " + R.SourceLoc;
  }
  // A numeric marker is its ID, not a name another marker could share.
  if (R.Fixed)
    Key += std::string("\0fixed", 6);
  return Key;
}

/// The units of the link, each with the ledger and layout its Late recorded
/// when there are two or more; nullopt (and a warning) when a map lacks them.
static std::optional<SmallVector<Unit, 4>> collectUnits(Module &M) {
  SmallVector<Unit, 4> Units;
  for (GlobalVariable &GV : M.globals())
    if (GV.getSection() == sqtt_marker_kind::funcmap_section) {
      Unit U;
      U.Map = &GV;
      Units.push_back(std::move(U));
    }
  // One map (or none) has unique IDs already.
  if (Units.size() < 2)
    return Units;
  for (Unit &U : Units) {
    const MDNode *Ledger = U.Map->getMetadata(md::Ledger);
    const MDNode *Layout = U.Map->getMetadata(md::Layout);
    if (!Ledger || !Layout) {
      reportWarning(M.getContext(), "the device link holds a .sqtt_funcmap ('" + U.Map->getName() +
                                        "') without the plugin's link information (built by another "
                                        "plugin version?); marker IDs are not renumbered and may collide");
      return std::nullopt;
    }
    U.Ledger = MarkerLedger::fromMetadata(*Ledger);
    U.Layout.ShaderClockBits = mdUnsigned(Layout, 0).value_or(0);
    U.Layout.ShaderClockShift = mdUnsigned(Layout, 1).value_or(0);
    U.Layout.AddrTraceWaveSize = mdUnsigned(Layout, 2).value_or(0);
  }
  return Units;
}

/// One layout for the linked code object; nullopt (and an error) when the
/// units pack the shader clock differently.
static std::optional<FuncMapLayout> mergeLayouts(ArrayRef<Unit> Units, LLVMContext &Ctx) {
  FuncMapLayout Layout;
  for (const Unit &U : Units) {
    if (U.Layout.ShaderClockBits != 0) {
      if (Layout.ShaderClockBits != 0 && (Layout.ShaderClockBits != U.Layout.ShaderClockBits ||
                                          Layout.ShaderClockShift != U.Layout.ShaderClockShift)) {
        reportError(Ctx, "the linked units pack the shader clock differently "
                         "(SQTT_SHADER_CLOCK_BITS/SQTT_SHADER_CLOCK_SHIFT); build "
                         "every translation unit with the same values");
        return std::nullopt;
      }
      Layout.ShaderClockBits = U.Layout.ShaderClockBits;
      Layout.ShaderClockShift = U.Layout.ShaderClockShift;
    }
    Layout.AddrTraceWaveSize = std::max(Layout.AddrTraceWaveSize, U.Layout.AddrTraceWaveSize);
  }
  return Layout;
}

/// One record per distinct marker, kernels once; each unit's IDs map to
/// the merged records (Unit::ToMerged).
static std::vector<MarkerRecord> mergeLedgers(MutableArrayRef<Unit> Units) {
  std::vector<MarkerRecord> Merged;
  StringMap<size_t> ByKey;
  for (size_t UnitIndex = 0; UnitIndex < Units.size(); ++UnitIndex)
    for (const MarkerRecord &R : Units[UnitIndex].Ledger.records()) {
      auto [It, New] = ByKey.try_emplace(mergeKey(R, UnitIndex), Merged.size());
      if (New)
        Merged.push_back(R);
      else if (Merged[It->second].SourceLoc.empty())
        Merged[It->second].SourceLoc = R.SourceLoc;
      if (R.Kind != MarkerKind::Kernel)
        Units[UnitIndex].ToMerged[R.ID] = It->second;
    }
  return Merged;
}

/// Every header of every unit, and how many each merged marker has.
static SmallVector<HeaderSite, 64> collectHeaderSites(Module &M, ArrayRef<Unit> Units,
                                                      std::vector<uint64_t> &Emissions) {
  DenseMap<const GlobalVariable *, const Unit *> UnitOf;
  for (const Unit &U : Units)
    UnitOf[U.Map] = &U;
  SmallVector<HeaderSite, 64> Sites;
  unsigned Unreadable = 0;
  for (Function &F : M) {
    const MDNode *Tag = F.getMetadata(md::Unit);
    if (F.isDeclaration() || !Tag || Tag->getNumOperands() != 1)
      continue;
    auto *Map = mdconst::dyn_extract_or_null<GlobalVariable>(Tag->getOperand(0));
    const Unit *From = Map ? UnitOf.lookup(Map) : nullptr;
    if (!From)
      continue;
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallInst>(&I);
      if (!Call || !hasMarkerMD(I, md::MarkerHeader))
        continue;
      HeaderSite Site{Call, 0, 0, From};
      std::optional<uint32_t> Value = readHeader(*Call, Site);
      if (!Value) {
        ++Unreadable;
        continue;
      }
      uint32_t ID = markerID(*Value);
      if (ID == 0)
        continue; // A bare exit names nothing.
      auto It = From->ToMerged.find(ID);
      if (It == From->ToMerged.end()) {
        ++Unreadable;
        continue;
      }
      Site.Merged = It->second;
      Site.Flags = *Value & FlagMask;
      ++Emissions[Site.Merged];
      Sites.push_back(Site);
    }
  }
  if (Unreadable != 0)
    reportWarning(M.getContext(), Twine(Unreadable) +
                                      " marker header(s) of the linked module are in no form the "
                                      "link phase can renumber; their names may be wrong");
  return Sites;
}

/// Hottest first: the most emitted markers get the smallest IDs, which fit
/// s_ttracedata_imm (gfx10+) and the clock-packed layout (gfx12). Numeric
/// markers keep the IDs written in the source (D24).
static void renumberHottestFirst(std::vector<MarkerRecord> &Merged, const std::vector<uint64_t> &Emissions) {
  SmallVector<size_t, 32> Order;
  DenseSet<uint32_t> FixedIDs;
  for (size_t I = 0; I < Merged.size(); ++I) {
    if (Merged[I].Fixed)
      FixedIDs.insert(Merged[I].ID);
    else if (Merged[I].Kind != MarkerKind::Kernel)
      Order.push_back(I);
  }
  llvm::sort(Order, [&](size_t A, size_t B) {
    return Emissions[A] != Emissions[B] ? Emissions[A] > Emissions[B] : A < B;
  });
  uint32_t Next = 1;
  for (size_t I : Order) {
    while (FixedIDs.count(Next))
      ++Next;
    Merged[I].ID = Next++;
  }
}

/// Writes header \p S with its merged marker's ID: a packed header gets a
/// new constant in its `or`, any other a new trace instruction (keeping its
/// scope test and waits). False (and an error) when the ID does not fit the
/// packed layout.
static bool rewriteHeader(HeaderSite &S, uint32_t ID, const ClockPacking &Packing) {
  LLVMContext &Ctx = S.Call->getContext();
  uint32_t NewValue = sqtt_marker_value::with_flags(ID, S.Flags);
  if (S.PackedOr) {
    if (ID > Packing.maxID()) {
      reportError(Ctx, "marker ID " + Twine(ID) + " of the linked module does not fit with SQTT_SHADER_CLOCK_BITS=" +
                           Twine(Packing.Bits) + " (at most " + Twine(Packing.maxID()) +
                           "); lower SQTT_SHADER_CLOCK_BITS or instrument fewer markers");
      return false;
    }
    S.PackedOr->setOperand(S.PackedOperand,
                           ConstantInt::get(Type::getInt32Ty(Ctx), NewValue & Packing.keptMask()));
    return true;
  }
  TargetInfo Target = classifyFunction(*S.Call->getFunction());
  bool Packs = S.From->Layout.ShaderClockBits != 0 && Target.isGfx12();
  IRBuilder<> B(S.Call);
  bool Imm = NewValue <= MaxImmMarkerValue && Target.hasImmTrace() && !Packs;
  std::optional<TraceAsm> Old = matchTraceAsm(*S.Call);
  TraceAsm Trace;
  Trace.Operand = B.getInt32(NewValue);
  Trace.Imm = Imm;
  if (Old) {
    Trace.ScopeTest = Old->ScopeTest;
    Trace.Waits = Old->Waits;
  }
  CallInst *New = Imm && !Trace.ScopeTest && Trace.Waits.empty() ? emitBareTrace(B, NewValue, Target)
                                                               : emitTraceAsm(B, Trace);
  New->copyMetadata(*S.Call);
  New->setDebugLoc(S.Call->getDebugLoc());
  S.Call->eraseFromParent();
  return true;
}

/// Removes the units' maps and emits the merged one, with the link
/// information a later link would read.
static void replaceUnitMaps(Module &M, MutableArrayRef<Unit> Units, std::vector<MarkerRecord> Merged,
                            const FuncMapLayout &Layout) {
  MarkerLedger Ledger = MarkerLedger::fromRecords(std::move(Merged));
  SmallPtrSet<Constant *, 4> Old;
  for (Unit &U : Units)
    Old.insert(U.Map);
  removeFromUsedLists(M, [&](Constant *C) { return Old.count(C->stripPointerCasts()) != 0; });
  for (Function &F : M)
    F.setMetadata(md::Unit, nullptr);
  for (Unit &U : Units) {
    U.Map->removeDeadConstantUsers();
    if (U.Map->use_empty())
      U.Map->eraseFromParent();
  }
  // The units already warned about names they had to sanitize.
  std::string Text = buildFuncMapText(Ledger, Layout, [](const Twine &) {});
  GlobalVariable *Map = emitFuncMap(M, Text);
  attachLinkInfo(M, *Map, Ledger, Layout);
}

bool sqtt::runLinkPhase(Module &M) {
  if (M.getNamedMetadata(md::LinkDone))
    return false;
  std::optional<SmallVector<Unit, 4>> Units = collectUnits(M);
  if (!Units || Units->size() < 2)
    return false;
  std::optional<FuncMapLayout> Layout = mergeLayouts(*Units, M.getContext());
  if (!Layout)
    return false;
  std::vector<MarkerRecord> Merged = mergeLedgers(*Units);
  std::vector<uint64_t> Emissions(Merged.size(), 0);
  SmallVector<HeaderSite, 64> Sites = collectHeaderSites(M, *Units, Emissions);
  renumberHottestFirst(Merged, Emissions);
  ClockPacking Packing{Layout->ShaderClockBits, Layout->ShaderClockShift};
  for (HeaderSite &S : Sites) {
    if (!rewriteHeader(S, Merged[S.Merged].ID, Packing))
      return true;
    ++NumHeadersRenumbered;
  }
  NumUnitsMerged += Units->size();
  replaceUnitMaps(M, *Units, std::move(Merged), *Layout);
  M.getOrInsertNamedMetadata(md::LinkDone);
  return true;
}
