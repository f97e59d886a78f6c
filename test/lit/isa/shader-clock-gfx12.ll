; gfx12 clock packing in final ISA: the window is read right before each
; header (s_getreg_b32 hwreg(HW_REG_SHADER_CYCLES_LO, 4, 12) on gfx1200/1201,
; s_get_shader_cycles_u64 on gfx1250), shifted into the top 12 bits, OR-ed
; with the marker straight into m0 and traced; no s_ttracedata_imm remains. With
; SQTT_SHADER_CLOCK_BITS=0 nothing reads the clock.
; RUN: env SQTT_SHADER_CLOCK_BITS=12 SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GETREG
; RUN: env SQTT_SHADER_CLOCK_BITS=12 SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GETREG
; RUN: %if gfx1250 %{ env SQTT_SHADER_CLOCK_BITS=12 SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,CYCLES %}
; RUN: env SQTT_SHADER_CLOCK_BITS=0 SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -verify-machineinstrs -o - | FileCheck %s --check-prefix=OFF
; RUN: env SQTT_SHADER_CLOCK_BITS=0 SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -verify-machineinstrs -o - | FileCheck %s --check-prefix=OFF
; RUN: %if gfx1250 %{ env SQTT_SHADER_CLOCK_BITS=0 SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs -o - | FileCheck %s --check-prefix=OFF %}
; REQUIRES: amdgpu-registered-target

; CHECK-LABEL: k:
; GETREG: s_getreg_b32 [[C:s[0-9]+]], hwreg(HW_REG_SHADER_CYCLES_LO, 4, 12)
; GETREG: s_lshl_b32 [[H:s[0-9]+]], [[C]], 20
; GETREG: s_or_b32 m0, [[H]], 6
; (x >> 4) << 20 is selected as (x << 16) & 0xfff00000.
; CYCLES: s_get_shader_cycles_u64 s{{\[}}[[LO:[0-9]+]]:{{[0-9]+}}]
; CYCLES: s_lshl_b32 [[X:s[0-9]+]], s[[LO]], 16
; CYCLES: s_and_b32 [[W:s[0-9]+]], [[X]], 0xfff00000
; CYCLES: s_or_b32 m0, [[W]], 6
; CHECK-NEXT: ;;#ASMSTART
; CHECK-NEXT: s_nop 0
; CHECK-NEXT: s_ttracedata
; CHECK-NOT: s_ttracedata_imm
; CHECK: s_endpgm

; OFF-LABEL: k:
; OFF-NOT: SHADER_CYCLES
; OFF-NOT: s_get_shader_cycles
; OFF: s_ttracedata_imm 0x6
; OFF: s_ttracedata_imm 0x1
; OFF: s_endpgm

target triple = "amdgcn-amd-amdhsa"

@.s = private unnamed_addr constant [6 x i8] c"phase\00"
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)

define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  call void @__sqtt_named_marker_enter(ptr @.s)
  store i32 0, ptr addrspace(1) %p
  call void @__sqtt_named_marker_exit(ptr @.s)
  ret void
}
