; Final ISA on every supported target: each m0 trace is the backend's m0 write
; of the value right before the trace asm, then s_nop 0 / s_ttracedata in the
; asm; small markers use s_ttracedata_imm from gfx10 on and never on gfx9.
; RUN: env SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: env SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: env SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX10P
; RUN: env SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX10P
; RUN: env SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX10P
; RUN: env SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX10P
; RUN: %if gfx1250 %{ env SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX10P %}
; REQUIRES: amdgpu-registered-target

; CHECK-LABEL: k:
; GFX9:      s_mov_b32 m0, 6
; GFX9-NEXT: ;;#ASMSTART
; GFX9-NEXT: s_nop 0
; GFX9-NEXT: s_ttracedata
; GFX10P:    s_ttracedata_imm 0x6
; CHECK:      {{s_mov_b32|s_movk_i32}} m0, 0xfa0
; CHECK-NEXT: ;;#ASMSTART
; CHECK-NEXT: s_nop 0
; CHECK-NEXT: s_ttracedata
; A computed value reaches m0 from an SGPR, or straight from its lane read.
; CHECK:      {{s_mov_b32 m0, s[0-9]+|v_readfirstlane_b32 m0, v[0-9]+}}
; CHECK-NOT:  {{m0|s_ttracedata|ASMSTART|s_cbranch|s_setpc|s_swappc}}
; CHECK:      ;;#ASMSTART
; CHECK-NEXT: s_nop 0
; CHECK-NEXT: s_ttracedata
; GFX9:      s_mov_b32 m0, 1
; GFX9-NEXT: ;;#ASMSTART
; GFX9-NEXT: s_nop 0
; GFX9-NEXT: s_ttracedata
; GFX10P:    s_ttracedata_imm 0x1
; GFX9-NOT:  s_ttracedata_imm
; CHECK:     s_endpgm

@.a = private unnamed_addr constant [2 x i8] c"a\00"
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)
declare void @__sqtt_named_marker_data(ptr, i32)
declare void @llvm.amdgcn.s.ttracedata(i32)

define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  call void @__sqtt_named_marker_enter(ptr @.a)
  %x = load i32, ptr addrspace(1) %p
  call void @llvm.amdgcn.s.ttracedata(i32 4000)
  %y = add i32 %x, 1
  call void @llvm.amdgcn.s.ttracedata(i32 %y)
  store i32 %y, ptr addrspace(1) %p
  call void @__sqtt_named_marker_exit(ptr @.a)
  ret void
}
