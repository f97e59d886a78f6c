; SQTT_INSTRUMENT_MEMORY=N:M marks groups of up to N same-kind memory
; operations of one block, after the group's last operation: a load/store
; change or more than M other instructions end a group, and a remainder gets
; its marker too. IDs vmem_load and vmem_store.
; RUN: env SQTT_INSTRUMENT_MEMORY=2:5 SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -passes=sqtt-late -S %s | FileCheck %s --check-prefix=SPEC
; RUN: env SQTT_INSTRUMENT_MEMORY=2:0 SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -passes=sqtt-late -S %s | FileCheck %s --check-prefix=GAP
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

; SPEC: c"K:spec_example\0AK:gap_break\0AP:1:vmem_load\0AP:2:vmem_store\0A\00"

; The specification's example: load load store load load load.
; SPEC-LABEL: define amdgpu_kernel void @spec_example(
; SPEC-NEXT: load i32
; SPEC-NEXT: load i32
; SPEC-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; SPEC-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 4)
; SPEC-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; SPEC-NEXT: store i32
; SPEC-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; SPEC-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 8)
; SPEC-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; SPEC-NEXT: load i32
; SPEC-NEXT: load i32
; SPEC-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; SPEC-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 4)
; SPEC-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; SPEC-NEXT: load i32
; SPEC-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; SPEC-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 4)
; SPEC-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; SPEC-NEXT: ret void
define amdgpu_kernel void @spec_example(ptr addrspace(1) %p) "target-cpu"="gfx1100" {
  %a = load i32, ptr addrspace(1) %p
  %b = load i32, ptr addrspace(1) %p
  store i32 %a, ptr addrspace(1) %p
  %c = load i32, ptr addrspace(1) %p
  %d = load i32, ptr addrspace(1) %p
  %e = load i32, ptr addrspace(1) %p
  ret void
}

; With M=0 any instruction between two loads ends the group:
; ld ld st st ld add ld -> markers after ld2, st2, ld5 (gap) and ld7.
; GAP-LABEL: define amdgpu_kernel void @gap_break(
; GAP: %l2 = load
; GAP: ttracedata.imm(i16 4)
; GAP: store i32 2
; GAP: ttracedata.imm(i16 8)
; GAP: %l5 = load
; GAP: ttracedata.imm(i16 4)
; GAP: %x = add
; GAP: %l7 = load
; GAP: ttracedata.imm(i16 4)
; GAP: ret void
; With M=5 the add does not break the group: ld5 and ld7 share one marker.
; SPEC-LABEL: define amdgpu_kernel void @gap_break(
; SPEC: %x = add
; SPEC-NEXT: %l7 = load
; SPEC-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; SPEC-NEXT: ttracedata.imm(i16 4)
define amdgpu_kernel void @gap_break(ptr addrspace(1) %p) "target-cpu"="gfx1100" {
  %l1 = load i32, ptr addrspace(1) %p
  %l2 = load i32, ptr addrspace(1) %p
  store i32 1, ptr addrspace(1) %p
  store i32 2, ptr addrspace(1) %p
  %l5 = load i32, ptr addrspace(1) %p
  %x = add i32 %l5, 1
  %l7 = load i32, ptr addrspace(1) %p
  ret void
}
