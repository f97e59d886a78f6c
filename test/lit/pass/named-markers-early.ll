; Early resolves named markers to bare header traces (no boundaries yet),
; numbering names from 1 and deduplicating per kind: enter, point and data
; markers of one name are three markers. The ledger goes to
; !sqtt.markers.early for Late; sentinels whose name is not yet a literal stay.
; Unused sentinel declarations are removed; the unresolved one's stays.
; RUN: %opt -passes=sqtt-early -S %s | FileCheck %s \
; RUN:   --implicit-check-not="declare void @__sqtt_named_marker_enter" \
; RUN:   --implicit-check-not="declare void @__sqtt_named_marker_data"
; RUN: %opt -passes=sqtt-early -S %s | FileCheck %s --check-prefix=DECL
; DECL: declare void @__sqtt_named_marker_point(ptr)
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

@.x = private unnamed_addr constant [2 x i8] c"x\00"
@.y = private unnamed_addr constant [2 x i8] c"y\00"
@g = global ptr null
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)
declare void @__sqtt_named_marker_point(ptr)
declare void @__sqtt_named_marker_data(ptr, i32)

; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 6){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 8){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 12){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata(i32 7){{( #[0-9]+)?}}, !sqtt.payload_group !{{[0-9]+}}, !sqtt.raw_payload
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 6){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 18){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 1){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: %p = load ptr, ptr @g
; CHECK-NEXT: call void @__sqtt_named_marker_point(ptr %p)
; CHECK-NEXT: ret void
define amdgpu_kernel void @k() "target-cpu"="gfx1100" {
  call void @__sqtt_named_marker_enter(ptr @.x)
  call void @__sqtt_named_marker_point(ptr @.x)
  call void @__sqtt_named_marker_data(ptr @.x, i32 7)
  call void @__sqtt_named_marker_enter(ptr @.x)
  call void @__sqtt_named_marker_enter(ptr @.y)
  call void @__sqtt_named_marker_exit(ptr @.y)
  %p = load ptr, ptr @g
  call void @__sqtt_named_marker_point(ptr %p)
  ret void
}

; CHECK: !sqtt.markers.early = !{![[R1:[0-9]+]], ![[R2:[0-9]+]], ![[R3:[0-9]+]], ![[R4:[0-9]+]]}
; CHECK: !sqtt.early.done = !{}
; CHECK: ![[R1]] = !{i32 1, i32 2, !"x", i32 0, !"", i32 0}
; CHECK: ![[R2]] = !{i32 2, i32 3, !"x", i32 0, !"", i32 0}
; CHECK: ![[R3]] = !{i32 3, i32 3, !"x", i32 0, !"", i32 1}
; CHECK: ![[R4]] = !{i32 4, i32 2, !"y", i32 0, !"", i32 0}
