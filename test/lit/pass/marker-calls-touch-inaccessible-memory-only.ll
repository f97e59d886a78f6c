; D38: to the middle end, a marker touches inaccessible memory only, so it
; orders markers among themselves and blocks no memory optimisation of the
; kernel (a struct copied global -> private -> LDS stays forwardable). The
; early phase marks every trace, the scheduling hints beside one and the
; scope ties; the late phase keeps it on the final trace asm and the ties and
; gives the hints back their declared effects (codegen's IR passes stop at
; them). A sched_barrier the user wrote elsewhere keeps its own effects.
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-early -S %s | FileCheck %s --check-prefix=EARLY
; RUN: env SQTT_MEM_BARRIER=none SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-early,sqtt-late -S %s | FileCheck %s --check-prefix=LATE
; REQUIRES: amdgpu-registered-target

declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)
declare void @llvm.amdgcn.sched.barrier(i32)
@.load = private unnamed_addr constant [5 x i8] c"load\00"

define amdgpu_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  call void @llvm.amdgcn.sched.barrier(i32 0)
  store i32 0, ptr addrspace(1) %q
  call void @__sqtt_named_marker_enter(ptr @.load)
  %v = load float, ptr addrspace(1) %p
  %w = fmul float %v, 2.0
  call void @__sqtt_named_marker_exit(ptr @.load)
  br label %after

after:
  store float %w, ptr addrspace(1) %p
  ret void
}

; EARLY-LABEL: define amdgpu_kernel void @k(
; The user's own hint, apart from any marker, is left as written.
; EARLY-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0){{$}}
; EARLY: call void @llvm.amdgcn.s.ttracedata{{(\.imm)?}}({{.*}}) #[[OFF:[0-9]+]]
; The tie reads the product, never the loaded value.
; EARLY: call void asm sideeffect "", "v"(float %w) #[[OFF]]
; EARLY-NOT: "v"(float %v)
; EARLY: call void @llvm.amdgcn.s.ttracedata{{(\.imm)?}}({{.*}}) #[[OFF]]
; EARLY: attributes #[[OFF]] = { memory(inaccessiblemem: readwrite) }

; LATE-LABEL: define amdgpu_kernel void @k(
; LATE-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0){{$}}
; LATE: call void @llvm.amdgcn.sched.barrier(i32 0){{$}}
; LATE-NEXT: call void {{.*}}ttracedata{{.*}} #[[OFF:[0-9]+]]
; LATE-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0){{$}}
; LATE: call void asm sideeffect "", "{{[sv]}}"(float %w) #[[OFF]]
; LATE: attributes #[[OFF]] = { memory(inaccessiblemem: readwrite) }
