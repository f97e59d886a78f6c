//===- SQTTAddressTrace.cpp - Per-lane address tracing --------------------===//
//
// All lanes are recorded whatever EXEC says (inactive lanes hold garbage the
// decoder filters with the recorded mask): a fixed-length block keeps the
// record stream parseable without any count in it. The lane loops are kept
// rolled (llvm.loop.unroll.disable) so a traced kernel does not grow by a
// hundred instructions per operation. The whole block is one unit for
// ordering: one boundary before the header, one after the last loop, and
// one scope check around all of it, so its records are never interleaved.
//
//===----------------------------------------------------------------------===//

#include "SQTTAddressTrace.h"
#include "SQTTCompat.h"
#include "SQTTDiagnostics.h"
#include "SQTTFunctionLimits.h"
#include "SQTTLedger.h"
#include "SQTTMarkerEmitter.h"
#include "SQTTTarget.h"
#include "SQTTMarkerPlacer.h"
#include "SQTTSourceLocation.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace sqtt;

#define DEBUG_TYPE "sqtt-instrument"

STATISTIC(NumAddressTraces, "Memory operations address-traced");
STATISTIC(NumAddressTraceFunctionsSkipped, "Functions left without address tracing");

/// load/store/atomicrmw/cmpxchg by pointer address space.
static std::optional<AddressKind> classifyPointerOp(const Instruction &I, const Config &Cfg) {
  const Value *Ptr = nullptr;
  enum { Load, Store, Atomic } Access;
  if (const auto *L = dyn_cast<LoadInst>(&I)) {
    Ptr = L->getPointerOperand();
    Access = Load;
  } else if (const auto *S = dyn_cast<StoreInst>(&I)) {
    Ptr = S->getPointerOperand();
    Access = Store;
  } else if (const auto *A = dyn_cast<AtomicRMWInst>(&I)) {
    Ptr = A->getPointerOperand();
    Access = Atomic;
  } else if (const auto *C = dyn_cast<AtomicCmpXchgInst>(&I)) {
    Ptr = C->getPointerOperand();
    Access = Atomic;
  } else {
    return std::nullopt;
  }
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  static constexpr AddressKind Memory[] = {AddressKind::load, AddressKind::store, AddressKind::atomic};
  static constexpr AddressKind LDS[] = {AddressKind::lds_load, AddressKind::lds_store,
                                        AddressKind::lds_atomic};
  if ((AS == addrspace::Flat || AS == addrspace::Global) && Cfg.TraceMemoryAddrs)
    return Memory[Access];
  if (AS == addrspace::Local && Cfg.TraceLDSAddrs)
    return LDS[Access];
  return std::nullopt; // Private, constant and other address spaces.
}

/// llvm.amdgcn.{raw,struct}[.ptr].buffer.{load,store,atomic}*, except
/// buffer.load.lds, whose LDS-destination operands are another layout.
static std::optional<AddressKind> classifyBufferOp(StringRef Name) {
  if (!Name.consume_front("llvm.amdgcn."))
    return std::nullopt;
  bool Struct = Name.consume_front("struct.");
  if (!Struct && !Name.consume_front("raw."))
    return std::nullopt;
  Name.consume_front("ptr.");
  if (!Name.consume_front("buffer.") || Name.starts_with("load.lds"))
    return std::nullopt;
  if (Name.starts_with("load"))
    return Struct ? AddressKind::struct_buffer_load : AddressKind::buffer_load;
  if (Name.starts_with("store"))
    return Struct ? AddressKind::struct_buffer_store : AddressKind::buffer_store;
  if (Name.starts_with("atomic"))
    return Struct ? AddressKind::struct_buffer_atomic : AddressKind::buffer_atomic;
  return std::nullopt;
}

std::optional<AddressKind> sqtt::classifyAddressOp(const Instruction &I, const Config &Cfg) {
  if (auto Kind = classifyPointerOp(I, Cfg))
    return Kind;
  const auto *CB = dyn_cast<CallBase>(&I);
  const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
  if (!Callee)
    return std::nullopt;
  bool Bpermute = Callee->getIntrinsicID() == Intrinsic::amdgcn_ds_bpermute ||
                  compat::isBpermuteFetchInactive(*Callee);
  if (Bpermute || Callee->getIntrinsicID() == Intrinsic::amdgcn_ds_permute)
    return Cfg.TraceLDSAddrs ? std::optional(Bpermute ? AddressKind::ds_bpermute : AddressKind::ds_permute)
                             : std::nullopt;
  if (Cfg.TraceMemoryAddrs)
    return classifyBufferOp(Callee->getName());
  return std::nullopt;
}

