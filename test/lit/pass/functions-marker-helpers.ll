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

; Numeric wrappers: arithmetic on the argument around an s_ttracedata
; intrinsic (markers.hpp's sqtt_marker_enter(uint32_t)) or inline asm that
; writes s_ttracedata, and a helper whose only job is calling one of them.
; CHECK-LABEL: define internal void @numeric_enter(
; CHECK-NOT: !sqtt.func.id
; CHECK-NOT: ttracedata.imm
; CHECK: ret void
define internal void @numeric_enter(i32 %id) noinline "target-cpu"="gfx1100" {
  %shl = shl i32 %id, 2
  %v = or i32 %shl, 2
  call void @llvm.amdgcn.sched.barrier(i32 0)
  call void @llvm.amdgcn.s.ttracedata(i32 %v)
  call void @llvm.amdgcn.sched.barrier(i32 0)
  ret void
}

; CHECK-LABEL: define internal void @asm_point(
; CHECK-NOT: !sqtt.func.id
; CHECK-NOT: ttracedata.imm
; CHECK: ret void
define internal void @asm_point(i32 %v) noinline "target-cpu"="gfx1100" {
  %u = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %v)
  call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %u)
  ret void
}

; CHECK-LABEL: define internal void @checkpoint(
; CHECK-NOT: !sqtt.func.id
; CHECK-NOT: ttracedata.imm
; CHECK: ret void
define internal void @checkpoint(i32 %step) noinline "target-cpu"="gfx1100" {
  %id = add i32 %step, 100
  call void @numeric_enter(i32 %id)
  ret void
}

; CHECK-LABEL: define i32 @numeric_user(
; CHECK-SAME: !sqtt.func.id
define i32 @numeric_user(i32 %x) noinline "target-cpu"="gfx1100" {
  call void @checkpoint(i32 3)
  call void @asm_point(i32 %x)
  %y = mul i32 %x, %x
  ret i32 %y
}

declare void @llvm.amdgcn.s.ttracedata(i32)
declare void @llvm.amdgcn.sched.barrier(i32)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)

; CHECK: !sqtt.markers.early = !{![[U:[0-9]+]], ![[F:[0-9]+]], ![[N:[0-9]+]]}
; CHECK-DAG: ![[U]] = !{i32 1, i32 2, !"phase"
; CHECK-DAG: ![[F]] = !{i32 2, i32 0, !"real_work"
; CHECK-DAG: ![[N]] = !{i32 3, i32 0, !"numeric_user"

; O0: c"F:2:real_work\0AF:3:numeric_user\0AU:1:phase\0A\00"
