; D28: the -sqtt-marker-* options take AMD's spellings: a bare switch
; (-sqtt-marker-instrument-barriers) is on, -sqtt-marker-instrument-memory=off
; is no memory markers, mem-barrier none|asm|fence; a bad value is a warning
; that names the option (not the variable) and the value used instead.
; RUN: %opt -sqtt-marker-instrument-barriers -sqtt-marker-scope-cu=-1 -passes=sqtt-late -S %s \
; RUN:   | FileCheck %s --check-prefix=BARRIERS
; RUN: %opt -sqtt-marker-scope-cu=-1 -passes=sqtt-late -S %s | FileCheck %s --check-prefix=NONE
; RUN: env SQTT_INSTRUMENT_MEMORY=2:1 %opt -sqtt-marker-instrument-memory=off -sqtt-marker-scope-cu=-1 \
; RUN:   -sqtt-marker-trace-addresses=memory -passes=sqtt-late -S %s 2>&1 | FileCheck %s --check-prefix=OFF
; RUN: %opt -sqtt-marker-scope-cu=0x3zz -sqtt-marker-instrument-functions -sqtt-marker-mem-barrier=bogus \
; RUN:   -passes=sqtt-late -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN
; RUN: not %opt -sqtt-marker-instrument-memory=2:1 -sqtt-marker-trace-addresses=lds -passes=sqtt-late -S %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONFLICT
; REQUIRES: amdgpu-registered-target

; The barrier marker (ID 3, value 12) right before the barrier.
; BARRIERS: c"K:k\0AP:1:barrier_signal\0AP:2:barrier_wait\0AP:3:barrier\0A\00"
; BARRIERS-LABEL: define amdgpu_kernel void @k(
; BARRIERS: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 12)
; BARRIERS: call void @llvm.amdgcn.s.barrier()
; NONE-NOT: barrier_signal
; NONE-LABEL: define amdgpu_kernel void @k(
; NONE-NOT: s_ttracedata
; NONE: call void @llvm.amdgcn.s.barrier()
; With the variable's memory markers off by the option, address tracing
; does not conflict with it.
; OFF-NOT: mutually exclusive
; OFF: define amdgpu_kernel void @k(
; WARN: warning: sqtt: invalid value '(no value)' for -sqtt-marker-instrument-functions (expected N or cost:N with a decimal N); using 0 (disabled)
; WARN-NEXT: warning: sqtt: invalid value 'bogus' for -sqtt-marker-mem-barrier (expected none|asm|fence|0|1|2); using 'fence'
; WARN-NEXT: warning: sqtt: invalid value '0x3zz' for -sqtt-marker-scope-cu (expected a 32-bit mask such as 0x3, or -1 for all); using 0x3
; CONFLICT: error: sqtt: -sqtt-marker-trace-addresses and -sqtt-marker-instrument-memory are mutually exclusive; unset -sqtt-marker-instrument-memory

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p) "target-cpu"="gfx942" {
  %v = load float, ptr addrspace(1) %p
  call void @llvm.amdgcn.s.barrier()
  store float %v, ptr addrspace(1) %p
  ret void
}

declare void @llvm.amdgcn.s.barrier()
