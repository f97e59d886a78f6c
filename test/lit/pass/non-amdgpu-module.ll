; The host half of a HIP compilation loads the plugin too: a non-AMDGPU
; module is left untouched, sentinels and all, and gets no funcmap.
; RUN: %opt -passes=sqtt-early,sqtt-late -S %s | FileCheck %s
; RUN: %opt -passes='default<O2>' -S %s | FileCheck %s

; CHECK: call void @__sqtt_named_marker_point(ptr {{(nonnull )?}}@.str)
; CHECK-NOT: sqtt_funcmap
; CHECK-NOT: ttracedata

target triple = "x86_64-unknown-linux-gnu"

@.str = private unnamed_addr constant [4 x i8] c"abc\00"
declare void @__sqtt_named_marker_point(ptr)

define void @host() {
  call void @__sqtt_named_marker_point(ptr @.str)
  ret void
}
