; The scoped marker form in final ISA, per generation (a regression in what a
; scoped marker costs shows up here without timing anything). The scope test
; is made once per function and each trace asm branches over itself; no branch
; is added around a marker, and every marker keeps its unscoped hints and
; boundaries, so the marker before s_barrier stays right before it.
;  - gfx10, gfx11, gfx1250 (VCC): with CU mask 0x3 (the default, WGPs 0 and 1)
;    the test is one s_getreg of the WGP id's bits from bit 1 up
;    (HW_ID1[13:11]: zero for WGPs 0-1), written straight into VCC;
;    zero means in scope and each marker is s_cbranch_vccnz over
;    s_ttracedata_imm. VCC keeps the word across code that does not need VCC
;    (no instruction between markers); after a call the backend copies it back
;    with one s_mov.
;  - gfx9 and gfx1200/gfx1201 (SCC): s_getreg of the CU field (HW_ID[11:8],
;    HW_ID1[13:10]) and s_bitcmp1 of the mask at that bit, straight into SCC,
;    in one asm block (gfx1200/gfx1201 add the s_wait_alu their SALU needs
;    between the two). The backend keeps the test as a lane mask (s_cselect)
;    and sets SCC from it (s_and with exec) where code in between clobbered
;    SCC; gfx9 branches over an m0 trace (the branch is the wait state after the
;    m0 write, no s_nop), gfx12 over s_ttracedata_imm.
; RUN: env SQTT_SCOPE_CU=0x3 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,SCC,GFX9
; RUN: env SQTT_SCOPE_CU=0x3 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,SCC,GFX9
; RUN: env SQTT_SCOPE_CU=0x3 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,VCC
; RUN: env SQTT_SCOPE_CU=0x3 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,VCC
; RUN: env SQTT_SCOPE_CU=0x3 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,SCC,GFX12SCC
; RUN: env SQTT_SCOPE_CU=0x3 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,SCC,GFX12SCC
; RUN: %if gfx1250 %{ env SQTT_SCOPE_CU=0x3 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,VCC %}
; Every test form assembles (inline asm is parsed only when an object is
; written): both mask paths, wave32 and wave64 (gfx11 wave64 waits inside the
; test with s_waitcnt_depctr; s_wait_alu exists only on gfx12).
; RUN: for cpu in gfx90a gfx942 gfx1030 gfx1100 gfx1200 gfx1201; do for mask in 0x3 0x5; do for w in wavefrontsize32 wavefrontsize64; do \
; RUN:   env SQTT_SCOPE_CU=$mask %opt -mtriple=amdgcn-amd-amdhsa -mcpu=$cpu -mattr=+$w -passes=sqtt-late %s | \
; RUN:   %llc -mtriple=amdgcn-amd-amdhsa -mcpu=$cpu -mattr=+$w -verify-machineinstrs -filetype=obj -o %t.o || exit 1; \
; RUN: done; done; done
; REQUIRES: amdgpu-registered-target

