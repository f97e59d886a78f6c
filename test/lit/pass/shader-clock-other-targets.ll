; Clock packing is a gfx12 feature: elsewhere a nonzero
; SQTT_SHADER_CLOCK_BITS changes nothing (no clock read, the immediate form
; stays, no M: row), so one setting serves a multi-target build.
; RUN: env SQTT_SHADER_CLOCK_BITS=12 SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -passes=sqtt-late -S %s | FileCheck %s
; RUN: env SQTT_SHADER_CLOCK_BITS=12 SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late -S %s | FileCheck %s --check-prefix=GFX9
; REQUIRES: amdgpu-registered-target

; CHECK: c"K:k\0AU:1:phase\0A\00"
; CHECK-NOT: s.getreg
; CHECK-NOT: shader_cycles
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 6)
; GFX9: c"K:k\0AU:1:phase\0A\00"
; GFX9: "{m0}"(i32 6)

target triple = "amdgcn-amd-amdhsa"

@.s = private unnamed_addr constant [6 x i8] c"phase\00"
declare void @__sqtt_named_marker_enter(ptr)

define amdgpu_kernel void @k() {
  call void @__sqtt_named_marker_enter(ptr @.s)
  ret void
}
