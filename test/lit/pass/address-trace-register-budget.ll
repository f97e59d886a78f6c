; A function with an explicit register budget ("amdgpu-num-vgpr" or
; "amdgpu-num-sgpr") gets no address tracing, with a warning: the lanes read
; for a trace can exceed the budget and fail register allocation. Its other
; markers stay; functions without a budget are traced as usual.
; RUN: env SQTT_TRACE_ADDRESSES=memory SQTT_SCOPE_CU=-1 \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.ttracedata(i32)

; CHECK-LABEL: define amdgpu_kernel void @budget_vgpr(
; CHECK-NOT: readlane
; CHECK: ret void
define amdgpu_kernel void @budget_vgpr(ptr addrspace(1) %p) "amdgpu-num-vgpr"="6" {
  %v = load i32, ptr addrspace(1) %p
  store i32 %v, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @budget_sgpr(
; CHECK: s_ttracedata", "{m0}"(i32 8)
; CHECK-NOT: readlane
; CHECK: ret void
define amdgpu_kernel void @budget_sgpr(ptr addrspace(1) %p) "amdgpu-num-sgpr"="16" {
  call void @llvm.amdgcn.s.ttracedata(i32 8)
  store i32 1, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @free(
; CHECK: readlane
; CHECK: ret void
define amdgpu_kernel void @free(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  ret void
}

; WARN-DAG: warning: sqtt: no address tracing in 'budget_vgpr': it has an explicit register budget (amdgpu-num-vgpr/amdgpu-num-sgpr) that the traced lanes could exceed
; WARN-DAG: warning: sqtt: no address tracing in 'budget_sgpr': it has an explicit register budget (amdgpu-num-vgpr/amdgpu-num-sgpr) that the traced lanes could exceed
; WARN-NOT: 'free'
