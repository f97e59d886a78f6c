; No phase ever runs twice on a module: a second Late (or an Early after
; Late, as a ThinLTO post-link pipeline would run) leaves the module as it is,
; with one map and one set of boundaries.
; RUN: env SQTT_SCOPE_CU=-1 %opt -passes=sqtt-late -S %s -o %t.once.ll
; RUN: env SQTT_SCOPE_CU=-1 %opt -passes=sqtt-late,sqtt-early,sqtt-late -S %s -o %t.twice.ll
; RUN: diff %t.once.ll %t.twice.ll
; RUN: FileCheck %s %boundary < %t.twice.ll
; REQUIRES: amdgpu-registered-target

; CHECK: @.sqtt_func_id_map =
; CHECK-NOT: @.sqtt_func_id_map.1
; CHECK: [[BOUNDARY]]
; CHECK-NEXT: call void asm sideeffect
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: ret void

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.ttracedata(i32)

define amdgpu_kernel void @k() "target-cpu"="gfx942" {
  call void @llvm.amdgcn.s.ttracedata(i32 8)
  ret void
}
