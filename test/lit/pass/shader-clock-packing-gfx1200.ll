; gfx1200/gfx1201 with SQTT_SHADER_CLOCK_BITS=12: every header the pass
; creates, and every bare exit (value 1, numeric ones included), carries
; s_getreg(HW_REG_SHADER_CYCLES_LO, shift 4, 12 bits) in its top 12 bits and
; always takes the m0 form; numeric point/enter markers keep their legacy
; value. The map says which layout is in use.
; RUN: env SQTT_SHADER_CLOCK_BITS=12 SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -passes=sqtt-late -S %s | FileCheck %s
; RUN: env SQTT_SHADER_CLOCK_BITS=8 SQTT_SHADER_CLOCK_SHIFT=6 SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -passes=sqtt-late -S %s | FileCheck %s --check-prefix=BITS8
; RUN: env SQTT_SHADER_CLOCK_BITS=0 SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -passes=sqtt-late -S %s | FileCheck %s --check-prefix=OFF
; REQUIRES: amdgpu-registered-target

; The numeric point (value 400: ID 100) is a known marker (D24).
; CHECK: c"M:shader_clock_bits=12;shader_clock_shift=4\0AK:k\0AU:1:phase\0AP:100:100\0A\00"
; BITS8: c"M:shader_clock_bits=8;shader_clock_shift=6\0AK:k\0AU:1:phase\0AP:100:100\0A\00"
; OFF: c"K:k\0AU:1:phase\0AP:100:100\0A\00"

target triple = "amdgcn-amd-amdhsa"

@.s = private unnamed_addr constant [6 x i8] c"phase\00"
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)
declare void @llvm.amdgcn.s.ttracedata(i32)

; (12 - 1) << 11 | 4 << 6 | 29 = 22813; the ID keeps the low 20 bits.
; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: %[[C1:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 22813)
; CHECK-NEXT: %[[H1:.*]] = shl i32 %[[C1]], 20
; CHECK-NEXT: %[[P1:.*]] = or i32 %[[H1]], 6
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %[[P1]]){{( #[0-9]+)?}}, !sqtt.marker_header
; The numeric point is packed like the named marker: its ID is in the map.
; CHECK: %[[CN:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 22813)
; CHECK-NEXT: %[[HN:.*]] = shl i32 %[[CN]], 20
; CHECK-NEXT: %[[PN:.*]] = or i32 %[[HN]], 400
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %[[PN]]){{( #[0-9]+)?}}, !sqtt.marker_header
; The numeric exit (value 1) is packed like every bare exit.
; CHECK: %[[C2:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 22813)
; CHECK-NEXT: %[[H2:.*]] = shl i32 %[[C2]], 20
; CHECK-NEXT: %[[P2:.*]] = or i32 %[[H2]], 1
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %[[P2]])
; The named exit.
; CHECK: call i32 @llvm.amdgcn.s.getreg(i32 22813)
; CHECK-NOT: ttracedata.imm
; CHECK: ret void

; (8 - 1) << 11 | 6 << 6 | 29 = 14749; 24 bits left below the clock.
; BITS8: %[[C:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 14749)
; BITS8-NEXT: shl i32 %[[C]], 24

; OFF-NOT: s.getreg
; OFF: call void @llvm.amdgcn.s.ttracedata.imm(i16 6)
define amdgpu_kernel void @k() {
  call void @__sqtt_named_marker_enter(ptr @.s)
  call void @llvm.amdgcn.s.ttracedata(i32 400)
  call void @llvm.amdgcn.s.ttracedata(i32 1)
  call void @__sqtt_named_marker_exit(ptr @.s)
  ret void
}