; CHECK-LABEL: k:
; CHECK-NOT: s_ttracedata
; GFX9:       s_getreg_b32 [[R:s[0-9]+]], hwreg(4, 8, 4)
; GFX12SCC:   s_getreg_b32 [[R:s[0-9]+]], hwreg(23, 10, 4)
; GFX12SCC-NEXT: s_wait_alu depctr_sa_sdst(0)
; SCC-NEXT:   s_bitcmp1_b32 3, [[R]]
; GFX9:       s_cselect_b64 [[T:s\[[0-9]+:[0-9]+\]]], -1, 0
; GFX12SCC:   s_cselect_b32 [[T:s[0-9]+]], -1, 0
; GFX9:       s_and_b64 {{s\[[0-9]+:[0-9]+\]}}, [[T]], exec
; GFX12SCC:   s_and_b32 {{s[0-9]+}}, [[T]], exec_lo
; GFX9-NEXT:  s_mov_b32 m0, 4
; SCC-NEXT:   ;;#ASMSTART
; SCC-NEXT:   s_cbranch_scc0 [[L1:.Lsqtt_skip[0-9]+]]
; GFX9-NEXT:  s_ttracedata{{$}}
; GFX12SCC-NEXT: s_ttracedata_imm 4
; VCC:        s_getreg_b32 vcc_lo, hwreg(23, 11, 3)
; VCC-NEXT:   ;;#ASMEND
; VCC-NOT:    {{vcc|exec|s_cmp|s_bitcmp|s_cselect}}
; VCC:        s_cbranch_vccnz [[L1:.Lsqtt_skip[0-9]+]]
; VCC-NEXT:   s_ttracedata_imm 4
; CHECK-NEXT: [[L1]]:
; SCC-NOT:    s_cbranch_vcc
; SCC-NOT:    {{exec|m0|s_cmp|s_bitcmp|s_cselect}}
; SCC:        s_cbranch_scc0 [[L2:.Lsqtt_skip[0-9]+]]
; VCC-NOT:    {{vcc|exec|s_cmp|s_bitcmp|s_cselect|scc}}
; VCC:        s_cbranch_vccnz [[L2:.Lsqtt_skip[0-9]+]]
; CHECK-NEXT: s_ttracedata
; CHECK-NEXT: [[L2]]:
; CHECK-NEXT: ;;#ASMEND
; CHECK-NOT:  {{global_|flat_|ds_|buffer_|s_ttracedata}}
; CHECK:      {{s_barrier$|s_barrier_signal}}
; SCC-NOT:    {{exec|m0|s_cmp|s_bitcmp|s_cselect}}
; SCC:        s_cbranch_scc0 [[L3:.Lsqtt_skip[0-9]+]]
; VCC-NOT:    {{vcc|exec|s_cmp|s_bitcmp|s_cselect|scc}}
; VCC:        s_cbranch_vccnz [[L3:.Lsqtt_skip[0-9]+]]
; CHECK-NEXT: s_ttracedata
; CHECK-NEXT: [[L3]]:
; CHECK-NOT:  {{s_getreg_b32|s_ttracedata}}
; CHECK:      s_endpgm

; A call clobbers both condition registers, so the marker after it gets the
; test back in one instruction: an s_mov of the word into VCC, or an s_and of
; the lane mask with EXEC into SCC.
; CHECK-LABEL: with_call:
; VCC:        s_getreg_b32 [[W:s[0-9]+]], hwreg(23, 11, 3)
; VCC-NOT:    s_ttracedata
; VCC:        s_mov_b32 vcc_lo, [[W]]
; VCC-NOT:    s_ttracedata
; VCC:        s_cbranch_vccnz
; SCC:        s_cselect_b{{32|64}} [[T:s[0-9]+|s\[[0-9]+:[0-9]+\]]], -1, 0
; SCC:        s_cbranch_scc0
; CHECK:      {{s_swappc_b64|s_swap_pc_i64}}
; VCC-NOT:    s_ttracedata
; VCC:        s_mov_b32 vcc_lo, [[W]]
; VCC-NOT:    s_ttracedata
; VCC:        s_cbranch_vccnz
; SCC-NOT:    s_ttracedata
; SCC:        s_and_b{{32|64}} {{s[0-9]+|s\[[0-9]+:[0-9]+\]}}, [[T]], exec
; GFX9-NEXT:  s_mov_b32 m0, 4
; SCC-NEXT:   ;;#ASMSTART
; SCC-NEXT:   s_cbranch_scc0
; CHECK-NEXT: s_ttracedata
; CHECK-NOT:  s_ttracedata
; CHECK:      s_endpgm

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

declare void @ext()

define amdgpu_kernel void @with_call() {
  call void @__sqtt_named_marker_point(ptr @.a)
  call void @ext()
  call void @__sqtt_named_marker_point(ptr @.a)
  ret void
}
