; Only flat/global (0, 1) and LDS (3) pointers are address-traced: private
; scratch (5), constant (4) and other address spaces are not, nor are
; atomics on them.
; RUN: env SQTT_TRACE_ADDRESSES=memory,lds SQTT_SCOPE_CU=-1 \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

; CHECK: c"K:k\0A\00"
; CHECK-NOT: readlane
; CHECK-NOT: ballot

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(4) %c, ptr addrspace(7) %fat) {
  %s = alloca i32, addrspace(5)
  %v = load i32, ptr addrspace(4) %c
  store i32 %v, ptr addrspace(5) %s
  %w = load i32, ptr addrspace(5) %s
  %x = atomicrmw add ptr addrspace(5) %s, i32 1 monotonic
  store i32 %w, ptr addrspace(7) %fat
  ret void
}
