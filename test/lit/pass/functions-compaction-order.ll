; Surviving function and Early named-marker IDs are renumbered together by
; emission count, most emitted first, ties by original ID, so the hottest
; markers get the smallest IDs and fit s_ttracedata_imm. Every enter and
; every exit of a function counts, inlined copies included; a fused
; exit+enter counts for the entered marker.
; RUN: env SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -passes='sqtt-early,always-inline,sqtt-late' -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

; Early IDs: point "tick" 1, "a" 2, "b" 3 (named markers resolve first), then
; @hot 4, @tie_first 5, @tie_second 6.
; Emissions: @hot inlined three times = 6, @tie_first 2, @tie_second 2,
; "b" 2 (one plain enter, one fused), "a" 1, "tick" 1.
; New IDs: hot 1, b 2, tie_first 3, tie_second 4, tick 5, a 6.
; CHECK: c"F:1:hot\0AF:3:tie_first\0AF:4:tie_second\0AK:kernel\0AP:5:tick\0AU:6:a\0AU:2:b\0A\00"

target triple = "amdgcn-amd-amdhsa"

@.tick = private unnamed_addr constant [5 x i8] c"tick\00"
@.a = private unnamed_addr constant [2 x i8] c"a\00"
@.b = private unnamed_addr constant [2 x i8] c"b\00"
declare void @__sqtt_named_marker_point(ptr)
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)

define internal void @hot(ptr addrspace(1) %p) alwaysinline "target-cpu"="gfx1100" {
  store i32 0, ptr addrspace(1) %p
  ret void
}

; The function exits are bare exits after compaction.
; CHECK-LABEL: define void @tie_first(
; CHECK: ttracedata.imm(i16 14)
; CHECK: ttracedata.imm(i16 1)
; CHECK-LABEL: define void @tie_second(
; CHECK: ttracedata.imm(i16 18)
; CHECK: ttracedata.imm(i16 1)
define void @tie_first(ptr addrspace(1) %p) noinline "target-cpu"="gfx1100" {
  store i32 1, ptr addrspace(1) %p
  ret void
}

define void @tie_second(ptr addrspace(1) %p) noinline "target-cpu"="gfx1100" {
  store i32 2, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @kernel(
; CHECK: ttracedata.imm(i16 20)
; CHECK: ttracedata.imm(i16 26)
; CHECK: ttracedata.imm(i16 11)
; CHECK: ttracedata.imm(i16 10)
; CHECK: ttracedata.imm(i16 6)
; CHECK: ttracedata.imm(i16 1)
define amdgpu_kernel void @kernel(ptr addrspace(1) %p) "target-cpu"="gfx1100" {
  call void @__sqtt_named_marker_point(ptr @.tick)
  call void @__sqtt_named_marker_enter(ptr @.a)
  call void @__sqtt_named_marker_exit(ptr @.a)
  call void @__sqtt_named_marker_enter(ptr @.b)
  call void @__sqtt_named_marker_enter(ptr @.b)
  call void @hot(ptr addrspace(1) %p)
  call void @hot(ptr addrspace(1) %p)
  call void @hot(ptr addrspace(1) %p)
  call void @tie_first(ptr addrspace(1) %p)
  call void @tie_second(ptr addrspace(1) %p)
  ret void
}

