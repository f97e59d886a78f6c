; SQTT_MEM_BARRIER picks the reordering boundary planted on both sides of
; every marker: nothing (none/off/0), an empty asm with a memory clobber
; (asm/compiler/clobber/1), or a workgroup acq_rel fence tagged as
; synchronizing only LDS (fence/on/hw/2, the default), which never makes
; codegen invalidate a global cache.
; RUN: env SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none %opt -passes=sqtt-late -S %s | FileCheck %s --check-prefix=NONE
; RUN: env SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=off %opt -passes=sqtt-late -S %s | FileCheck %s --check-prefix=NONE
; RUN: env SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=asm %opt -passes=sqtt-late -S %s | FileCheck %s --check-prefix=ASM
; RUN: env SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=1 %opt -passes=sqtt-late -S %s | FileCheck %s --check-prefix=ASM
; The fence is planted only where the backend narrows it to LDS (LLVM 22);
; on an older line the default and explicit fence fall back to the asm
; boundary, which costs nothing (SQTTBoundary.h).
; RUN: env SQTT_SCOPE_CU=-1 %opt -passes=sqtt-late -S %s | FileCheck %s --check-prefix=%if lds-fence-narrowed %{FENCE%} %else %{ASM%}
; RUN: env SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=HW %opt -passes=sqtt-late -S %s | FileCheck %s --check-prefix=%if lds-fence-narrowed %{FENCE%} %else %{ASM%}
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

@.str = private unnamed_addr constant [2 x i8] c"p\00"
declare void @__sqtt_named_marker_point(ptr)

; NONE-LABEL: define amdgpu_kernel void @k(
; NONE-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; NONE-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 4)
; NONE-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; NONE-NEXT: ret void

; ASM-LABEL: define amdgpu_kernel void @k(
; ASM-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; ASM-NEXT: call void asm sideeffect "", "~{memory}"()
; ASM-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 4)
; ASM-NEXT: call void asm sideeffect "", "~{memory}"()
; ASM-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; ASM-NEXT: ret void

; FENCE-LABEL: define amdgpu_kernel void @k(
; FENCE-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; FENCE-NEXT: fence syncscope("workgroup") acq_rel, !mmra ![[MMRA:[0-9]+]]
; FENCE-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 4)
; FENCE-NEXT: fence syncscope("workgroup") acq_rel, !mmra ![[MMRA]]
; FENCE-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; FENCE-NEXT: ret void
; FENCE: ![[MMRA]] = !{!"amdgpu-synchronize-as", !"local"}
define amdgpu_kernel void @k() "target-cpu"="gfx1100" {
  call void @__sqtt_named_marker_point(ptr @.str)
  ret void
}
