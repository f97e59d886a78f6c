//===- AutomaticTest.cpp - Barrier, memory-op and cost classification -----===//

#include "SQTTAutomatic.h"
#include "SQTTCostModel.h"
#include "SQTTLedger.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <vector>

using namespace llvm;
using namespace sqtt;

namespace {

class Classification : public ::testing::Test {
protected:
  std::vector<Instruction *> parseBody(StringRef IR) {
    SMDiagnostic Err;
    M = parseAssemblyString(IR, Err, Ctx);
    EXPECT_TRUE(M) << Err.getMessage().str();
    std::vector<Instruction *> Body;
    if (M)
      for (Instruction &I : instructions(*M->getFunction("f")))
        Body.push_back(&I);
    return Body;
  }

  LLVMContext Ctx;
  std::unique_ptr<Module> M;
};

TEST_F(Classification, MemoryOperations) {
  auto Body = parseBody(R"IR(
declare <4 x float> @llvm.amdgcn.raw.ptr.buffer.load.v4f32(ptr addrspace(8), i32, i32, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
declare i32 @llvm.amdgcn.struct.buffer.atomic.add.i32(i32, <4 x i32>, i32, i32, i32, i32)
declare void @llvm.amdgcn.raw.tbuffer.store.i32(i32, <4 x i32>, i32, i32, i32, i32)
define void @f(ptr addrspace(1) %g, ptr addrspace(3) %l, ptr addrspace(5) %s, ptr %flat,
               ptr addrspace(8) %r8, <4 x i32> %r) {
  %a = load i32, ptr addrspace(1) %g
  store i32 %a, ptr %flat
  %b = load i32, ptr addrspace(3) %l
  store i32 %b, ptr addrspace(5) %s
  %c = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic
  %d = cmpxchg ptr %flat, i32 0, i32 1 monotonic monotonic
  %e = atomicrmw add ptr addrspace(3) %l, i32 1 monotonic
  %v = call <4 x float> @llvm.amdgcn.raw.ptr.buffer.load.v4f32(ptr addrspace(8) %r8, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8) %r8, ptr addrspace(3) %l, i32 4, i32 0, i32 0, i32 0, i32 0)
  %x = call i32 @llvm.amdgcn.struct.buffer.atomic.add.i32(i32 1, <4 x i32> %r, i32 0, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.raw.tbuffer.store.i32(i32 1, <4 x i32> %r, i32 0, i32 0, i32 0, i32 0)
  %y = add i32 %a, 1
  ret void
}
)IR");
  const MemoryOpKind Expected[] = {
      MemoryOpKind::Load,  MemoryOpKind::Store, MemoryOpKind::None,
      MemoryOpKind::None,  MemoryOpKind::Store, MemoryOpKind::Store,
      MemoryOpKind::None,  MemoryOpKind::Load,  MemoryOpKind::Load,
      MemoryOpKind::Store, MemoryOpKind::Store, MemoryOpKind::None,
      MemoryOpKind::None};
  ASSERT_EQ(Body.size(), std::size(Expected));
  for (size_t I = 0; I < Body.size(); ++I)
    EXPECT_EQ(classifyMemoryOp(*Body[I]), Expected[I]) << "instruction " << I;
}

TEST_F(Classification, Barriers) {
  auto Body = parseBody(R"IR(
declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.s.barrier.signal(i32)
declare i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32)
declare void @llvm.amdgcn.s.barrier.wait(i16)
define void @f() {
  call void @llvm.amdgcn.s.barrier()
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  %first = call i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32 -1)
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") release
  ret void
}
)IR");
  ASSERT_EQ(Body.size(), 6u);
  EXPECT_EQ(classifyBarrier(*Body[0]), BarrierKind::Full);
  EXPECT_EQ(classifyBarrier(*Body[1]), BarrierKind::Signal);
  EXPECT_EQ(classifyBarrier(*Body[2]), BarrierKind::Signal);
  EXPECT_EQ(classifyBarrier(*Body[3]), BarrierKind::Wait);
  EXPECT_EQ(classifyBarrier(*Body[4]), BarrierKind::None);
  EXPECT_EQ(classifyBarrier(*Body[5]), BarrierKind::None);
}

TEST_F(Classification, CostModelsSkipMarkers) {
  auto Body = parseBody(R"IR(
declare void @llvm.amdgcn.s.ttracedata(i32)
declare <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float, float, <4 x float>, i32, i32, i32)
define void @f(ptr addrspace(1) %g, float %x, <4 x float> %acc) {
entry:
  call void @llvm.amdgcn.s.ttracedata(i32 6), !sqtt.marker_header !0
  %v = load float, ptr addrspace(1) %g
  %m = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float %v, float %x, <4 x float> %acc, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.s.ttracedata(i32 7)
  br label %exit
exit:
  %p = phi float [ %v, %entry ]
  ret void
}
!0 = !{}
)IR");
  Function &F = *M->getFunction("f");
  // Tagged header 0; load, mfma, untagged numeric trace, br, ret 1 each; phi 0.
  EXPECT_EQ(computeFunctionSize(F, CostModel::InstructionCount), 5u);
  // load 10 + mfma 16 + numeric trace 1 + br 1 + ret 1.
  EXPECT_EQ(computeFunctionSize(F, CostModel::WeightedCost), 29u);
}

TEST(SystemIDs, AllocatedInSpecificationOrder) {
  Config Cfg;
  Cfg.InstrumentBarriers = true;
  Cfg.MemoryChunkSize = 2;
  MarkerLedger Ledger;
  Ledger.getOrAddNamedMarker(false, "before", 0);
  SystemMarkerIDs IDs = allocateSystemMarkerIDs(Ledger, Cfg);
  EXPECT_EQ(IDs.BarrierSignal, 2u);
  EXPECT_EQ(IDs.BarrierWait, 3u);
  EXPECT_EQ(IDs.Barrier, 4u);
  EXPECT_EQ(IDs.VmemLoad, 5u);
  EXPECT_EQ(IDs.VmemStore, 6u);

  Config MemoryOnly;
  MemoryOnly.MemoryChunkSize = 1;
  MarkerLedger Other;
  SystemMarkerIDs Mem = allocateSystemMarkerIDs(Other, MemoryOnly);
  EXPECT_EQ(Mem.Barrier, 0u);
  EXPECT_EQ(Mem.VmemLoad, 1u);
  EXPECT_EQ(Mem.VmemStore, 2u);
}

} // namespace