namespace {

/// Emits the records of one address block at a moving insertion point.
class AddressBlockBuilder {
public:
  AddressBlockBuilder(IRBuilder<> &B, unsigned WaveSize)
      : B(B), M(*B.GetInsertBlock()->getModule()), WaveSize(WaveSize) {}

  Value *toI32(Value *V) {
    if (V->getType()->isPointerTy())
      return B.CreatePtrToInt(V, B.getInt32Ty());
    return B.CreateZExtOrTrunc(V, B.getInt32Ty());
  }

  /// The EXEC mask as two records, low word first (0 for the high word on
  /// wave32). A ballot of true is EXEC where it stands; the compiler writes
  /// it to m0 straight from EXEC, as an asm writing m0 itself would, without
  /// the compile time an asm's register output costs (SQTTLowering.h).
  void traceExec() {
    Function *Ballot =
        compat::getIntrinsic(M, Intrinsic::amdgcn_ballot, {B.getIntNTy(WaveSize)});
    Value *Exec = B.CreateCall(Ballot, {B.getTrue()}, "sqtt.exec");
    emitRawPayload(B, B.CreateTrunc(Exec, B.getInt32Ty()));
    emitRawPayload(B, WaveSize == 64 ? B.CreateTrunc(B.CreateLShr(Exec, 32), B.getInt32Ty())
                                     : B.getInt32(0));
  }

  void traceValue(Value *V) { emitRawPayload(B, toI32(V)); }

  /// One record per lane of each of \p Values (read in that order per lane),
  /// in a rolled loop; continues after it.
  void traceLanes(ArrayRef<Value *> Values) {
    SmallVector<Value *, 2> Words;
    for (Value *V : Values)
      Words.push_back(toI32(V)); // Converted once, in the preheader.

    BasicBlock *Pre = B.GetInsertBlock();
    Function *F = Pre->getParent();
    BasicBlock *After = SplitBlock(Pre, &*B.GetInsertPoint(),
                                   (DominatorTree *)nullptr, nullptr, nullptr,
                                   "sqtt.lanes.after");
    LLVMContext &Ctx = F->getContext();
    BasicBlock *Loop = BasicBlock::Create(Ctx, "sqtt.lanes.loop", F, After);
    Pre->getTerminator()->setSuccessor(0, Loop);

    IRBuilder<> LB(Loop);
    LB.SetCurrentDebugLocation(B.getCurrentDebugLocation());
    PHINode *Lane = LB.CreatePHI(LB.getInt32Ty(), 2, "sqtt.lane");
    Lane->addIncoming(LB.getInt32(0), Pre);
    Function *ReadLane =
        compat::getIntrinsic(M, Intrinsic::amdgcn_readlane, {LB.getInt32Ty()});
    for (Value *W : Words)
      emitRawPayload(LB, LB.CreateCall(ReadLane, {W, Lane}));
    Value *Next = LB.CreateAdd(Lane, LB.getInt32(1), "sqtt.lane.next");
    Lane->addIncoming(Next, Loop);
    Value *Done = LB.CreateICmpEQ(Next, LB.getInt32(WaveSize));
    BranchInst *Latch = LB.CreateCondBr(Done, After, Loop);
    Latch->setMetadata(LLVMContext::MD_loop, noUnrollLoopID(Ctx));

    B.SetInsertPoint(After, After->getFirstInsertionPt());
  }

private:
  static MDNode *noUnrollLoopID(LLVMContext &Ctx) {
    Metadata *Disable = MDNode::get(Ctx, MDString::get(Ctx, "llvm.loop.unroll.disable"));
    MDNode *ID = MDNode::getDistinct(Ctx, {nullptr, Disable});
    ID->replaceOperandWith(0, ID);
    return ID;
  }

