; A name that never becomes a string literal is dropped with a warning naming
; the function (and the line when debug info exists); the compilation goes
; on and the sentinel disappears, so the code object links.
; RUN: env SQTT_SCOPE_CU=-1 %opt -passes='default<O2>' -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; REQUIRES: amdgpu-registered-target

; WARN: warning: sqtt: k: the argument of sqtt_marker_enter() is not a string literal; marker dropped
; WARN-NOT: warning

; CHECK-NOT: __sqtt_named_marker
; CHECK-NOT: ttracedata

target triple = "amdgcn-amd-amdhsa"

declare void @__sqtt_named_marker_enter(ptr)

define amdgpu_kernel void @k(ptr %runtime_name) "target-cpu"="gfx942" {
  call void @__sqtt_named_marker_enter(ptr %runtime_name)
  ret void
}
