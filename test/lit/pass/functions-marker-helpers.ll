; Functions whose only job is emitting markers (the markers.hpp wrappers, or
; a user helper that just calls sqtt_marker_*) never get function markers of
; their own, whatever the threshold; otherwise every user marker would sit in
; a spurious frame. Real functions are marked as usual.
; RUN: env SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_SCOPE_CU=-1 %opt -passes=sqtt-early -S %s | FileCheck %s
; RUN: env SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_SCOPE_CU=-1 %opt -passes='default<O0>' -S %s | FileCheck %s --check-prefix=O0
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

@.s = private unnamed_addr constant [6 x i8] c"phase\00"
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)

; An externally visible wrapper: kept (it could be called from elsewhere) but
; not instrumented.
; CHECK-LABEL: define void @my_enter(
; CHECK-NOT: ttracedata
; CHECK: ret void
define void @my_enter(ptr %name) noinline "target-cpu"="gfx1100" {
  call void @__sqtt_named_marker_enter(ptr %name)
  ret void
}

; CHECK-LABEL: define void @end_phase(
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 1)
; CHECK-NEXT: ret void
define void @end_phase() noinline "target-cpu"="gfx1100" {
  call void @__sqtt_named_marker_exit(ptr @.s)
  ret void
}

; CHECK-LABEL: define i32 @real_work(
; CHECK-SAME: !sqtt.func.id
define i32 @real_work(i32 %x) noinline "target-cpu"="gfx1100" {
  call void @my_enter(ptr @.s)
  %y = mul i32 %x, %x
  call void @end_phase()
  ret i32 %y
}

; CHECK: !sqtt.markers.early = !{![[U:[0-9]+]], ![[F:[0-9]+]]}
; CHECK-DAG: ![[U]] = !{i32 1, i32 2, !"phase"
; CHECK-DAG: ![[F]] = !{i32 2, i32 0, !"real_work"

; O0: c"F:2:real_work\0AU:1:phase\0A\00"
