; Late removes the markers of a function at or below the threshold from the
; entire module: from the function itself and from every copy inlined into a
; caller. Functions above the threshold keep theirs, inlined copies too.
; RUN: env SQTT_INSTRUMENT_FUNCTIONS=3 SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -passes='sqtt-early,always-inline,sqtt-late' -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

; CHECK: c"F:1:big\0AK:kernel\0A\00"

target triple = "amdgcn-amd-amdhsa"

; 2 instructions: pruned, here and in the kernel.
; CHECK-LABEL: define i32 @small(
; CHECK-NOT: ttracedata
; CHECK: ret i32
define i32 @small(i32 %x) alwaysinline "target-cpu"="gfx1100" {
  %y = add i32 %x, 1
  ret i32 %y
}

; 5 instructions: kept, here and in the kernel; its exits are bare exits.
; CHECK-LABEL: define i32 @big(
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 [[BIG_ENTER:[0-9]+]])
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 1)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: ret i32
define i32 @big(i32 %x) alwaysinline "target-cpu"="gfx1100" {
  %a = mul i32 %x, 3
  %b = add i32 %a, 7
  %c = xor i32 %b, %x
  %d = shl i32 %c, 2
  ret i32 %d
}

; CHECK-LABEL: define amdgpu_kernel void @kernel(
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 [[BIG_ENTER]])
; CHECK: mul i32
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 1)
; CHECK-NOT: ttracedata
; CHECK: ret void
define amdgpu_kernel void @kernel(ptr addrspace(1) %p, i32 %x) "target-cpu"="gfx1100" {
  %s = call i32 @small(i32 %x)
  %b = call i32 @big(i32 %s)
  store i32 %b, ptr addrspace(1) %p
  ret void
}


