; Which operations are memory operations: global, flat, constant and buffer
; loads and stores, and atomics (counted as stores, cmpxchg too); LDS and
; private (scratch) accesses are not. Buffer intrinsics count by name.
; RUN: env SQTT_INSTRUMENT_MEMORY=1:0 SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -passes=sqtt-late -S %s | FileCheck %s
; RUN: env SQTT_INSTRUMENT_MEMORY=1:0 SQTT_SCOPE_CU=0x3 \
; RUN:   %opt -passes=sqtt-late -S %s | FileCheck %s --check-prefix=SCOPED
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare <4 x float> @llvm.amdgcn.raw.ptr.buffer.load.v4f32(ptr addrspace(8), i32, i32, i32)
declare void @llvm.amdgcn.struct.buffer.store.f32(float, <4 x i32>, i32, i32, i32, i32)
declare i32 @llvm.amdgcn.raw.buffer.atomic.add.i32(i32, <4 x i32>, i32, i32, i32)

; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: %flat = load i32, ptr %f
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: ttracedata.imm(i16 4)
; CHECK: %const = load i32, ptr addrspace(4) %c
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: ttracedata.imm(i16 4)
; CHECK: %lds = load i32, ptr addrspace(3) %l
; CHECK-NEXT: %priv = load i32, ptr addrspace(5) %s
; CHECK-NEXT: store i32 0, ptr addrspace(3) %l
; CHECK-NEXT: %rmw = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: ttracedata.imm(i16 8)
; CHECK: %cx = cmpxchg ptr addrspace(1) %g, i32 0, i32 1 monotonic monotonic
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: ttracedata.imm(i16 8)
; CHECK: %lrmw = atomicrmw add ptr addrspace(3) %l, i32 1 monotonic
; CHECK-NEXT: %bl = call <4 x float> @llvm.amdgcn.raw.ptr.buffer.load
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: ttracedata.imm(i16 4)
; CHECK: call void @llvm.amdgcn.struct.buffer.store
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: ttracedata.imm(i16 8)
; CHECK: %ba = call i32 @llvm.amdgcn.raw.buffer.atomic.add
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: ttracedata.imm(i16 8)

; Scoped, N=1: one diamond per operation.
; SCOPED-LABEL: define amdgpu_kernel void @k(
; SCOPED-COUNT-7: !sqtt.scoped
; SCOPED-NOT: !sqtt.scoped
define amdgpu_kernel void @k(ptr %f, ptr addrspace(4) %c, ptr addrspace(3) %l,
                             ptr addrspace(1) %g, ptr addrspace(8) %rsrc8,
                             <4 x i32> %rsrc) "target-cpu"="gfx1100" {
  %s = alloca i32, addrspace(5)
  %flat = load i32, ptr %f
  %const = load i32, ptr addrspace(4) %c
  %lds = load i32, ptr addrspace(3) %l
  %priv = load i32, ptr addrspace(5) %s
  store i32 0, ptr addrspace(3) %l
  %rmw = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic
  %cx = cmpxchg ptr addrspace(1) %g, i32 0, i32 1 monotonic monotonic
  %lrmw = atomicrmw add ptr addrspace(3) %l, i32 1 monotonic
  %bl = call <4 x float> @llvm.amdgcn.raw.ptr.buffer.load.v4f32(ptr addrspace(8) %rsrc8, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.struct.buffer.store.f32(float 1.0, <4 x i32> %rsrc, i32 0, i32 0, i32 0, i32 0)
  %ba = call i32 @llvm.amdgcn.raw.buffer.atomic.add.i32(i32 1, <4 x i32> %rsrc, i32 0, i32 0, i32 0)
  ret void
}
