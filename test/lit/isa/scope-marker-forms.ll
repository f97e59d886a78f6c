; The scoped marker form in final ISA, per generation (a regression in what a
; scoped marker costs shows up here without timing anything). The scope test
; is made once per function: s_getreg of the CU field (HW_ID[11:8] on gfx9,
; HW_ID1[13:10] = WGP on gfx10+) and s_bitcmp1 of the CU mask at that bit,
; straight into SCC, in one asm block (gfx1200/gfx1201 add the s_wait_alu
; their SALU needs between the two; the backend adds none inside asm). The
; backend keeps the test as a lane mask (s_cselect) and sets SCC from it
; (s_and with exec) where code in between clobbered SCC. No branch is added
; around a marker; each trace asm only branches over itself on SCC:
;  - gfx9 (m0 form): the backend writes m0, s_cbranch_scc0 over s_ttracedata
;    (the branch is the wait state after the m0 write, no s_nop);
;  - gfx10+ (immediate form): s_cbranch_scc0 over s_ttracedata_imm.
; Later markers reuse SCC while nothing clobbers it, and the same m0 value is
; not written twice. Every marker keeps its unscoped hints and boundaries, so
; the marker before s_barrier stays right before it.
; RUN: env SQTT_SCOPE_CU=0x1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: env SQTT_SCOPE_CU=0x1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: env SQTT_SCOPE_CU=0x1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX10P
; RUN: env SQTT_SCOPE_CU=0x1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX10P
; RUN: env SQTT_SCOPE_CU=0x1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX10P,WAIT
; RUN: env SQTT_SCOPE_CU=0x1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX10P,WAIT
; RUN: %if gfx1250 %{ env SQTT_SCOPE_CU=0x1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX10P %}
; REQUIRES: amdgpu-registered-target

; CHECK-LABEL: k:
; CHECK-NOT: s_ttracedata
; GFX9:      s_getreg_b32 [[R:s[0-9]+]], hwreg(4, 8, 4)
; GFX10P:    s_getreg_b32 [[R:s[0-9]+]], hwreg(23, 10, 4)
; WAIT-NEXT: s_wait_alu depctr_sa_sdst(0)
; CHECK-NEXT: s_bitcmp1_b32 1, [[R]]
; GFX9:      s_cselect_b64 [[T:s\[[0-9]+:[0-9]+\]]], -1, 0
; GFX10P:    s_cselect_b32 [[T:s[0-9]+]], -1, 0
; GFX9:      s_and_b64 {{s\[[0-9]+:[0-9]+\]}}, [[T]], exec
; GFX10P:    s_and_b32 {{s[0-9]+}}, [[T]], exec_lo
; GFX9-NEXT: s_mov_b32 m0, 4
; CHECK-NEXT: ;;#ASMSTART
; CHECK-NEXT: s_cbranch_scc0 [[L1:.Lsqtt_skip[0-9]+]]
; GFX9-NEXT:  s_ttracedata{{$}}
; GFX10P-NEXT: s_ttracedata_imm 4
; CHECK-NEXT: [[L1]]:
; CHECK-NOT: s_cbranch_vcc
; CHECK-NOT: {{exec|m0|s_cmp|s_bitcmp|s_cselect}}
; CHECK: s_cbranch_scc0 [[L2:.Lsqtt_skip[0-9]+]]
; CHECK-NEXT: s_ttracedata
; CHECK-NEXT: [[L2]]:
; CHECK-NEXT: ;;#ASMEND
; CHECK-NOT: {{global_|flat_|ds_|buffer_|s_ttracedata}}
; CHECK: {{s_barrier$|s_barrier_signal}}
; CHECK-NOT: {{exec|m0|s_cmp|s_bitcmp|s_cselect}}
; CHECK: s_cbranch_scc0 [[L3:.Lsqtt_skip[0-9]+]]
; CHECK-NEXT: s_ttracedata
; CHECK-NEXT: [[L3]]:
; CHECK-NOT: {{s_getreg_b32|s_ttracedata}}
; CHECK: s_endpgm

@.a = private unnamed_addr constant [2 x i8] c"a\00"
declare void @__sqtt_named_marker_point(ptr)
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  call void @__sqtt_named_marker_point(ptr @.a)
  %x = load i32, ptr addrspace(1) %p
  call void @__sqtt_named_marker_point(ptr @.a)
  call void @llvm.amdgcn.s.barrier()
  store i32 %x, ptr addrspace(1) %p
  call void @__sqtt_named_marker_point(ptr @.a)
  ret void
}
