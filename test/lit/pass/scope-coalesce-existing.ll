; Scoped, existing markers lose their own sched_barrier(0) hints (the branch
; orders them), neighbouring markers share one sqtt.trace block, each keeps
; its boundaries, and a run right before a sync gets the single pin.
; RUN: env SQTT_SCOPE_CU=0x3 %opt -passes=sqtt-late -S %s | FileCheck %s %boundary
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.ttracedata(i32)
declare void @llvm.amdgcn.sched.barrier(i32)
declare void @llvm.amdgcn.s.barrier()

; CHECK-LABEL: define amdgpu_kernel void @two_numeric(
; CHECK: br i1 %{{.*}}, label %sqtt.trace, label %sqtt.skip
; CHECK: sqtt.trace:
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call i32 asm sideeffect {{.*}}(i32 10)
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call i32 asm sideeffect {{.*}}(i32 1)
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: br label %sqtt.skip
; CHECK: sqtt.skip:
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

; Real work between two markers: two runs, no sync, no pin.
; CHECK-LABEL: define amdgpu_kernel void @separate(
; CHECK: sqtt.trace:
; CHECK: sqtt.skip:
; CHECK-NEXT: store i32 0
; CHECK: sqtt.trace{{[0-9]+}}:
; CHECK: sqtt.skip{{[0-9]+}}:
; CHECK-NEXT: ret void
; CHECK-NOT: sched.barrier
define amdgpu_kernel void @separate(ptr addrspace(1) %p) "target-cpu"="gfx942" {
  call void @llvm.amdgcn.s.ttracedata(i32 10)
  store i32 0, ptr addrspace(1) %p
  call void @llvm.amdgcn.s.ttracedata(i32 1)
  ret void
}
