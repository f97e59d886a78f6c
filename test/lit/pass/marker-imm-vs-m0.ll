; A header whose value fits 8 bits uses s_ttracedata_imm on gfx10+; larger
; values, and every value on gfx9, use the m0 form, lowered to
; s_mov_b32 m0 + s_nop 0 + s_ttracedata. Exits are the bare value 1.
; RUN: env SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none %opt -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

; 63 named markers fit the immediate (ID 63 enter = 254); the 64th does not.
@.s = private unnamed_addr constant [2 x i8] c"s\00"
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_point(ptr)
declare void @__sqtt_named_marker_exit(ptr)

; CHECK-LABEL: define amdgpu_kernel void @rdna(
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 6){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 1){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 8){{( #[0-9]+)?}}, !sqtt.marker_header
define amdgpu_kernel void @rdna() "target-cpu"="gfx1100" {
  call void @__sqtt_named_marker_enter(ptr @.s)
  call void @__sqtt_named_marker_exit(ptr @.s)
  call void @__sqtt_named_marker_point(ptr @.s)
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @gfx9(
; CHECK: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 6){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 1){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NOT: ttracedata.imm
; CHECK: ret void
define amdgpu_kernel void @gfx9() "target-cpu"="gfx90a" {
  call void @__sqtt_named_marker_enter(ptr @.s)
  call void @__sqtt_named_marker_exit(ptr @.s)
  ret void
}
