; IDs come from one counter, in the specification's order.
; O1+: Early function and named-marker IDs (compacted together), then
; barrier_signal, barrier_wait, barrier, then vmem_load, vmem_store, then
; named markers only Late could resolve. (Rows list named markers before
; system points, whatever their IDs.)
; -O0: the system IDs first, then per function its named markers and its own
; function ID.
; RUN: env SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_INSTRUMENT_BARRIERS=1 SQTT_INSTRUMENT_MEMORY=1:0 SQTT_SCOPE_CU=-1 \
; RUN:   %opt -passes='default<O2>' -S %s | FileCheck %s --check-prefix=O2
; RUN: env SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_INSTRUMENT_BARRIERS=1 SQTT_INSTRUMENT_MEMORY=1:0 SQTT_SCOPE_CU=-1 \
; RUN:   %opt -passes='default<O0>' -S %s 2>/dev/null | FileCheck %s --check-prefix=O0
; REQUIRES: amdgpu-registered-target

; O2: c"F:1:helper\0AK:kernel\0AU:2:early\0AP:8:late\0AP:3:barrier_signal\0AP:4:barrier_wait\0AP:5:barrier\0AP:6:vmem_load\0AP:7:vmem_store\0A\00"
; At -O0 nothing folds the load: "late" is dropped with a warning.
; O0: c"F:6:helper\0AK:kernel\0AU:7:early\0AP:1:barrier_signal\0AP:2:barrier_wait\0AP:3:barrier\0AP:4:vmem_load\0AP:5:vmem_store\0A\00"

target triple = "amdgcn-amd-amdhsa"

@.early = private unnamed_addr constant [6 x i8] c"early\00"
@.late = private unnamed_addr constant [5 x i8] c"late\00"
; Only after globalopt (which runs after Early) is the load known to be @.late.
@late.name = internal unnamed_addr global ptr @.late
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_point(ptr)

define void @helper(ptr addrspace(1) %p) noinline "target-cpu"="gfx1100" {
  %v = load i32, ptr addrspace(1) %p
  %w = mul i32 %v, %v
  store i32 %w, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @kernel(ptr addrspace(1) %p) "target-cpu"="gfx1100" {
  %name = load ptr, ptr @late.name
  call void @__sqtt_named_marker_point(ptr %name)
  call void @helper(ptr addrspace(1) %p)
  call void @llvm.amdgcn.s.barrier()
  call void @__sqtt_named_marker_enter(ptr @.early)
  ret void
}

declare void @llvm.amdgcn.s.barrier()
