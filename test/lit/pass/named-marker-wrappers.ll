; Functions that pass their own parameter to a sentinel (the markers.hpp
; wrappers, or a user's helper around them) are inlined at every call so the
; literal reaches the sentinel, nested wrappers included; wrappers left
; unused are deleted and never appear in the map.
; RUN: env SQTT_SCOPE_CU=-1 %opt -passes=sqtt-early -S %s | FileCheck %s
; RUN: env SQTT_SCOPE_CU=-1 %opt -passes='default<O2>' -S %s | FileCheck %s --check-prefix=MAP
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

@.s1 = private unnamed_addr constant [6 x i8] c"outer\00"
@.s2 = private unnamed_addr constant [6 x i8] c"inner\00"
declare void @__sqtt_named_marker_enter(ptr)

define internal void @sqtt_marker_enter(ptr %name) "target-cpu"="gfx942" {
  call void @__sqtt_named_marker_enter(ptr %name)
  ret void
}

; A user helper wrapping the header's wrapper.
define internal void @my_scope(ptr %label) noinline "target-cpu"="gfx942" {
  call void @sqtt_marker_enter(ptr %label)
  ret void
}

; CHECK-NOT: define internal void @sqtt_marker_enter
; CHECK-NOT: define internal void @my_scope
; CHECK-LABEL: define void @device_fn(
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata(i32 6){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata(i32 10){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: ret void
define void @device_fn() "target-cpu"="gfx942" {
  call void @sqtt_marker_enter(ptr @.s1)
  call void @my_scope(ptr @.s2)
  ret void
}

; MAP: c"U:1:outer\0AU:2:inner\0A\00"
