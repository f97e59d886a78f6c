; gfx1250 (and later gfx12 parts) read the clock with s_get_shader_cycles_u64,
; shifting the low word right by SQTT_SHADER_CLOCK_SHIFT; the window kept
; is the same source bits as s_getreg's on gfx1200.
; RUN: env SQTT_SHADER_CLOCK_BITS=12 SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target, gfx1250

; CHECK: c"M:shader_clock_bits=12;shader_clock_shift=4\0AK:k\0AU:1:phase\0A\00"
; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: %[[CY:.*]] = call i64 asm sideeffect "s_get_shader_cycles_u64 $0", "=s"()
; CHECK-NEXT: %[[LO:.*]] = trunc i64 %[[CY]] to i32
; CHECK-NEXT: %[[W:.*]] = lshr i32 %[[LO]], 4
; CHECK-NEXT: %[[H:.*]] = shl i32 %[[W]], 20
; CHECK-NEXT: %[[P:.*]] = or i32 %[[H]], 6
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %[[P]])
; CHECK-NOT: s.getreg(i32 22813)

target triple = "amdgcn-amd-amdhsa"

@.s = private unnamed_addr constant [6 x i8] c"phase\00"
declare void @__sqtt_named_marker_enter(ptr)

define amdgpu_kernel void @k() {
  call void @__sqtt_named_marker_enter(ptr @.s)
  ret void
}
