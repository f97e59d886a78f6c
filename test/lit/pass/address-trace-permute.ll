; ds_permute, ds_bpermute and (gfx12) ds_bpermute_fi_b32 route through the
; LDS hardware: under "lds" they record operand 0, the per-lane byte index,
; one record per lane (34 on wave32, 66 on wave64).
; RUN: env SQTT_TRACE_ADDRESSES=lds SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -passes=sqtt-late -S %S/Inputs/permute-gfx12.ll | FileCheck %s --check-prefix=GFX12
; RUN: env SQTT_TRACE_ADDRESSES=lds SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late -S %s | FileCheck %s --check-prefix=W64
; RUN: env SQTT_TRACE_ADDRESSES=memory SQTT_SCOPE_CU=-1 \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late -S %s | FileCheck %s --check-prefix=OFF
; REQUIRES: amdgpu-registered-target

; GFX12: c"K:k\0AW:32\0AP:1:addr_trace_ds_permute\0AR:1:extra_payload_count=34{{(;[^\\]+)?}}\0AP:2:addr_trace_ds_bpermute\0AR:2:extra_payload_count=34{{(;[^\\]+)?}}\0AP:3:addr_trace_ds_bpermute\0AR:3:extra_payload_count=34{{(;[^\\]+)?}}\0A\00"
; GFX12: call i32 @llvm.amdgcn.readlane.i32(i32 %i1,
; GFX12: call i32 @llvm.amdgcn.ds.permute(
; GFX12: call i32 @llvm.amdgcn.readlane.i32(i32 %i2,
; GFX12: call i32 @llvm.amdgcn.ds.bpermute(
; GFX12: call i32 @llvm.amdgcn.readlane.i32(i32 %i3,
; GFX12: call i32 @llvm.amdgcn.ds.bpermute.fi.b32(

; W64: c"K:k\0AW:64\0AP:1:addr_trace_ds_permute\0AR:1:extra_payload_count=66{{(;[^\\]+)?}}\0AP:2:addr_trace_ds_bpermute\0AR:2:extra_payload_count=66{{(;[^\\]+)?}}\0A\00"
; OFF: c"K:k\0A\00"
; OFF-NOT: readlane

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.ds.permute(i32, i32)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)

define amdgpu_kernel void @k(i32 %i1, i32 %i2, i32 %v) {
  %a = call i32 @llvm.amdgcn.ds.permute(i32 %i1, i32 %v)
  %b = call i32 @llvm.amdgcn.ds.bpermute(i32 %i2, i32 %v)
  ret void
}
