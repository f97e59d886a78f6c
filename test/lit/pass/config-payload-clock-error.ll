; Payload-bearing markers (sqtt_marker_data here) cannot share a record
; stream with clock-packed headers: a nonzero SQTT_SHADER_CLOCK_BITS is then a
; compile error, on any target.
; RUN: env SQTT_SHADER_CLOCK_BITS=12 not %opt -passes=sqtt-late -disable-output %s 2>&1 | FileCheck %s
; RUN: env SQTT_SHADER_CLOCK_BITS=0 %opt -passes=sqtt-late -disable-output %s 2>&1 | count 0
; Address traces carry payloads too.
; RUN: env SQTT_SHADER_CLOCK_BITS=12 SQTT_TRACE_ADDRESSES=memory not %opt -passes=sqtt-late -disable-output %S/Inputs/global-load.ll 2>&1 | FileCheck %s --check-prefix=ADDR
; ADDR: error: sqtt: SQTT_SHADER_CLOCK_BITS=12 cannot be combined with payload markers ('addr_trace_load' carries 66 payload records)
; REQUIRES: amdgpu-registered-target

; CHECK: error: sqtt: SQTT_SHADER_CLOCK_BITS=12 cannot be combined with payload markers ('value' carries 1 payload records); set SQTT_SHADER_CLOCK_BITS=0
; CHECK-NOT: Stack dump

target triple = "amdgcn-amd-amdhsa"

@.str = private unnamed_addr constant [6 x i8] c"value\00"
declare void @__sqtt_named_marker_data(ptr, i32)

define amdgpu_kernel void @k(i32 %v) "target-cpu"="gfx942" {
  call void @__sqtt_named_marker_data(ptr @.str, i32 %v)
  ret void
}