  IRBuilder<> &B;
  Module &M;
  unsigned WaveSize;
};

Value *memoryPointer(Instruction &I) {
  if (auto *L = dyn_cast<LoadInst>(&I))
    return L->getPointerOperand();
  if (auto *S = dyn_cast<StoreInst>(&I))
    return S->getPointerOperand();
  if (auto *A = dyn_cast<AtomicRMWInst>(&I))
    return A->getPointerOperand();
  return cast<AtomicCmpXchgInst>(&I)->getPointerOperand();
}

struct BufferOperands {
  Value *Rsrc, *VOffset, *SOffset, *VIndex = nullptr;
};

BufferOperands bufferOperands(CallBase &Call, bool Struct) {
  StringRef Name = Call.getCalledFunction()->getName();
  unsigned Rsrc = Name.contains(".buffer.load") ? 0 : Name.contains("cmpswap") ? 2 : 1;
  if (Struct)
    return {Call.getArgOperand(Rsrc), Call.getArgOperand(Rsrc + 2),
            Call.getArgOperand(Rsrc + 3), Call.getArgOperand(Rsrc + 1)};
  return {Call.getArgOperand(Rsrc), Call.getArgOperand(Rsrc + 1),
          Call.getArgOperand(Rsrc + 2)};
}

/// Descriptor words 0 and 1 (base address and stride) of a <4 x i32> or
/// ptr addrspace(8) resource.
std::pair<Value *, Value *> descriptorWords(IRBuilder<> &B, Value *Rsrc) {
  if (Rsrc->getType()->isVectorTy())
    return {B.CreateExtractElement(Rsrc, uint64_t(0)),
            B.CreateExtractElement(Rsrc, uint64_t(1))};
  Value *Bits = B.CreatePtrToInt(Rsrc, B.getInt128Ty());
  return {B.CreateTrunc(Bits, B.getInt32Ty()),
          B.CreateTrunc(B.CreateLShr(Bits, 32), B.getInt32Ty())};
}

/// The name a function's debug info gives argument \p A, if any (clang drops
/// IR value names; with -g the argument's variable keeps it). Only F's own
/// parameters count: an inlined callee's parameter N is not F's.
std::string argumentName(const Argument &A) {
  if (A.hasName())
    return A.getName().str();
  const Function &F = *A.getParent();
  const DISubprogram *SP = F.getSubprogram();
  if (!SP)
    return "";
  auto IsParameter = [&](const DILocalVariable *V) {
    return V && V->getArg() == A.getArgNo() + 1 && V->getScope() == SP;
  };
  for (const Instruction &I : instructions(F)) {
    for (DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange()))
      if (IsParameter(R.getVariable()))
        return R.getVariable()->getName().str();
    if (const auto *DI = dyn_cast<DbgVariableIntrinsic>(&I))
      if (IsParameter(DI->getVariable()))
        return DI->getVariable()->getName().str();
  }
  return "";
}

/// What a base object is called in the funcmap's R: row, without the
/// characters that row's key=value;... grammar reserves.
std::string baseObjectName(const Value *Object) {
  std::string Name;
  if (const auto *A = dyn_cast<Argument>(Object)) {
    // A kernel's argument is one the host passes; a device function's
    // parameter is whatever its caller gave it.
    bool Kernel = A->getParent()->getCallingConv() == CallingConv::AMDGPU_KERNEL;
    Name = (Kernel ? "arg:" : "param:") + std::to_string(A->getArgNo());
    if (std::string Arg = argumentName(*A); !Arg.empty())
      Name += ":" + Arg;
  } else if (const auto *G = dyn_cast<GlobalVariable>(Object)) {
    Name = (G->getAddressSpace() == addrspace::Local ? "lds:" : "global:") + G->getName().str();
  } else if (isa<AllocaInst>(Object)) {
    Name = "private";
  } else {
    Name = "unknown";
  }
  for (char &C : Name)
    if (C == ';' || C == '=' || C == '\n' || C == '\r' || C == '@')
      C = '_';
  return Name;
}

/// The object a buffer resource's base derives from: make.buffer.rsrc's
/// pointer; a <4 x i32> descriptor built some other way is unknown.
const Value *bufferObject(Value *Rsrc) {
  if (auto *II = dyn_cast<IntrinsicInst>(Rsrc->stripPointerCasts()))
    if (II->getIntrinsicID() == Intrinsic::amdgcn_make_buffer_rsrc)
      return getUnderlyingObject(II->getArgOperand(0), 0);
  return Rsrc;
}

