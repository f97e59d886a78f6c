; A marker name holding a character that would break a map row (newline,
; carriage return, NUL, or '@', which readers take as the start of a source
; location) is written with '_' instead, and the user is warned.
; RUN: env SQTT_SCOPE_CU=-1 %opt -passes=sqtt-late -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; REQUIRES: amdgpu-registered-target

; CHECK: c"K:k\0AU:1:user_host\0AP:2:two_lines\0A\00"
; WARN: warning: sqtt: marker name 'user@host' contains a character that would break .sqtt_funcmap; written as 'user_host'
; WARN: warning: sqtt: marker name 'two\nlines' contains a character that would break .sqtt_funcmap; written as 'two_lines'

target triple = "amdgcn-amd-amdhsa"

@.at = private unnamed_addr constant [10 x i8] c"user@host\00"
@.nl = private unnamed_addr constant [10 x i8] c"two\0Alines\00"
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_point(ptr)

define amdgpu_kernel void @k() "target-cpu"="gfx1100" {
  call void @__sqtt_named_marker_enter(ptr @.at)
  call void @__sqtt_named_marker_point(ptr @.nl)
  ret void
}
