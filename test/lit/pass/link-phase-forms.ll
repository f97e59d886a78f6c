; The link phase on two IR-linked units (what lld's full LTO sees after an
; -fgpu-rdc device link): both maps are replaced by one with unique IDs, the
; hottest marker first; a header in the m0 form whose new value fits
; s_ttracedata_imm becomes one (gfx1100), on gfx942 it stays m0; bare exits
; keep their value; unit metadata is re-pointed at the one map.
; RUN: %opt -passes=sqtt-link -S %s | FileCheck %s
; A second run changes nothing.
; RUN: %opt -passes=sqtt-link,sqtt-link -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

; Unit A: "hot" (ID 70 there) is emitted twice, "a_only" (ID 1) once.
@.sqtt_func_id_map = internal addrspace(1) constant [26 x i8] c"K:ka\0AU:70:hot\0AU:1:a_only\0A\00", section ".sqtt_funcmap", !sqtt.ledger !0, !sqtt.layout !4
; Unit B: "hot" is ID 1 there too (the same marker), "b_only" ID 2.
@.sqtt_func_id_map.1 = internal addrspace(1) constant [25 x i8] c"K:kb\0AU:1:hot\0AU:2:b_only\0A\00", section ".sqtt_funcmap", !sqtt.ledger !5, !sqtt.layout !4
@llvm.used = appending addrspace(1) global [2 x ptr] [ptr addrspacecast (ptr addrspace(1) @.sqtt_func_id_map to ptr), ptr addrspacecast (ptr addrspace(1) @.sqtt_func_id_map.1 to ptr)], section "llvm.metadata"

; CHECK: @.sqtt_func_id_map = internal addrspace(1) constant {{.*}} c"K:ka\0AK:kb\0AU:1:hot\0AU:2:a_only\0AU:3:b_only\0A\00", section ".sqtt_funcmap", align 1, !sqtt.ledger
; CHECK-NOT: .sqtt_func_id_map.1 =
; CHECK: @llvm.used = appending addrspace(1) global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @.sqtt_func_id_map to ptr)]

; CHECK: define amdgpu_kernel void @ka() {{.*}}!sqtt.unit ![[UNIT:[0-9]+]]
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 6){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 10){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 1){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 6){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: ret void
define amdgpu_kernel void @ka() "target-cpu"="gfx1100" !sqtt.unit !8 {
  call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 282), !sqtt.marker_header !9
  call void @llvm.amdgcn.s.ttracedata.imm(i16 6), !sqtt.marker_header !9
  call void @llvm.amdgcn.s.ttracedata.imm(i16 1), !sqtt.marker_header !9
  call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 282), !sqtt.marker_header !9
  ret void
}

; CHECK: define amdgpu_kernel void @kb() {{.*}}!sqtt.unit ![[UNIT]]
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 14){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 6){{( #[0-9]+)?}}, !sqtt.marker_header
; A numeric markers.hpp marker (no header tag) is the user's: untouched.
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 6)
; CHECK-NOT: !sqtt.marker_header
; CHECK: ret void
define amdgpu_kernel void @kb() "target-cpu"="gfx942" !sqtt.unit !10 {
  call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 10), !sqtt.marker_header !9
  call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 6), !sqtt.marker_header !9
  call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 6)
  ret void
}

declare void @llvm.amdgcn.s.ttracedata.imm(i16 immarg)

; CHECK: !sqtt.link.done = !{}
; CHECK: ![[UNIT]] = !{ptr addrspace(1) @.sqtt_func_id_map}

!0 = !{!1, !2, !3}
!1 = !{i32 0, i32 1, !"ka", i32 0, !"", i32 0}
!2 = !{i32 70, i32 2, !"hot", i32 0, !"", i32 0}
!3 = !{i32 1, i32 2, !"a_only", i32 0, !"", i32 0}
!4 = !{i32 0, i32 0, i32 0}
!5 = !{!6, !7, !11}
!6 = !{i32 0, i32 1, !"kb", i32 0, !"", i32 0}
!7 = !{i32 1, i32 2, !"hot", i32 0, !"", i32 0}
!11 = !{i32 2, i32 2, !"b_only", i32 0, !"", i32 0}
!8 = !{ptr addrspace(1) @.sqtt_func_id_map}
!9 = !{}
!10 = !{ptr addrspace(1) @.sqtt_func_id_map.1}
