; A module with a kernel always gets a map, even with nothing instrumented,
; so decoders can resolve kernel addresses; a module without kernels or
; markers gets none.
; RUN: %opt -passes=sqtt-late -S %s | FileCheck %s
; RUN: %opt -passes=sqtt-late -S %S/Inputs/device-function-only.ll | FileCheck %s --check-prefix=NONE
; REQUIRES: amdgpu-registered-target

; CHECK: c"K:only_kernel\0A\00", section ".sqtt_funcmap"
; NONE-NOT: sqtt_funcmap

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @only_kernel() "target-cpu"="gfx1201" {
  ret void
}
