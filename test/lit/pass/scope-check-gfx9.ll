; Scope filtering on gfx9 reads the single HW_ID register: wave HW_ID[3:0],
; SIMD HW_ID[5:4], CU HW_ID[11:8], thread group HW_ID[19:16]. Dimensions whose
; mask covers the whole field (SIMD 0xF, CU 0xFFFF, -1) are not read.
; RUN: env SQTT_SCOPE_WAVE=0x3 SQTT_SCOPE_SIMD=0x2 SQTT_SCOPE_CU=0x10 SQTT_SCOPE_WG=0x1 \
; RUN:   %opt -passes=sqtt-late -S %s | FileCheck %s
; RUN: env SQTT_SCOPE_WAVE=-1 SQTT_SCOPE_SIMD=0xF SQTT_SCOPE_CU=0xFFFF SQTT_SCOPE_WG=0xFFFFFFFF \
; RUN:   %opt -passes=sqtt-late -S %s | FileCheck %s --check-prefix=OFF
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.ttracedata(i32)

; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK-NEXT: call i32 @llvm.amdgcn.s.getreg(i32 6148)
; CHECK: call i32 @llvm.amdgcn.s.getreg(i32 2308)
; CHECK: call i32 @llvm.amdgcn.s.getreg(i32 6660)
; CHECK: call i32 @llvm.amdgcn.s.getreg(i32 7172)
; CHECK: %[[M:.*]] = or i32
; CHECK-NEXT: %[[IN:.*]] = icmp eq i32 %[[M]], 0
; CHECK: call void asm sideeffect "s_cbranch_scc0 .Lsqtt_skip${:uid}\0As_ttracedata\0A.Lsqtt_skip${:uid}:", "{m0},{scc}"(i32 8, i1 %[[IN]])
; CHECK-NOT: br i1

; OFF-LABEL: define amdgpu_kernel void @k(
; OFF-NOT: getreg
; OFF-NOT: sqtt.scoped
; OFF: call void @llvm.amdgcn.sched.barrier(i32 0)
define amdgpu_kernel void @k() "target-cpu"="gfx90a" {
  call void @llvm.amdgcn.s.ttracedata(i32 8)
  ret void
}
