; Scoped barrier markers: the marker before s_barrier, before a wait and
; between a signal and its wait is pinned to the sync by one sched_barrier(0)
; at the head of sqtt.skip; a marker after an unpaired signal is pinned only
; if a sync follows it directly.
; RUN: env SQTT_INSTRUMENT_BARRIERS=1 SQTT_SCOPE_CU=0x3 %opt -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.s.barrier.signal(i32)
declare void @llvm.amdgcn.s.barrier.wait(i16)

; CHECK-LABEL: define amdgpu_kernel void @gfx9_barrier(
; CHECK: sqtt.skip:
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
define amdgpu_kernel void @gfx9_barrier() "target-cpu"="gfx942" {
  call void @llvm.amdgcn.s.barrier()
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @paired(
; CHECK: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; CHECK-NEXT: br i1
; CHECK: sqtt.skip:
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
define amdgpu_kernel void @paired() "target-cpu"="gfx1200" {
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @unpaired_signal(
; CHECK: sqtt.skip:
; CHECK-NOT: sched.barrier
; CHECK: ret void
define amdgpu_kernel void @unpaired_signal(ptr addrspace(1) %p) "target-cpu"="gfx1200" {
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  store i32 0, ptr addrspace(1) %p
  ret void
}
