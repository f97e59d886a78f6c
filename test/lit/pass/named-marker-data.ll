; sqtt_marker_data("name", v) is a point header followed by one raw payload
; record. A per-lane value is read from the first active lane; a constant is
; written as is. The header and its payload form one range: boundaries and
; scope checks go around both, never between. The map gets an R: row.
; RUN: env SQTT_SCOPE_CU=-1 %opt -passes=sqtt-late -S %s | FileCheck %s %boundary --check-prefixes=CHECK,UNSCOPED
; RUN: env SQTT_SCOPE_CU=0x3 %opt -passes=sqtt-early,sqtt-late -S %s | FileCheck %s %boundary --check-prefixes=CHECK,SCOPED
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

@.d = private unnamed_addr constant [6 x i8] c"count\00"
declare void @__sqtt_named_marker_data(ptr, i32)
declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK: c"K:k\0AP:1:count\0AR:1:extra_payload_count=1\0A\00"
; CHECK-LABEL: define amdgpu_kernel void @k(
; UNSCOPED: call void @llvm.amdgcn.sched.barrier(i32 0)
; SCOPED: sqtt.trace:
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 4){{( #[0-9]+)?}}, !sqtt.marker_header !{{[0-9]+}}, !sqtt.payload_group ![[G:[0-9]+]]
; CHECK-NEXT: %[[V:.*]] = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %tid), !sqtt.payload_group ![[G]]
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %[[V]])
; CHECK-NEXT: [[BOUNDARY]]
; UNSCOPED-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; The two markers share one scope check.
; SCOPED-NEXT: [[BOUNDARY]]
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 4)
; CHECK-NOT: readfirstlane
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 42)
; CHECK: ![[G]] = distinct !{}
define amdgpu_kernel void @k() "target-cpu"="gfx1100" {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  call void @__sqtt_named_marker_data(ptr @.d, i32 %tid)
  call void @__sqtt_named_marker_data(ptr @.d, i32 42)
  ret void
}
