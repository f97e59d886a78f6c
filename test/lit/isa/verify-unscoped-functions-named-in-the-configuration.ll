; Functions whose markers the plugin leaves unscoped on purpose (an explicit
; register budget, GWS instructions, pixel shaders: scope-fallback-backend-
; limits.ll) record on every wave. The configuration section names them
; (unscoped=<symbol>), and sqtt-verify does not hold the scope masks against
; them: a note instead of a wrong-waves finding. The scoped kernel beside
; them is still checked. Without those lines the same code is a finding, so
; the check rests on the configuration, not on the verifier guessing.
; RUN: env SQTT_INSTRUMENT_BARRIERS=1 SQTT_SCOPE_CU=0x5 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes='sqtt-early,sqtt-late' %s -o %t.bc 2>/dev/null
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -verify-machineinstrs -filetype=obj %t.bc -o %t.o
; RUN: llvm-objcopy --dump-section=.sqtt_config=%t.cfg %t.o
; RUN: tr '\0' '\n' < %t.cfg | FileCheck %s --check-prefix=CONFIG
; RUN: %expect-exit 0 -- %verify %t.o 2>&1 | FileCheck %s --check-prefix=VERIFY
; RUN: python3 -c "import re,sys; open(sys.argv[2], 'wb').write(re.sub(rb'unscoped=[^\n]*\n', b'', open(sys.argv[1], 'rb').read()))" %t.cfg %t.nolines.cfg
; RUN: llvm-objcopy --update-section=.sqtt_config=%t.nolines.cfg %t.o %t.nolines.o
; RUN: %expect-exit 1 -- %verify %t.nolines.o 2>&1 | FileCheck %s --check-prefix=FINDING
; REQUIRES: amdgpu-registered-target

; CONFIG: scope_cu=0x5
; CONFIG: shader_clock=
; CONFIG-NEXT: unscoped=budget
; CONFIG-NEXT: unscoped=gws
; CONFIG-NOT: unscoped=

; VERIFY-NOT: wrong-waves
; VERIFY: note: {{.*}}: 2 function(s) record on every wave: the plugin left their markers unscoped
; VERIFY: 3 kernels, {{.*}}: 0 findings

; FINDING-DAG: budget {{.*}}: wrong-waves: records on a wave the scope masks exclude
; FINDING-DAG: gws {{.*}}: wrong-waves: records on a wave the scope masks exclude
; FINDING-NOT: plain {{.*}}wrong-waves

declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.ds.gws.init(i32, i32)

define amdgpu_kernel void @budget(ptr addrspace(1) %p) "amdgpu-num-vgpr"="8" {
  store i32 1, ptr addrspace(1) %p
  call void @llvm.amdgcn.s.barrier()
  store i32 2, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @gws(ptr addrspace(1) %p) {
  %v = load i32, ptr addrspace(1) %p
  call void @llvm.amdgcn.s.barrier()
  call void @llvm.amdgcn.ds.gws.init(i32 %v, i32 0)
  ret void
}

define amdgpu_kernel void @plain(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  call void @llvm.amdgcn.s.barrier()
  store i32 2, ptr addrspace(1) %p
  ret void
}
