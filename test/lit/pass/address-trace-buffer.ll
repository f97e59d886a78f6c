; Buffer intrinsics record descriptor components instead of addresses:
; header, EXEC, descriptor word 0, word 1 and soffset, then a lane loop over
; voffset and, for struct buffers, a second one over vindex. Descriptors may
; be <4 x i32> or ptr addrspace(8); the operand layout differs between loads,
; stores, atomics and cmpswap. Payloads: raw 37 / struct 69 on wave32, raw
; 69 / struct 133 on wave64. buffer.load.lds is not traced (another layout).
; RUN: env SQTT_TRACE_ADDRESSES=memory SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -passes=sqtt-late -S %s | FileCheck %s --check-prefixes=CHECK,W32
; RUN: env SQTT_TRACE_ADDRESSES=memory SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late -S %s | FileCheck %s --check-prefixes=CHECK,W64
; REQUIRES: amdgpu-registered-target

; W32: c"K:k\0AW:32\0AP:1:addr_trace_buffer_load\0AR:1:extra_payload_count=37{{(;[^\\]+)?}}\0AP:2:addr_trace_struct_buffer_store\0AR:2:extra_payload_count=69{{(;[^\\]+)?}}\0AP:3:addr_trace_buffer_atomic\0AR:3:extra_payload_count=37{{(;[^\\]+)?}}\0AP:4:addr_trace_struct_buffer_atomic\0AR:4:extra_payload_count=69{{(;[^\\]+)?}}\0AP:5:addr_trace_struct_buffer_load\0AR:5:extra_payload_count=69{{(;[^\\]+)?}}\0A\00"
; W64: c"K:k\0AW:64\0AP:1:addr_trace_buffer_load\0AR:1:extra_payload_count=69{{(;[^\\]+)?}}\0AP:2:addr_trace_struct_buffer_store\0AR:2:extra_payload_count=133{{(;[^\\]+)?}}\0AP:3:addr_trace_buffer_atomic\0AR:3:extra_payload_count=69{{(;[^\\]+)?}}\0AP:4:addr_trace_struct_buffer_atomic\0AR:4:extra_payload_count=133{{(;[^\\]+)?}}\0AP:5:addr_trace_struct_buffer_load\0AR:5:extra_payload_count=133{{(;[^\\]+)?}}\0A\00"

target triple = "amdgcn-amd-amdhsa"

declare <4 x float> @llvm.amdgcn.raw.buffer.load.v4f32(<4 x i32>, i32, i32, i32)
declare void @llvm.amdgcn.struct.ptr.buffer.store.f32(float, ptr addrspace(8), i32, i32, i32, i32)
declare i32 @llvm.amdgcn.raw.buffer.atomic.cmpswap.i32(i32, i32, <4 x i32>, i32, i32, i32)
declare i32 @llvm.amdgcn.struct.ptr.buffer.atomic.add.i32(i32, ptr addrspace(8), i32, i32, i32, i32)
declare float @llvm.amdgcn.struct.buffer.load.f32(<4 x i32>, i32, i32, i32, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)

; Raw load, <4 x i32>: words from extractelement, then voffset lanes.
; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: @llvm.amdgcn.ballot.i{{32|64}}(i1 true)
; CHECK: %[[W0:.*]] = extractelement <4 x i32> %r, i64 0
; CHECK-NEXT: %[[W1:.*]] = extractelement <4 x i32> %r, i64 1
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %[[W0]]){{( #[0-9]+)?}}, !sqtt.raw_payload
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %[[W1]]){{( #[0-9]+)?}}, !sqtt.raw_payload
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %so){{( #[0-9]+)?}}, !sqtt.raw_payload
; CHECK: call i32 @llvm.amdgcn.readlane.i32(i32 %voff, i32
; CHECK: call <4 x float> @llvm.amdgcn.raw.buffer.load.v4f32(
; Struct store, ptr addrspace(8): words from the 128-bit pointer value.
; CHECK: %[[P:.*]] = ptrtoint ptr addrspace(8) %r8 to i128
; CHECK-NEXT: %[[L:.*]] = trunc i128 %[[P]] to i32
; CHECK-NEXT: %[[S:.*]] = lshr i128 %[[P]], 32
; CHECK-NEXT: %[[H:.*]] = trunc i128 %[[S]] to i32
; CHECK: call i32 @llvm.amdgcn.readlane.i32(i32 %voff, i32
; CHECK: call i32 @llvm.amdgcn.readlane.i32(i32 %vidx, i32
; CHECK: call void @llvm.amdgcn.struct.ptr.buffer.store.f32(
; Struct load: voffset lanes, then vindex lanes.
; CHECK: call i32 @llvm.amdgcn.readlane.i32(i32 %voff2, i32
; CHECK: call i32 @llvm.amdgcn.readlane.i32(i32 %vidx, i32
; CHECK: call float @llvm.amdgcn.struct.buffer.load.f32(
; CHECK-NOT: sched.barrier
; CHECK: call void @llvm.amdgcn.raw.ptr.buffer.load.lds(
define amdgpu_kernel void @k(<4 x i32> %r, ptr addrspace(8) %r8, i32 %voff, i32 %vidx, i32 %so,
                             i32 %voff2, ptr addrspace(3) %l) {
  %a = call <4 x float> @llvm.amdgcn.raw.buffer.load.v4f32(<4 x i32> %r, i32 %voff, i32 %so, i32 0)
  call void @llvm.amdgcn.struct.ptr.buffer.store.f32(float 1.0, ptr addrspace(8) %r8, i32 %vidx, i32 %voff, i32 %so, i32 0)
  %c = call i32 @llvm.amdgcn.raw.buffer.atomic.cmpswap.i32(i32 1, i32 2, <4 x i32> %r, i32 %voff, i32 %so, i32 0)
  %d = call i32 @llvm.amdgcn.struct.ptr.buffer.atomic.add.i32(i32 1, ptr addrspace(8) %r8, i32 %vidx, i32 %voff, i32 %so, i32 0)
  %e = call float @llvm.amdgcn.struct.buffer.load.f32(<4 x i32> %r, i32 %vidx, i32 %voff2, i32 %so, i32 0)
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8) %r8, ptr addrspace(3) %l, i32 4, i32 %voff, i32 %so, i32 0, i32 0)
  ret void
}
