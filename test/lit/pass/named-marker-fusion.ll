; An exit immediately followed by an enter in the same block becomes one
; marker, (enter_id << 2) | 3: pop the previous scope and push the next. An
; exit separated from the enter by real work, or in another block, stays a
; bare exit (1) followed by its own enter.
; RUN: env SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none %opt -passes=sqtt-early,sqtt-late -S %s | FileCheck %s
; RUN: env SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none %opt -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

@.a = private unnamed_addr constant [2 x i8] c"a\00"
@.b = private unnamed_addr constant [2 x i8] c"b\00"
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)

; CHECK-LABEL: define amdgpu_kernel void @fused(
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 6)
; CHECK-NOT: ttracedata
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 11)
; CHECK-NOT: ttracedata
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 1)
; CHECK-NOT: ttracedata
; CHECK: ret void
define amdgpu_kernel void @fused(ptr addrspace(1) %p) "target-cpu"="gfx1100" {
  call void @__sqtt_named_marker_enter(ptr @.a)
  store i32 0, ptr addrspace(1) %p
  call void @__sqtt_named_marker_exit(ptr @.a)
  call void @__sqtt_named_marker_enter(ptr @.b)
  store i32 1, ptr addrspace(1) %p
  call void @__sqtt_named_marker_exit(ptr @.b)
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @separated(
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 1)
; CHECK: store i32 2
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 10)
define amdgpu_kernel void @separated(ptr addrspace(1) %p) "target-cpu"="gfx1100" {
  call void @__sqtt_named_marker_exit(ptr @.a)
  store i32 2, ptr addrspace(1) %p
  call void @__sqtt_named_marker_enter(ptr @.b)
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @other_block(
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 1)
; CHECK: next:
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 10)
define amdgpu_kernel void @other_block() "target-cpu"="gfx1100" {
  call void @__sqtt_named_marker_exit(ptr @.a)
  br label %next
next:
  call void @__sqtt_named_marker_enter(ptr @.b)
  ret void
}
