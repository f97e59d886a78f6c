; With packing, IDs have 30 - SQTT_SHADER_CLOCK_BITS bits; an ID beyond that
; is a compile error naming the ID, the limit and the fix, not a silently
; truncated marker. At 29 bits only ID 1 fits.
; RUN: env SQTT_SHADER_CLOCK_BITS=29 SQTT_SHADER_CLOCK_SHIFT=0 SQTT_SCOPE_CU=-1 \
; RUN:   not %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -passes=sqtt-late -disable-output %s 2>&1 | FileCheck %s
; RUN: env SQTT_SHADER_CLOCK_BITS=28 SQTT_SHADER_CLOCK_SHIFT=0 SQTT_SCOPE_CU=-1 \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -passes=sqtt-late -disable-output %s 2>&1 | count 0
; REQUIRES: amdgpu-registered-target

; CHECK: error: sqtt: marker ID 2 does not fit with SQTT_SHADER_CLOCK_BITS=29 (at most 1); lower SQTT_SHADER_CLOCK_BITS or instrument fewer markers
; CHECK-NOT: Stack dump

target triple = "amdgcn-amd-amdhsa"

@.a = private unnamed_addr constant [2 x i8] c"a\00"
@.b = private unnamed_addr constant [2 x i8] c"b\00"
declare void @__sqtt_named_marker_point(ptr)

define amdgpu_kernel void @k() {
  call void @__sqtt_named_marker_point(ptr @.a)
  call void @__sqtt_named_marker_point(ptr @.b)
  ret void
}
