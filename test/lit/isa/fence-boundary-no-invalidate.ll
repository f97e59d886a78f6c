; The default boundary never makes codegen invalidate a global cache, on any
; target, with tgsplit too, on every LLVM line (D19). On LLVM 22 it is a
; workgroup acq_rel fence tagged as synchronizing LDS only (an untagged
; workgroup fence would emit buffer_inv/buffer_wbinvl1); on LLVM 19, which
; does not narrow that fence, it falls back to the empty-asm boundary
; (SQTTBoundary.h). make test runs this on 22, make test-llvm19 on 19.
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=sqtt-late %s -o %t.gfx90a.bc
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -verify-machineinstrs %t.gfx90a.bc -o - | FileCheck %s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -mattr=+tgsplit -verify-machineinstrs %t.gfx90a.bc -o - | FileCheck %s
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late %s -o %t.gfx942.bc
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs %t.gfx942.bc -o - | FileCheck %s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -mattr=+tgsplit -verify-machineinstrs %t.gfx942.bc -o - | FileCheck %s
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -verify-machineinstrs -o - | FileCheck %s
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -verify-machineinstrs -o - | FileCheck %s
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -verify-machineinstrs -o - | FileCheck %s
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -verify-machineinstrs -o - | FileCheck %s
; RUN: %if gfx1250 %{ %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -passes=sqtt-late %s | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -verify-machineinstrs -o - | FileCheck %s %}
; REQUIRES: amdgpu-registered-target

; CHECK-LABEL: k:
; CHECK-NOT: {{global_inv|buffer_gl0_inv|buffer_gl1_inv|buffer_inv|buffer_wbinvl1}}
; CHECK: s_ttracedata
; CHECK-NOT: {{global_inv|buffer_gl0_inv|buffer_gl1_inv|buffer_inv|buffer_wbinvl1}}
; CHECK: s_ttracedata
; CHECK-NOT: {{global_inv|buffer_gl0_inv|buffer_gl1_inv|buffer_inv|buffer_wbinvl1}}
; CHECK: s_endpgm

@.a = private unnamed_addr constant [2 x i8] c"a\00"
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)

define amdgpu_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  call void @__sqtt_named_marker_enter(ptr @.a)
  %x = load i32, ptr addrspace(1) %p
  store i32 %x, ptr addrspace(1) %q
  call void @__sqtt_named_marker_exit(ptr @.a)
  ret void
}
