; SQTT_TRACE_ADDRESSES with SQTT_INSTRUMENT_MEMORY is a compile error: one
; "error: sqtt:" line naming both variables and the fix, exit status 1,
; no crash.
; RUN: env SQTT_TRACE_ADDRESSES=memory SQTT_INSTRUMENT_MEMORY=4:7 \
; RUN:   not %opt -passes=sqtt-late -disable-output %s 2>&1 | FileCheck %s
; REQUIRES: amdgpu-registered-target

; CHECK: error: sqtt: SQTT_TRACE_ADDRESSES and SQTT_INSTRUMENT_MEMORY are mutually exclusive; unset SQTT_INSTRUMENT_MEMORY
; CHECK-NOT: error
; CHECK-NOT: Stack dump

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k() "target-cpu"="gfx942" {
  ret void
}
