; Scope filtering on gfx10+: one s_getreg per narrowed dimension, in the
; order wave, SIMD, CU (WGP), workgroup slot, reading HW_ID1[4:0], HW_ID1[9:8],
; HW_ID1[13:10] and HW_ID2[20:16]. The check is built once per function, at
; the top of the entry block, and each marker sits in its own sqtt.trace
; block; no sched_barrier is added around scoped markers.
; RUN: env SQTT_SCOPE_WAVE=0x5 SQTT_SCOPE_SIMD=0x1 SQTT_SCOPE_CU=0x3 SQTT_SCOPE_WG=0x7 \
; RUN:   %opt -passes=sqtt-late -S %s | FileCheck %s %boundary
; RUN: env SQTT_SCOPE_CU=0x1 %opt -passes=sqtt-late -S %s | FileCheck %s %boundary --check-prefix=CU
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

@.a = private unnamed_addr constant [2 x i8] c"a\00"
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)

; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK-NEXT: %[[W:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 8215)
; CHECK-NEXT: %[[WS:.*]] = lshr i32 5, %[[W]]
; CHECK-NEXT: %[[WB:.*]] = and i32 %[[WS]], 1
; CHECK-NEXT: %[[WIN:.*]] = icmp ne i32 %[[WB]], 0
; CHECK-NEXT: %[[S:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 2583)
; CHECK-NEXT: lshr i32 1, %[[S]]
; CHECK: %[[C:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 6807)
; CHECK-NEXT: lshr i32 3, %[[C]]
; CHECK: %[[G:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 9240)
; CHECK-NEXT: lshr i32 7, %[[G]]
; CHECK: %[[OK:.*]] = and i1
; CHECK-NEXT: %p = alloca i32
; CHECK-NEXT: br i1 %[[OK]], label %[[T1:sqtt.trace[0-9]*]], label %[[S1:sqtt.skip[0-9]*]]
; CHECK: [[T1]]:
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 6)
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: br label %[[S1]]
; CHECK: [[S1]]:
; CHECK-NEXT: store i32 1
; CHECK-NEXT: br i1 %[[OK]], label %[[T2:sqtt.trace[0-9]*]], label %[[S2:sqtt.skip[0-9]*]]
; CHECK: [[T2]]:
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 1)
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: br label %[[S2]]
; CHECK: [[S2]]:
; CHECK-NEXT: ret void
; CHECK-NEXT: }
; CHECK-NOT: call i32 @llvm.amdgcn.s.getreg
; CHECK-NOT: call void @llvm.amdgcn.sched.barrier

; Only the narrowed dimension is read.
; CU-LABEL: define amdgpu_kernel void @k(
; CU-NEXT: call i32 @llvm.amdgcn.s.getreg(i32 6807)
; CU-NEXT: lshr i32 1,
; CU-NOT: call i32 @llvm.amdgcn.s.getreg
define amdgpu_kernel void @k() "target-cpu"="gfx1100" {
  %p = alloca i32, addrspace(5)
  call void @__sqtt_named_marker_enter(ptr @.a)
  store i32 1, ptr addrspace(5) %p
  call void @__sqtt_named_marker_exit(ptr @.a)
  ret void
}
