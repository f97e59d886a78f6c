; Barrier markers time the moment a wave arrives: before s_barrier (ID
; "barrier"), after an unpaired s_barrier_signal ("barrier_signal"), before an
; unpaired s_barrier_wait ("barrier_wait"), and once between a signal and the
; wait directly after it ("barrier"). The fences of __syncthreads are not
; barriers. The three IDs exist whenever barriers are on.
; RUN: env SQTT_INSTRUMENT_BARRIERS=1 SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -passes=sqtt-late -S %s | FileCheck %s
; RUN: %opt -passes=sqtt-late -S %s | FileCheck %s --check-prefix=OFF
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.s.barrier.signal(i32)
declare void @llvm.amdgcn.s.barrier.wait(i16)
declare void @work()

; CHECK: c"K:k\0AK:syncthreads_gfx12\0AP:1:barrier_signal\0AP:2:barrier_wait\0AP:3:barrier\0A\00"
; OFF: c"K:k\0AK:syncthreads_gfx12\0A\00"
; OFF-NOT: ttracedata

; signal, wait (paired), signal, work(), wait (unpaired), s_barrier.
; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 12)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 4)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @work()
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 8)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 12)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: ret void
define amdgpu_kernel void @k() "target-cpu"="gfx1201" {
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  call void @work()
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  call void @llvm.amdgcn.s.barrier()
  ret void
}

; __syncthreads on gfx12, and a signal ending a block (marked after itself).
; CHECK-LABEL: define amdgpu_kernel void @syncthreads_gfx12(
; CHECK-NEXT: fence syncscope("workgroup") release
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 12)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 4)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: br label %next
define amdgpu_kernel void @syncthreads_gfx12() "target-cpu"="gfx1201" {
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  fence syncscope("workgroup") acquire
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  br label %next
next:
  ret void
}
