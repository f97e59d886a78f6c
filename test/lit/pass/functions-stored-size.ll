; A function that was inlined everywhere and deleted is judged by the size
; Early stored for it: at or below the threshold its inlined markers go, above
; it they stay. (Late input as Early leaves it: ledger, phase marker, bare
; headers inlined into the kernel, the functions themselves gone.)
; RUN: env SQTT_INSTRUMENT_FUNCTIONS=10 SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.ttracedata.imm(i16)

; CHECK: c"F:1:_Z8was_bigv@k.hip:20\0AK:kernel\0A\00"
; CHECK-LABEL: define amdgpu_kernel void @kernel(
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 6)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: store i32 1
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 1)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: store i32 2
; CHECK-NEXT: ret void
define amdgpu_kernel void @kernel(ptr addrspace(1) %p) "target-cpu"="gfx1100" {
  call void @llvm.amdgcn.s.ttracedata.imm(i16 6), !sqtt.marker_header !3
  store i32 1, ptr addrspace(1) %p
  call void @llvm.amdgcn.s.ttracedata.imm(i16 5), !sqtt.marker_header !3
  call void @llvm.amdgcn.s.ttracedata.imm(i16 10), !sqtt.marker_header !3
  store i32 2, ptr addrspace(1) %p
  call void @llvm.amdgcn.s.ttracedata.imm(i16 9), !sqtt.marker_header !3
  ret void
}

!sqtt.markers.early = !{!0, !1}
!sqtt.early.done = !{}
!0 = !{i32 1, i32 0, !"_Z8was_bigv", i32 40, !"k.hip:20", i32 0}
!1 = !{i32 2, i32 0, !"_Z10was_smallv", i32 10, !"k.hip:30", i32 0}
!3 = !{}
