//===- SQTTNumericMarkers.cpp - markers.hpp's numeric markers -------------===//
//
// A numeric marker is told from the pass's own traces by its metadata: every
// trace the pass emits is tagged (a header, a raw payload word), a user's is
// not.
//
//===----------------------------------------------------------------------===//

#include "SQTTNumericMarkers.h"
#include "rocprof_trace_decoder/cxx/marker_value.hpp"
#include "SQTTDiagnostics.h"
#include "SQTTInstructionKinds.h"
#include "SQTTMarkerEmitter.h"
#include "SQTTMetadataNames.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"

#include <optional>

using namespace llvm;
using namespace sqtt;

#define DEBUG_TYPE "sqtt-instrument"

STATISTIC(NumNumericIDs, "Numeric marker IDs recorded in the funcmap");
STATISTIC(NumNumericAdopted, "Numeric markers emitted as the pass's headers");

namespace {

/// The constant \p V computes, seen through what -O0 leaves of markers.hpp's
/// wrappers: the argument stored once into a local, loaded back, shifted
/// and or'ed with the flags.
/// \p Call, when given, binds the arguments of the function \p V is in: a
/// wrapper not inlined yet (the early phase runs before the always-inliner)
/// computes its marker from them.
std::optional<uint64_t> constantValue(const Value *V, const CallBase *Call = nullptr, unsigned Depth = 0) {
  if (Depth > 8)
    return std::nullopt;
  if (auto *C = dyn_cast<ConstantInt>(V))
    return C->getZExtValue();
  if (auto *A = dyn_cast<Argument>(V))
    return Call && A->getArgNo() < Call->arg_size() ? constantValue(Call->getArgOperand(A->getArgNo()))
                                                    : std::nullopt;
  if (auto *Cast = dyn_cast<CastInst>(V)) {
    std::optional<uint64_t> Inner = constantValue(Cast->getOperand(0), Call, Depth + 1);
    if (!Inner || Cast->getType()->getScalarSizeInBits() > 64)
      return std::nullopt;
    unsigned Bits = Cast->getType()->getScalarSizeInBits();
    if (Cast->getOpcode() != Instruction::ZExt && Cast->getOpcode() != Instruction::Trunc &&
        Cast->getOpcode() != Instruction::BitCast)
      return std::nullopt;
    return Bits >= 64 ? *Inner : *Inner & ((uint64_t(1) << Bits) - 1);
  }
  if (auto *BO = dyn_cast<BinaryOperator>(V)) {
    std::optional<uint64_t> L = constantValue(BO->getOperand(0), Call, Depth + 1);
    std::optional<uint64_t> R = constantValue(BO->getOperand(1), Call, Depth + 1);
    if (!L || !R)
      return std::nullopt;
    switch (BO->getOpcode()) {
    case Instruction::Shl:
      return *R < 64 ? *L << *R : std::optional<uint64_t>();
    case Instruction::Or:
      return *L | *R;
    case Instruction::And:
      return *L & *R;
    default:
      return std::nullopt;
    }
  }
  // A local written once with a constant and otherwise only read (through
  // the address space casts -O0 leaves).
  if (auto *Load = dyn_cast<LoadInst>(V)) {
    auto *Slot = dyn_cast<AllocaInst>(Load->getPointerOperand()->stripPointerCasts());
    if (!Slot)
      return std::nullopt;
    const StoreInst *Only = nullptr;
    SmallVector<const Value *, 4> Addresses = {Slot};
    while (!Addresses.empty()) {
      const Value *Address = Addresses.pop_back_val();
      for (const User *U : Address->users()) {
        if (isa<LoadInst>(U))
          continue;
        if (isa<AddrSpaceCastInst>(U) || isa<BitCastInst>(U)) {
          Addresses.push_back(U);
          continue;
        }
        auto *Store = dyn_cast<StoreInst>(U);
        if (!Store || Store->getPointerOperand() != Address || Only)
          return std::nullopt;
        Only = Store;
      }
    }
    return Only ? constantValue(Only->getValueOperand(), Call, Depth + 1) : std::nullopt;
  }
  return std::nullopt;
}

/// The value of a user's numeric marker (a bare exit included), or none for
/// anything else: the pass's traces, values that are not constants.
std::optional<uint32_t> numericValue(const Instruction &I, const CallBase *Wrapper = nullptr) {
  if (!isTraceCall(I) || hasMarkerMD(I, md::MarkerHeader) || hasMarkerMD(I, md::RawPayload))
    return std::nullopt;
  std::optional<uint64_t> Constant = constantValue(cast<CallInst>(I).getArgOperand(0), Wrapper);
  if (!Constant || *Constant > UINT32_MAX)
    return std::nullopt;
  uint32_t Value = static_cast<uint32_t>(*Constant);
  if (sqtt_marker_value::id_of(Value) == 0 && Value != sqtt_marker_value::bare_exit)
    return std::nullopt; // a no-op
  return Value;
}

} // namespace