/// The bytes each lane moves and the object its address derives from.
std::pair<unsigned, std::string> accessFacts(Instruction &I, AddressProtocol Protocol) {
  const DataLayout &DL = I.getModule()->getDataLayout();
  auto Bytes = [&](Type *T) { return unsigned(DL.getTypeStoreSize(T).getFixedValue()); };
  switch (Protocol) {
  case AddressProtocol::memory:
  case AddressProtocol::lds: {
    Type *T = nullptr;
    if (auto *L = dyn_cast<LoadInst>(&I))
      T = L->getType();
    else if (auto *S = dyn_cast<StoreInst>(&I))
      T = S->getValueOperand()->getType();
    else if (auto *A = dyn_cast<AtomicRMWInst>(&I))
      T = A->getValOperand()->getType();
    else
      T = cast<AtomicCmpXchgInst>(&I)->getNewValOperand()->getType();
    return {Bytes(T), baseObjectName(getUnderlyingObject(memoryPointer(I), 0))};
  }
  case AddressProtocol::raw_buffer:
  case AddressProtocol::struct_buffer: {
    auto &Call = cast<CallBase>(I);
    // A load's data is its result; a store's and an atomic's their first operand.
    Type *T = Call.getCalledFunction()->getName().contains(".buffer.load") ? Call.getType()
                                                                              : Call.getArgOperand(0)->getType();
    BufferOperands Buf = bufferOperands(Call, Protocol == AddressProtocol::struct_buffer);
    return {T->isSized() ? Bytes(T) : 0, baseObjectName(bufferObject(Buf.Rsrc))};
  }
  case AddressProtocol::permute:
    return {4, ""}; // a lane index, not memory
  }
  return {0, ""};
}

} // namespace

unsigned sqtt::instrumentAddressTraces(Function &F, MarkerPlacer &Placer,
                                       MarkerLedger &Ledger, const Config &Cfg) {
  if (!Cfg.hasAddressTracing())
    return 0;
  SmallVector<std::pair<Instruction *, AddressKind>, 8> Ops;
  for (Instruction &I : instructions(F))
    if (auto Kind = classifyAddressOp(I, Cfg))
      Ops.push_back({&I, *Kind});
  if (StringRef Why = noAddressTraceReason(F); !Why.empty() && !Ops.empty()) {
    ++NumAddressTraceFunctionsSkipped;
    reportWarning(F.getContext(), "no address tracing in '" + F.getName() + "': it has " + Why +
                                      " that the traced lanes could exceed");
    return 0;
  }

  const TargetInfo &Target = Placer.target();
  unsigned W = Target.WaveSize;
  for (auto &[I, Kind] : Ops) {
    AddressProtocol Protocol = sqtt_address_block::protocol_of(Kind);
    auto [AccessBytes, Base] = accessFacts(*I, Protocol);
    std::string_view Name = sqtt_address_block::marker_name_of(Kind);
    uint32_t ID = Ledger.addAddressPoint(StringRef(Name.data(), Name.size()), inlineChainLocation(*I),
                                         sqtt_address_block::payload_words(Protocol, W), AccessBytes, Base);
    BasicBlock *Region = Placer.openScopedRegion(I, "sqtt.addr.trace", "sqtt.addr.skip");
    IRBuilder<> B(Region ? Region->getTerminator() : I);
    B.SetCurrentDebugLocation(I->getDebugLoc());
    if (!Region)
      emitSchedBarrier(B);
    Placer.emitBoundary(B);
    emitBareTrace(B, encodeMarker(ID, false, false), Target);

    AddressBlockBuilder Block(B, W);
    // The block's layout: address_block.hpp.
    switch (Protocol) {
    case AddressProtocol::memory: {
      Value *Addr = B.CreatePtrToInt(memoryPointer(*I), B.getInt64Ty());
      Value *Lo = B.CreateTrunc(Addr, B.getInt32Ty());
      Value *Hi = B.CreateTrunc(B.CreateLShr(Addr, 32), B.getInt32Ty());
      Block.traceExec();
      Block.traceLanes({Lo, Hi});
      break;
    }
    case AddressProtocol::lds: {
      Value *Addr = B.CreatePtrToInt(memoryPointer(*I), B.getInt32Ty());
      Block.traceExec();
      Block.traceLanes({Addr});
      break;
    }
    case AddressProtocol::raw_buffer:
    case AddressProtocol::struct_buffer: {
      bool Struct = Protocol == AddressProtocol::struct_buffer;
      BufferOperands Buf = bufferOperands(cast<CallBase>(*I), Struct);
      Block.traceExec();
      auto [RsrcLo, RsrcHi] = descriptorWords(B, Buf.Rsrc);
      Block.traceValue(RsrcLo);
      Block.traceValue(RsrcHi);
      Block.traceValue(Buf.SOffset);
      Block.traceLanes({Buf.VOffset});
      if (Struct)
        Block.traceLanes({Buf.VIndex});
      break;
    }
    case AddressProtocol::permute:
      Block.traceExec();
      Block.traceLanes({cast<CallBase>(I)->getArgOperand(0)});
      break;
    }
    Placer.emitBoundary(B);
    if (!Region)
      emitSchedBarrier(B);
    ++NumAddressTraces;
  }
  return Ops.size();
}
