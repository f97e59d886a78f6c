; Every full s_ttracedata becomes one inline-asm block that waits and traces,
; on every target (gfx9 included), with the value as its m0 input (the backend
; writes m0 right before it; never an m0 output or clobber). A value that is
; not plainly wave-uniform is read from the first active lane first. The call's metadata
; and debug location carry over; s_ttracedata_imm stays an intrinsic.
; RUN: env SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none %opt -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.ttracedata(i32)
declare void @llvm.amdgcn.s.ttracedata.imm(i16)
declare i32 @llvm.amdgcn.readlane.i32(i32, i32)
declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 1028){{( #[0-9]+)?}}, !sqtt.test.trace ![[TAG:[0-9]+]]
; CHECK: %[[RFL:.*]] = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %tid)
; CHECK: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %[[RFL]])
; CHECK-NOT: readfirstlane
; CHECK: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %uniform)
; CHECK: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %sgpr)
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 5)
; CHECK-NOT: call void @llvm.amdgcn.s.ttracedata(
; CHECK: ![[TAG]] = !{!"kept"}
define amdgpu_kernel void @k(i32 inreg %sgpr) "target-cpu"="gfx942" {
  call void @llvm.amdgcn.s.ttracedata(i32 1028), !sqtt.test.trace !0
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  call void @llvm.amdgcn.s.ttracedata(i32 %tid)
  %uniform = call i32 @llvm.amdgcn.readlane.i32(i32 %tid, i32 3)
  call void @llvm.amdgcn.s.ttracedata(i32 %uniform)
  call void @llvm.amdgcn.s.ttracedata(i32 %sgpr)
  call void @llvm.amdgcn.s.ttracedata.imm(i16 5)
  ret void
}

!0 = !{!"kept"}
