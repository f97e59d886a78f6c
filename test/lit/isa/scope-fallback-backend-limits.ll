; Functions the backend cannot compile once a scope check splits (or whose
; register budget cannot hold the mask) get unscoped markers, with a warning,
; instead of a broken build: GWS
; instructions (a killed register is used after the split, "Bad machine
; code"), pixel shaders with kill and WQM (live segments lost), and explicit
; register budgets. Other functions keep their scope check. Each function
; below fails -verify-machineinstrs in llc when its markers are scoped. The
; ISA runs use gfx90a and gfx942: on gfx908 and RDNA, @gws_kernel fails even
; without markers.
; RUN: %opt -mtriple=amdgcn-mesa-mesa3d -mcpu=gfx90a -passes=sqtt-late -S %s 2>%t.err | FileCheck %s --check-prefix=IR
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; RUN: %opt -mtriple=amdgcn-mesa-mesa3d -mcpu=gfx90a -passes=sqtt-late %s 2>/dev/null | %llc -mtriple=amdgcn-mesa-mesa3d -mcpu=gfx90a -verify-machineinstrs -o - | FileCheck %s --check-prefix=ISA
; RUN: %opt -mtriple=amdgcn-mesa-mesa3d -mcpu=gfx942 -passes=sqtt-late %s 2>/dev/null | %llc -mtriple=amdgcn-mesa-mesa3d -mcpu=gfx942 -verify-machineinstrs -o - | FileCheck %s --check-prefix=ISA
; Unscoped by configuration: nothing to fall back from, no warning.
; RUN: env SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-mesa-mesa3d -mcpu=gfx90a -passes=sqtt-late -disable-output %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-mesa-mesa3d"

declare void @llvm.amdgcn.s.ttracedata(i32)
declare void @llvm.amdgcn.ds.gws.init(i32, i32)
declare void @llvm.amdgcn.kill(i1)
declare float @llvm.amdgcn.wqm.f32(float)
declare float @llvm.amdgcn.image.sample.1d.f32.f32(i32, float, <8 x i32>, <4 x i32>, i1, i32, i32)

; IR-LABEL: define amdgpu_kernel void @gws_kernel(
; IR-NOT: sqtt.scoped
; IR: ret void
; ISA-LABEL: gws_kernel:
; ISA: s_ttracedata
; ISA: ds_gws_init
; ISA: ds_gws_init
; ISA: s_ttracedata
define amdgpu_kernel void @gws_kernel(ptr addrspace(1) %p) {
  call void @llvm.amdgcn.s.ttracedata(i32 8)
  %v = load <2 x i32>, ptr addrspace(1) %p
  %a = extractelement <2 x i32> %v, i32 0
  %b = extractelement <2 x i32> %v, i32 1
  call void @llvm.amdgcn.ds.gws.init(i32 %a, i32 0)
  call void @llvm.amdgcn.ds.gws.init(i32 %b, i32 0)
  call void @llvm.amdgcn.s.ttracedata(i32 1)
  ret void
}

; IR-LABEL: define amdgpu_ps float @ps_kill(
; IR-NOT: sqtt.scoped
; IR: ret float
; ISA-LABEL: ps_kill:
; ISA-COUNT-3: s_ttracedata
define amdgpu_ps float @ps_kill(<8 x i32> inreg %rsrc, <4 x i32> inreg %sampler, float %x, float %y) {
  call void @llvm.amdgcn.s.ttracedata(i32 8)
  %s = call float @llvm.amdgcn.image.sample.1d.f32.f32(i32 1, float %x, <8 x i32> %rsrc, <4 x i32> %sampler, i1 false, i32 0, i32 0)
  %c = fcmp ogt float %s, 0.0
  call void @llvm.amdgcn.kill(i1 %c)
  call void @llvm.amdgcn.s.ttracedata(i32 12)
  %t = call float @llvm.amdgcn.image.sample.1d.f32.f32(i32 1, float %y, <8 x i32> %rsrc, <4 x i32> %sampler, i1 false, i32 0, i32 0)
  %w = call float @llvm.amdgcn.wqm.f32(float %t)
  call void @llvm.amdgcn.s.ttracedata(i32 16)
  ret float %w
}

; IR-LABEL: define amdgpu_kernel void @budget(
; IR-NOT: sqtt.scoped
; IR: ret void
; ISA-LABEL: budget:
; ISA: s_ttracedata
define amdgpu_kernel void @budget(ptr addrspace(1) %p) "amdgpu-num-vgpr"="8" {
  call void @llvm.amdgcn.s.ttracedata(i32 8)
  store i32 1, ptr addrspace(1) %p
  ret void
}

; IR-LABEL: define amdgpu_kernel void @plain(
; IR: call void asm sideeffect "s_cbranch_scc0 {{.*}}!sqtt.scoped
define amdgpu_kernel void @plain(ptr addrspace(1) %p) {
  call void @llvm.amdgcn.s.ttracedata(i32 8)
  store i32 1, ptr addrspace(1) %p
  ret void
}

; WARN-DAG: warning: sqtt: markers in 'gws_kernel' are not scoped: it has GWS instructions, which the backend cannot compile outside the entry block; every wave emits them
; WARN-DAG: warning: sqtt: markers in 'ps_kill' are not scoped: it has a pixel shader, whose whole-quad-mode code the backend cannot split; every wave emits them
; WARN-DAG: warning: sqtt: markers in 'budget' are not scoped: it has an explicit register budget (amdgpu-num-vgpr/amdgpu-num-sgpr); every wave emits them
; WARN-NOT: 'plain'
; QUIET-NOT: warning
