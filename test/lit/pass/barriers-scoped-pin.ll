; Scoped barrier markers are scoped in place (no branch around them) and
; placed like unscoped ones: the marker before s_barrier, before a wait and
; between a signal and its wait is followed by its fence boundary and a
; sched_barrier(0) directly before the sync; the marker after an unpaired
; signal gets the same hints.
; RUN: env SQTT_INSTRUMENT_BARRIERS=1 SQTT_SCOPE_CU=0x3 %opt -passes=sqtt-late -S %s | FileCheck %s %boundary
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.s.barrier.signal(i32)
declare void @llvm.amdgcn.s.barrier.wait(i16)

; CHECK-LABEL: define amdgpu_kernel void @gfx9_barrier(
; CHECK-NOT: br i1
; CHECK: asm sideeffect "s_cbranch_scc0 {{.*}}"{m0},{scc}"{{.*}}!sqtt.scoped
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
define amdgpu_kernel void @gfx9_barrier() "target-cpu"="gfx942" {
  call void @llvm.amdgcn.s.barrier()
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @paired(
; CHECK: call void @llvm.amdgcn.s.barrier.signal(i32 -1)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void asm sideeffect "s_cbranch_scc0 {{.*}}"i,{scc}"(i32 12, i1 %sqtt.in){{.*}}!sqtt.scoped
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
define amdgpu_kernel void @paired() "target-cpu"="gfx1200" {
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @unpaired_signal(
; CHECK: call void asm sideeffect "s_cbranch_scc0 {{.*}}(i32 4, i1 %sqtt.in)
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: store i32 0
; CHECK: ret void
define amdgpu_kernel void @unpaired_signal(ptr addrspace(1) %p) "target-cpu"="gfx1200" {
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  store i32 0, ptr addrspace(1) %p
  ret void
}
