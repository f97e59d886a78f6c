; The scope check in final ISA: one s_getreg of the CU field per function
; (HW_ID[11:8] on gfx9, HW_ID1[13:10] = WGP on gfx10+), a branch around each
; marker, and no sched_barrier hints except the pin before a barrier.
; RUN: env SQTT_SCOPE_CU=0x1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: env SQTT_SCOPE_CU=0x1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: env SQTT_SCOPE_CU=0x1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX10P
; RUN: env SQTT_SCOPE_CU=0x1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX10P
; RUN: env SQTT_SCOPE_CU=0x1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX10P
; RUN: env SQTT_SCOPE_CU=0x1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX10P
; RUN: %if gfx1250 %{ env SQTT_SCOPE_CU=0x1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,GFX10P %}
; REQUIRES: amdgpu-registered-target

; CHECK-LABEL: k:
; GFX9:   s_getreg_b32 s{{[0-9]+}}, hwreg(HW_REG_HW_ID, 8, 4)
; GFX10P: s_getreg_b32 s{{[0-9]+}}, hwreg(HW_REG_{{(WAVE_)?}}HW_ID1, 10, 4)
; CHECK-NOT: s_getreg_b32
; CHECK: s_cbranch_{{.*}}
; CHECK: s_ttracedata
; The pin keeps everything before it above the barrier (scalar branch setup
; for the next marker may still be scheduled between them).
; CHECK: ; sched_barrier mask(0x00000000)
; CHECK-NOT: s_ttracedata
; CHECK: s_barrier
; CHECK-NOT: s_getreg_b32
; CHECK-NOT: sched_barrier
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
