; Without scope filtering, a marker gets a sched_barrier(0) on each side,
; except where a fence or any sched_barrier already stands next to it (the
; numeric markers of markers.hpp bring their own); the boundary goes inside.
; RUN: env SQTT_SCOPE_CU=-1 %opt -passes=sqtt-late -S %s | FileCheck %s %boundary
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.ttracedata(i32)
declare void @llvm.amdgcn.sched.barrier(i32)

; A markers.hpp numeric marker: its own hints stay, no new ones are added.
; CHECK-LABEL: define amdgpu_kernel void @numeric(
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void asm sideeffect
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: ret void
define amdgpu_kernel void @numeric() "target-cpu"="gfx942" {
  call void @llvm.amdgcn.sched.barrier(i32 0)
  call void @llvm.amdgcn.s.ttracedata(i32 10)
  call void @llvm.amdgcn.sched.barrier(i32 0)
  ret void
}

; A bare trace between a user fence and an ordinary instruction: a hint on
; the far side only.
; CHECK-LABEL: define amdgpu_kernel void @after_fence(
; CHECK-NEXT: fence syncscope("agent") release
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void asm sideeffect
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: store i32 0
define amdgpu_kernel void @after_fence(ptr addrspace(1) %p) "target-cpu"="gfx942" {
  fence syncscope("agent") release
  call void @llvm.amdgcn.s.ttracedata(i32 10)
  store i32 0, ptr addrspace(1) %p
  ret void
}

; A non-canonical sched_barrier counts as a neighbour too.
; CHECK-LABEL: define amdgpu_kernel void @masked_neighbour(
; CHECK-NEXT: store i32 0
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void asm sideeffect
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 8)
define amdgpu_kernel void @masked_neighbour(ptr addrspace(1) %p) "target-cpu"="gfx942" {
  store i32 0, ptr addrspace(1) %p
  call void @llvm.amdgcn.s.ttracedata(i32 10)
  call void @llvm.amdgcn.sched.barrier(i32 8)
  ret void
}
