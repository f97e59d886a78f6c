; At -O0 there is no Early phase and no inlining: Late marks each function
; above the threshold directly, with fully placed markers, the exit being a
; bare exit (1). With a scope filter the entry marker comes right after the
; function's scope check. Its ID follows the system IDs and the function's
; own named markers.
; RUN: env SQTT_INSTRUMENT_FUNCTIONS=2 SQTT_INSTRUMENT_BARRIERS=1 SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -passes='default<O0>' -S %s | FileCheck %s %boundary
; RUN: env SQTT_INSTRUMENT_FUNCTIONS=2 SQTT_SCOPE_CU=0x1 \
; RUN:   %opt -passes='default<O0>' -S %s | FileCheck %s %boundary --check-prefix=SCOPED
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

@.n = private unnamed_addr constant [6 x i8] c"inner\00"
declare void @__sqtt_named_marker_point(ptr)

; CHECK: c"F:5:helper\0AK:kernel\0AP:4:inner\0AP:1:barrier_signal\0AP:2:barrier_wait\0AP:3:barrier\0A\00"

; CHECK-LABEL: define i32 @helper(
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 22)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 16)
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 1)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: ret i32

; SCOPED-LABEL: define i32 @helper(
; SCOPED-NEXT: %[[IN:.*]] = call i32 asm "s_getreg_b32 $0, hwreg(23, 10, 4)"
; SCOPED-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; SCOPED-NEXT: [[BOUNDARY]]
; SCOPED-NEXT: call void asm sideeffect "s_cbranch_vccnz {{.*}}(i32 10, i32 %[[IN]])
define i32 @helper(i32 %x) noinline optnone "target-cpu"="gfx1100" {
  %a = mul i32 %x, 3
  call void @__sqtt_named_marker_point(ptr @.n)
  %b = add i32 %a, 7
  ret i32 %b
}

; A one-instruction function stays unmarked; kernels are never marked.
; CHECK-LABEL: define i32 @tiny(
; CHECK-NOT: ttracedata
; CHECK: ret i32
define i32 @tiny(i32 %x) noinline optnone "target-cpu"="gfx1100" {
  ret i32 %x
}

; CHECK-LABEL: define amdgpu_kernel void @kernel(
; CHECK-NOT: ttracedata.imm(i16 2{{[0-9]}})
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 12)
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
define amdgpu_kernel void @kernel(ptr addrspace(1) %p) noinline optnone "target-cpu"="gfx1100" {
  %r = call i32 @helper(i32 1)
  %t = call i32 @tiny(i32 %r)
  call void @llvm.amdgcn.s.barrier()
  store i32 %t, ptr addrspace(1) %p
  ret void
}

declare void @llvm.amdgcn.s.barrier()
