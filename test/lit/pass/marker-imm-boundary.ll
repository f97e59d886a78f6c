; s_ttracedata_imm carries 8 bits: IDs 63 and 64 (restored here from an
; Early ledger) encode as enter 254, which still fits, and 258, which takes
; the m0 form even on gfx12.
; RUN: env SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none %opt -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare void @__sqtt_named_marker_enter(ptr)
; IDs 63 and 64 (restored from an Early ledger): enter 63 = 254 still fits
; the immediate, enter 64 = 258 does not, even on gfx12.
@.edge = private unnamed_addr constant [5 x i8] c"edge\00"
@.over = private unnamed_addr constant [5 x i8] c"over\00"
; CHECK-LABEL: define amdgpu_kernel void @wide(
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 254){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 258){{( #[0-9]+)?}}, !sqtt.marker_header
define amdgpu_kernel void @wide() "target-cpu"="gfx1201" {
  call void @__sqtt_named_marker_enter(ptr @.edge)
  call void @__sqtt_named_marker_enter(ptr @.over)
  ret void
}

!sqtt.markers.early = !{!0, !1}
!0 = !{i32 63, i32 2, !"edge", i32 0, !"", i32 0}
!1 = !{i32 64, i32 2, !"over", i32 0, !"", i32 0}
