; Lane records follow operand order: the raw load's voffset (11), the struct
; store's voffset (7) then its vindex (5), the cmpswap's voffset (4), then the
; bpermute index (16). Nine readlanes with a flat load and a global store.
; RUN: env SQTT_TRACE_ADDRESSES=memory,lds SQTT_SCOPE_CU=-1 \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare <4 x float> @llvm.amdgcn.raw.buffer.load.v4f32(<4 x i32>, i32, i32, i32)
declare void @llvm.amdgcn.struct.ptr.buffer.store.f32(float, ptr addrspace(8), i32, i32, i32, i32)
declare i32 @llvm.amdgcn.raw.buffer.atomic.cmpswap.i32(i32, i32, <4 x i32>, i32, i32, i32)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)

; CHECK-LABEL: define amdgpu_kernel void @order(
; CHECK: call i32 @llvm.amdgcn.readlane.i32(i32 11,
; CHECK: call i32 @llvm.amdgcn.readlane.i32(i32 7,
; CHECK: call i32 @llvm.amdgcn.readlane.i32(i32 5,
; CHECK: call i32 @llvm.amdgcn.readlane.i32(i32 4,
; CHECK: call i32 @llvm.amdgcn.readlane.i32(i32 16,
; CHECK-COUNT-4: call i32 @llvm.amdgcn.readlane.i32(
; CHECK-NOT: call i32 @llvm.amdgcn.readlane.i32(
define amdgpu_kernel void @order(<4 x i32> %r, ptr addrspace(8) %r8, ptr %f, ptr addrspace(1) %g) {
  %a = call <4 x float> @llvm.amdgcn.raw.buffer.load.v4f32(<4 x i32> %r, i32 11, i32 0, i32 0)
  call void @llvm.amdgcn.struct.ptr.buffer.store.f32(float 1.0, ptr addrspace(8) %r8, i32 5, i32 7, i32 0, i32 0)
  %c = call i32 @llvm.amdgcn.raw.buffer.atomic.cmpswap.i32(i32 1, i32 2, <4 x i32> %r, i32 4, i32 0, i32 0)
  %p = call i32 @llvm.amdgcn.ds.bpermute(i32 16, i32 0)
  %v = load i32, ptr %f
  store i32 %v, ptr addrspace(1) %g
  ret void
}
