; Splitting the entry block for a scoped marker run (a header with its
; payload) must not strand static allocas in a later block (they would become
; dynamic stack allocations): allocas after the run move up into the entry
; block.
; RUN: env SQTT_SCOPE_CU=0x3 %opt -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.ttracedata(i32)

; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK-NEXT: %late = alloca [4 x i32], align 4, addrspace(5)
; CHECK: %early = alloca i32, align 4, addrspace(5)
; CHECK: br i1 %{{.*}}, label %sqtt.trace, label %sqtt.skip
; CHECK: sqtt.skip:
; CHECK-NOT: alloca
; CHECK: ret void
define amdgpu_kernel void @k(ptr addrspace(1) %out) "target-cpu"="gfx942" {
  %early = alloca i32, align 4, addrspace(5)
  call void @llvm.amdgcn.s.ttracedata(i32 8), !sqtt.marker_header !0, !sqtt.payload_group !1
  call void @llvm.amdgcn.s.ttracedata(i32 7), !sqtt.raw_payload !0, !sqtt.payload_group !1
  %late = alloca [4 x i32], align 4, addrspace(5)
  store i32 1, ptr addrspace(5) %early
  store i32 2, ptr addrspace(5) %late
  ret void
}

!0 = !{}
!1 = distinct !{}
