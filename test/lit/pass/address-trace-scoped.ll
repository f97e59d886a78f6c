; With scope filtering the whole address block (header, EXEC, fixed words,
; lane loops, boundaries) sits behind one check, in sqtt.addr.trace, so its
; records are never split; no sched_barrier and no pin, even before a sync.
; Unscoped it has exactly one sched_barrier and one boundary on each side.
; RUN: env SQTT_TRACE_ADDRESSES=memory SQTT_SCOPE_CU=0x3 \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -passes=sqtt-late -S %s | FileCheck %s %boundary --check-prefix=SCOPED
; RUN: env SQTT_TRACE_ADDRESSES=memory SQTT_SCOPE_CU=-1 \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1200 -passes=sqtt-late -S %s | FileCheck %s %boundary --check-prefix=UNSCOPED
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

; SCOPED-LABEL: define amdgpu_kernel void @k(
; SCOPED: br i1 %[[OK:.*]], label %[[T:sqtt.addr.trace[0-9]*]], label %[[S:sqtt.addr.skip[0-9]*]]
; SCOPED: [[T]]:
; SCOPED-NEXT: [[BOUNDARY]]
; SCOPED-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 4)
; SCOPED: sqtt.lanes.loop
; SCOPED: sqtt.lanes.after:
; SCOPED-NEXT: [[BOUNDARY]]
; SCOPED-NEXT: br label %[[S]]
; SCOPED: [[S]]:
; SCOPED-NEXT: store i32 1, ptr addrspace(1) %g
; SCOPED-NEXT: call void @llvm.amdgcn.s.barrier()
; SCOPED-NOT: sched.barrier
; SCOPED: ret void

; UNSCOPED-LABEL: define amdgpu_kernel void @k(
; UNSCOPED-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; UNSCOPED-NEXT: [[BOUNDARY]]
; UNSCOPED-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 4)
; UNSCOPED-NOT: [[BOUNDARY]]
; UNSCOPED: sqtt.lanes.after:
; UNSCOPED-NEXT: [[BOUNDARY]]
; UNSCOPED-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; UNSCOPED-NEXT: store i32 1, ptr addrspace(1) %g
define amdgpu_kernel void @k(ptr addrspace(1) %g) {
  store i32 1, ptr addrspace(1) %g
  call void @llvm.amdgcn.s.barrier()
  ret void
}

declare void @llvm.amdgcn.s.barrier()
