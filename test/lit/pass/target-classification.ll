; Targets are classified by AMDGPU ISA version, not by name: gfx9 gets only
; the m0 form, gfx10+ the immediate form for small values, and legacy names
; (fiji = gfx803), unknown CPUs and functions without "target-cpu" are left
; alone, without even a K: row. The numeric marker (enter 1, value 6) is in
; the map once (D24), from the targets that are instrumented.
; RUN: env SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none %opt -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.ttracedata(i32)

; Only known targets are listed.
; CHECK: c"K:gfx942_kernel\0AK:gfx1030_kernel\0AU:1:1\0A\00"

; CHECK-LABEL: define amdgpu_kernel void @gfx942_kernel(
; CHECK: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 6)
define amdgpu_kernel void @gfx942_kernel() "target-cpu"="gfx942" {
  call void @llvm.amdgcn.s.ttracedata(i32 6)
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @fiji_kernel(
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata(i32 6)
; CHECK-NEXT: ret void
define amdgpu_kernel void @fiji_kernel() "target-cpu"="fiji" {
  call void @llvm.amdgcn.s.ttracedata(i32 6)
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @tahiti_kernel(
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata(i32 6)
define amdgpu_kernel void @tahiti_kernel() "target-cpu"="tahiti" {
  call void @llvm.amdgcn.s.ttracedata(i32 6)
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @no_cpu_kernel(
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata(i32 6)
define amdgpu_kernel void @no_cpu_kernel() {
  call void @llvm.amdgcn.s.ttracedata(i32 6)
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @gfx1030_kernel(
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 6){{( #[0-9]+)?}}, !sqtt.marker_header
define amdgpu_kernel void @gfx1030_kernel() "target-cpu"="gfx1030" {
  call void @llvm.amdgcn.s.ttracedata(i32 6)
  ret void
}

