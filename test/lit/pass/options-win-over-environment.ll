; D28: every SQTT_* setting is also a -sqtt-marker-* option (ROCm's in-tree
; plugin's spelling), and an option given explicitly wins over its variable.
; The scope masks of scope-check-gfx9.ll: given as options they select the
; same waves as the variables; given as options over the opposite
; variables, the options' masks are the ones used, both ways.
; RUN: %opt -sqtt-marker-scope-wave=0x3 -sqtt-marker-scope-simd=0x2 -sqtt-marker-scope-cu=0x10 \
; RUN:   -sqtt-marker-scope-wg=0x1 -passes=sqtt-late -S %s | FileCheck %s
; RUN: env SQTT_SCOPE_WAVE=-1 SQTT_SCOPE_SIMD=0xF SQTT_SCOPE_CU=0xFFFF SQTT_SCOPE_WG=-1 \
; RUN:   %opt -sqtt-marker-scope-wave=0x3 -sqtt-marker-scope-simd=0x2 -sqtt-marker-scope-cu=0x10 \
; RUN:   -sqtt-marker-scope-wg=0x1 -passes=sqtt-late -S %s | FileCheck %s
; RUN: env SQTT_SCOPE_WAVE=0x3 SQTT_SCOPE_SIMD=0x2 SQTT_SCOPE_CU=0x10 SQTT_SCOPE_WG=0x1 \
; RUN:   %opt -sqtt-marker-scope-wave=-1 -sqtt-marker-scope-simd=0xF -sqtt-marker-scope-cu=0xFFFF \
; RUN:   -sqtt-marker-scope-wg=0xFFFFFFFF -passes=sqtt-late -S %s | FileCheck %s --check-prefix=OFF
; Without the options the variables apply.
; RUN: env SQTT_SCOPE_WAVE=0x3 SQTT_SCOPE_SIMD=0x2 SQTT_SCOPE_CU=0x10 SQTT_SCOPE_WG=0x1 \
; RUN:   %opt -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.ttracedata(i32)

; Wave HW_ID[3:0], SIMD [5:4], CU [11:8], thread group [19:16] are read.
; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK-NEXT: call i32 @llvm.amdgcn.s.getreg(i32 6148)
; CHECK: call i32 @llvm.amdgcn.s.getreg(i32 2308)
; CHECK: call i32 @llvm.amdgcn.s.getreg(i32 6660)
; CHECK: call i32 @llvm.amdgcn.s.getreg(i32 7172)
; CHECK: %[[M:.*]] = or i32
; CHECK-NEXT: %[[IN:.*]] = icmp eq i32 %[[M]], 0
; CHECK: call void asm sideeffect "s_cbranch_scc0 .Lsqtt_skip${:uid}\0As_ttracedata\0A.Lsqtt_skip${:uid}:", "{m0},{scc}"(i32 8, i1 %[[IN]])

; OFF-LABEL: define amdgpu_kernel void @k(
; OFF-NOT: getreg
; OFF-NOT: sqtt.scoped
; OFF: call void @llvm.amdgcn.sched.barrier(i32 0)
define amdgpu_kernel void @k() "target-cpu"="gfx90a" {
  call void @llvm.amdgcn.s.ttracedata(i32 8)
  ret void
}
