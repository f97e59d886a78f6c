; A scoped marker that times a workgroup sync (s_barrier, s_barrier_wait,
; an IR fence as in __syncthreads) is scoped in place, with no branch between
; it and the sync: its trailing boundary and a sched_barrier(0) stand right
; before the sync (lifetime markers aside), so codegen cannot drift the marker
; away from it.
; RUN: env SQTT_SCOPE_CU=0x3 %opt -passes=sqtt-late -S %s | FileCheck %s %boundary
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

@.p = private unnamed_addr constant [2 x i8] c"p\00"
declare void @__sqtt_named_marker_point(ptr)
declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.s.barrier.wait(i16)
; The two-operand form is what LLVM 19 reads; LLVM 22 upgrades it.
declare void @llvm.lifetime.start.p5(i64, ptr addrspace(5))

; CHECK-LABEL: define amdgpu_kernel void @before_barrier(
; CHECK-NOT: br i1
; CHECK: call void asm sideeffect "s_cbranch_vccnz {{.*}}!sqtt.scoped
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
define amdgpu_kernel void @before_barrier() "target-cpu"="gfx1100" {
  call void @__sqtt_named_marker_point(ptr @.p)
  call void @llvm.amdgcn.s.barrier()
  ret void
}

; __syncthreads starts with a release fence; lifetime markers are looked past.
; CHECK-LABEL: define amdgpu_kernel void @before_syncthreads(
; CHECK: call void asm sideeffect "s_cbranch_vccnz {{.*}}!sqtt.scoped
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.lifetime.start
; CHECK-NEXT: fence syncscope("workgroup") release
define amdgpu_kernel void @before_syncthreads() "target-cpu"="gfx1100" {
  %a = alloca i32, addrspace(5)
  call void @__sqtt_named_marker_point(ptr @.p)
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %a)
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @before_wait(
; CHECK: call void asm sideeffect "s_cbranch_scc0 {{.*}}"i,{scc}"{{.*}}!sqtt.scoped
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier.wait(i16 -1)
define amdgpu_kernel void @before_wait() "target-cpu"="gfx1201" {
  call void @__sqtt_named_marker_point(ptr @.p)
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @no_sync(
; CHECK-NOT: br i1
; CHECK: call void asm sideeffect "s_cbranch_vccnz {{.*}}!sqtt.scoped
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: store i32 0
; CHECK: ret void
define amdgpu_kernel void @no_sync(ptr addrspace(1) %q) "target-cpu"="gfx1100" {
  call void @__sqtt_named_marker_point(ptr @.p)
  store i32 0, ptr addrspace(1) %q
  call void @llvm.amdgcn.s.barrier()
  ret void
}
