; Scoped, existing single markers are scoped in place: each keeps its own
; sched_barrier(0) hints and boundaries, no branch is added, and the lowering
; gives each the skip on the function's scope test. A header with its payload
; record (a data marker) still goes behind one branch, as one run, without
; hints, pinned when a sync follows.
; RUN: env SQTT_SCOPE_CU=0x3 %opt -passes=sqtt-late -S %s | FileCheck %s %boundary
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.ttracedata(i32)
declare void @llvm.amdgcn.sched.barrier(i32)
declare void @llvm.amdgcn.s.barrier()

; CHECK-LABEL: define amdgpu_kernel void @two_numeric(
; CHECK-NOT: br i1
; CHECK: %[[IN:sqtt.in]] = extractvalue { i32, i1 } %sqtt.check, 1
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void asm sideeffect "s_cbranch_scc0 {{.*}}(i32 10, i1 %[[IN]]){{.*}}!sqtt.scoped
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void asm sideeffect "s_cbranch_scc0 {{.*}}(i32 1, i1 %[[IN]]){{.*}}!sqtt.scoped
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: ret void
define amdgpu_kernel void @two_numeric() "target-cpu"="gfx942" {
  call void @llvm.amdgcn.sched.barrier(i32 0)
  call void @llvm.amdgcn.s.ttracedata(i32 10)
  call void @llvm.amdgcn.sched.barrier(i32 0)
  call void @llvm.amdgcn.sched.barrier(i32 0)
  call void @llvm.amdgcn.s.ttracedata(i32 1)
  call void @llvm.amdgcn.sched.barrier(i32 0)
  call void @llvm.amdgcn.s.barrier()
  ret void
}

; A header and its payload: one sqtt.trace block, the pin before the sync.
; CHECK-LABEL: define amdgpu_kernel void @data_run(
; CHECK: br i1 %sqtt.in, label %sqtt.trace, label %sqtt.skip
; CHECK: sqtt.trace:
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 8)
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %v)
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: br label %sqtt.skip
; CHECK: sqtt.skip:
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
define amdgpu_kernel void @data_run(i32 inreg %v) "target-cpu"="gfx942" {
  call void @llvm.amdgcn.sched.barrier(i32 0)
  call void @llvm.amdgcn.s.ttracedata(i32 8), !sqtt.marker_header !0, !sqtt.payload_group !1
  call void @llvm.amdgcn.s.ttracedata(i32 %v), !sqtt.raw_payload !0, !sqtt.payload_group !1
  call void @llvm.amdgcn.sched.barrier(i32 0)
  call void @llvm.amdgcn.s.barrier()
  ret void
}

!0 = !{}
!1 = distinct !{}
