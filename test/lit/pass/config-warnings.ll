; Invalid SQTT_* values give one "warning: sqtt:" each, naming the variable,
; the bad value and the value used instead; compilation goes on with it.
; RUN: env SQTT_MEM_BARRIER=bogus SQTT_SCOPE_CU=0x3zz SQTT_INSTRUMENT_BARRIERS=enable SQTT_WAIT_AT_EXIT=maybe \
; RUN:   SQTT_INSTRUMENT_FUNCTIONS=lots SQTT_INSTRUMENT_MEMORY=4 SQTT_SHADER_CLOCK_BITS=abc \
; RUN:   SQTT_TRACE_ADDRESSES=memory,bogus \
; RUN:   %opt -passes=sqtt-late -S %s 2>%t.err | FileCheck %s %boundary --check-prefix=IR
; RUN: FileCheck %s %boundary --check-prefix=WARN < %t.err
; REQUIRES: amdgpu-registered-target

; WARN: warning: sqtt: invalid value 'enable' for SQTT_INSTRUMENT_BARRIERS (expected 1|0|yes|no|true|false|on|off); using 0
; WARN-NEXT: warning: sqtt: invalid value 'maybe' for SQTT_WAIT_AT_EXIT (expected 1|0|yes|no|true|false|on|off); using 0
; WARN-NEXT: warning: sqtt: invalid value 'lots' for SQTT_INSTRUMENT_FUNCTIONS (expected N or cost:N with a decimal N); using 0 (disabled)
; WARN-NEXT: warning: sqtt: invalid value '4' for SQTT_INSTRUMENT_MEMORY (expected N:M with N > 0 operations per marker and a gap of M, or off); using off
; WARN-NEXT: warning: sqtt: invalid value 'bogus' for SQTT_MEM_BARRIER (expected none|asm|fence|0|1|2); using 'fence'
; WARN-NEXT: warning: sqtt: invalid value 'abc' for SQTT_SHADER_CLOCK_BITS (expected a decimal number); using 0
; WARN-NEXT: warning: sqtt: invalid value '0x3zz' for SQTT_SCOPE_CU (expected a 32-bit mask such as 0x3, or -1 for all); using 0x3
; WARN-NEXT: warning: sqtt: unknown category 'bogus' in SQTT_TRACE_ADDRESSES='memory,bogus' (expected memory, lds or memory,lds); ignoring it
; WARN-NOT: sqtt:

; The defaults were used: the default boundary and the CU 0x3 scope check
; (WGPs 0-1: the WGP id's bits from bit 1 up are zero).
; IR: %sqtt.in = call i32 asm "s_getreg_b32 $0, hwreg(23, 11, 3)", "=s"()
; IR: [[BOUNDARY]]
; IR-NEXT: call void asm sideeffect

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.ttracedata(i32)

define amdgpu_kernel void @k() "target-cpu"="gfx1100" {
  call void @llvm.amdgcn.s.ttracedata(i32 8)
  ret void
}
