; A shader-clock window that cannot be packed is a compile error on gfx12,
; where packing happens; other targets ignore the clock settings.
; RUN: env SQTT_SHADER_CLOCK_BITS=30 not %opt -passes=sqtt-late -disable-output %s 2>&1 | FileCheck %s --check-prefix=BITS
; RUN: env SQTT_SHADER_CLOCK_BITS=12 SQTT_SHADER_CLOCK_SHIFT=21 not %opt -passes=sqtt-late -disable-output %s 2>&1 | FileCheck %s --check-prefix=WINDOW
; RUN: env SQTT_SHADER_CLOCK_BITS=30 %opt -passes=sqtt-late -disable-output %S/Inputs/gfx942-kernel.ll 2>&1 | count 0
; REQUIRES: amdgpu-registered-target

; BITS: error: sqtt: SQTT_SHADER_CLOCK_BITS=30 leaves no marker ID bit; use at most 29
; WINDOW: error: sqtt: shader clock window SQTT_SHADER_CLOCK_SHIFT=21 + SQTT_SHADER_CLOCK_BITS=12 does not fit in shader_cycles_lo bits [31:0]

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k() "target-cpu"="gfx1201" {
  ret void
}
