; A kernel whose markers take every scoped form: an in-place enter, a data
; marker behind an IR branch (header + payload), a call in between (the test
; is copied back after it), a point and the exit.
target triple = "amdgcn-amd-amdhsa"

@.s = private unnamed_addr constant [6 x i8] c"scope\00"
@.n = private unnamed_addr constant [2 x i8] c"n\00"
@.p = private unnamed_addr constant [2 x i8] c"p\00"
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)
declare void @__sqtt_named_marker_point(ptr)
declare void @__sqtt_named_marker_data(ptr, i32)
declare void @external(ptr addrspace(1))

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  call void @__sqtt_named_marker_enter(ptr @.s)
  store i32 1, ptr addrspace(1) %out
  call void @__sqtt_named_marker_data(ptr @.n, i32 %n)
  call void @external(ptr addrspace(1) %out)
  call void @__sqtt_named_marker_point(ptr @.p)
  call void @__sqtt_named_marker_exit(ptr @.s)
  ret void
}
