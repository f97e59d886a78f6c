; Address tracing in final ISA on every target: the header, the EXEC
; records (the compiler writes m0 straight from exec_lo, then exec_hi, or 0
; on wave32; each record traced as s_nop 0 / s_ttracedata),
; and per-lane records read with v_readlane_b32 inside a loop, each record
; traced as s_nop 0 / s_ttracedata after the compiler's m0 write.
; RUN: env SQTT_TRACE_ADDRESSES=memory,lds SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,W64
; RUN: env SQTT_TRACE_ADDRESSES=memory,lds SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,W64
; RUN: env SQTT_TRACE_ADDRESSES=memory,lds SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,W32
; RUN: env SQTT_TRACE_ADDRESSES=memory,lds SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,W32
; RUN: env SQTT_TRACE_ADDRESSES=memory,lds SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,W32
; RUN: env SQTT_TRACE_ADDRESSES=memory,lds SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,W32
; RUN: %if gfx1250 %{ env SQTT_TRACE_ADDRESSES=memory,lds SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs -o - | FileCheck %s --check-prefixes=CHECK,W32 %}
; REQUIRES: amdgpu-registered-target

; CHECK-LABEL: k:
; CHECK: s_mov_b32 m0, exec_lo
; CHECK-NOT: m0
; CHECK: s_nop 0
; CHECK-NEXT: s_ttracedata{{$}}
; W64: s_mov_b32 m0, exec_hi
; W32: s_mov_b32 m0, 0{{$}}
; CHECK-NOT: m0
; CHECK: s_nop 0
; CHECK-NEXT: s_ttracedata{{$}}
; The global address loop: two records (low, high word) per lane, each lane
; value read into m0 (directly, or through an SGPR copy).
; CHECK-LABEL: %sqtt.lanes.loop{{$}}
; CHECK-DAG: v_readlane_b32 {{m0|s[0-9]+}}, v{{[0-9]+}}, [[LANE:s[0-9]+]]
; CHECK-DAG: v_readlane_b32 {{m0|s[0-9]+}}, v{{[0-9]+}}, [[LANE]]
; W32-DAG: s_cmp_{{lg|eq}}_u32 [[LANE]], 32
; W64-DAG: s_cmp_{{lg|eq}}_u32 [[LANE]], 64
; CHECK: s_cbranch_scc{{[01]}}
; The LDS address loop: one 32-bit record per lane.
; CHECK-LABEL: %sqtt.lanes.loop{{[0-9]+}}
; CHECK: v_readlane_b32 {{m0|s[0-9]+}}
; CHECK-NOT: v_readlane_b32
; CHECK: s_nop 0
; CHECK-NEXT: s_ttracedata
; CHECK: ds_{{write|store}}_b32
; CHECK: s_endpgm

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gp = getelementptr i32, ptr addrspace(1) %g, i32 %tid
  %v = load i32, ptr addrspace(1) %gp
  %lp = getelementptr i32, ptr addrspace(3) %l, i32 %tid
  store i32 %v, ptr addrspace(3) %lp
  ret void
}