bool sqtt::lowerNumericSentinels(Module &M) {
  SmallVector<std::pair<CallInst *, NumericSentinelKind>, 8> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CI = dyn_cast<CallInst>(&I)) // a sentinel is never invoked: it cannot throw
        if (std::optional<NumericSentinelKind> K = classifyNumericSentinel(*CI))
          Calls.push_back({CI, *K});
  for (auto [Call, Kind] : Calls) {
    // 30 bits carry the ID: a constant beyond them would silently become
    // another marker.
    if (auto *C = dyn_cast<ConstantInt>(Call->getArgOperand(0));
        C && Kind != NumericSentinelKind::Exit && C->getValue().getActiveBits() > 30)
      reportWarning(Call->getContext(),
                    Twine(Call->getFunction()->getName()) + ": marker ID " + Twine(C->getZExtValue()) +
                        " of " + Call->getCalledFunction()->getName() +
                        "() does not fit the 30 bits of a marker value; only its low 30 bits are kept");
    IRBuilder<> B(Call);
    Value *ID = B.CreateZExtOrTrunc(Call->getArgOperand(0), B.getInt32Ty());
    Value *V;
    switch (Kind) {
    case NumericSentinelKind::Enter:
      V = B.CreateOr(B.CreateShl(ID, sqtt_marker_value::id_shift), sqtt_marker_value::enter_flag);
      break;
    case NumericSentinelKind::Exit: // pops whatever is open, as AMD's does
      V = B.getInt32(sqtt_marker_value::bare_exit);
      break;
    case NumericSentinelKind::Point:
      V = B.CreateShl(ID, sqtt_marker_value::id_shift);
      break;
    }
    // What SQTT_NUMERIC_MARKER_ writes: the trace between two scheduling
    // barriers.
    B.CreateIntrinsic(Intrinsic::amdgcn_sched_barrier, {}, {B.getInt32(0)});
    B.CreateIntrinsic(Intrinsic::amdgcn_s_ttracedata, {}, {V});
    B.CreateIntrinsic(Intrinsic::amdgcn_sched_barrier, {}, {B.getInt32(0)});
    if (!Call->getType()->isVoidTy())
      Call->replaceAllUsesWith(PoisonValue::get(Call->getType()));
    Call->eraseFromParent();
  }
  for (const char *Name : {"sqtt_marker_enter_id", "sqtt_marker_exit_id", "sqtt_marker_point_id",
                           "amd_sqtt_marker_enter_id", "amd_sqtt_marker_point_id"})
    if (Function *F = M.getFunction(Name); F && F->isDeclaration() && F->use_empty())
      F->eraseFromParent();
  return !Calls.empty();
}

unsigned sqtt::recordNumericMarkers(Module &M, MarkerLedger &Ledger) {
  unsigned New = 0;
  // Each trace with the value it has, in place or through each direct call
  // of the function it is in (a numeric wrapper not inlined yet).
  SmallVector<uint32_t, 16> Values;
  for (TargetFunction &TF : targetFunctions(M))
    for (Instruction &I : instructions(*TF.F)) {
      if (!isTraceCall(I))
        continue;
      if (std::optional<uint32_t> Value = numericValue(I)) {
        Values.push_back(*Value);
        continue;
      }
      for (const User *U : TF.F->users())
        if (auto *Call = dyn_cast<CallBase>(U); Call && Call->getCalledFunction() == TF.F)
          if (std::optional<uint32_t> Value = numericValue(I, Call))
            Values.push_back(*Value);
    }
  for (uint32_t Value : Values) {
    uint32_t ID = sqtt_marker_value::id_of(Value);
    bool Enters = sqtt_marker_value::enters(Value);
    // A bare exit names nothing; an exit that carries an ID without
    // entering is no marker markers.hpp writes.
    if (ID == 0 || Ledger.isFixed(ID) || (!Enters && sqtt_marker_value::exits_previous(Value)))
      continue;
    Ledger.addNumeric(ID, /*IsPoint=*/!Enters);
    ++New;
    ++NumNumericIDs;
  }
  return New;
}

unsigned sqtt::adoptNumericMarkers(Function &F, const TargetInfo &Target, const ClockPacking &Packing) {
  SmallVector<std::pair<CallInst *, uint32_t>, 8> Numeric;
  for (Instruction &I : instructions(F))
    if (std::optional<uint32_t> Value = isImmTraceCall(I) ? std::nullopt : numericValue(I))
      if (!Packing.appliesTo(Target) || sqtt_marker_value::id_of(*Value) <= Packing.maxID())
        Numeric.push_back({cast<CallInst>(&I), *Value});
  for (auto &[Call, Value] : Numeric) {
    IRBuilder<> B(Call);
    CallInst *Header = emitBareTrace(B, Value, Target);
    Header->copyMetadata(*Call);
    Header->setDebugLoc(Call->getDebugLoc());
    Call->eraseFromParent();
    ++NumNumericAdopted;
  }
  return Numeric.size();
}
