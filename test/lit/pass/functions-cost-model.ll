; The size recorded for the threshold: the plain count weighs each real
; instruction 1 (phi, alloca, debug and unreachable are free); cost:N weighs
; matrix ops 16, global/flat memory 10, LDS 4, lifetime markers 0 and the
; rest 1 (a private stack access is stack traffic and costs 1).
; RUN: env SQTT_INSTRUMENT_FUNCTIONS=1 %opt -passes=sqtt-early -S %s | FileCheck %s --check-prefix=COUNT
; RUN: env SQTT_INSTRUMENT_FUNCTIONS=cost:1 %opt -passes=sqtt-early -S %s | FileCheck %s --check-prefix=COST
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float, float, <4 x float>, i32, i32, i32)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
; The two-operand form is what LLVM 19 reads; LLVM 22 upgrades it.
declare void @llvm.lifetime.start.p5(i64, ptr addrspace(5))

; alloca 0, global load 10, LDS store 4, mfma 16, ret 1.
; COUNT-DAG: !{i32 1, i32 0, !"reference", i32 4, !"", i32 0}
; COST-DAG: !{i32 1, i32 0, !"reference", i32 31, !"", i32 0}
define <4 x float> @reference(ptr addrspace(1) %g, ptr addrspace(3) %l, <4 x float> %acc) "target-cpu"="gfx942" {
  %a = alloca i32, addrspace(5)
  %v = load float, ptr addrspace(1) %g
  store float %v, ptr addrspace(3) %l
  %r = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float %v, float %v, <4 x float> %acc, i32 0, i32 0, i32 0)
  ret <4 x float> %r
}

; lifetime 0 (1 in count mode), private load 1, ds intrinsic 4, flat store
; 10, add 1, ret 1.
; COUNT-DAG: !{i32 2, i32 0, !"others", i32 6, !"", i32 0}
; COST-DAG: !{i32 2, i32 0, !"others", i32 17, !"", i32 0}
define void @others(ptr %flat) "target-cpu"="gfx942" {
  %a = alloca i32, addrspace(5)
  call void @llvm.lifetime.start.p5(i64 4, ptr addrspace(5) %a)
  %p = load i32, ptr addrspace(5) %a
  %d = call i32 @llvm.amdgcn.ds.bpermute(i32 %p, i32 %p)
  store i32 %d, ptr %flat
  %x = add i32 %d, 1
  ret void
}
