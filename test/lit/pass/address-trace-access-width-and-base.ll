; Each address trace's R: row also says how many bytes a lane moves and the
; object its address derives from (keys other readers skip):
; R:<id>:extra_payload_count=N;access_bytes=B;base=... . Widths: a vector
; global load (16), a flat byte store (1), an LDS <2 x i32> load (8), an
; atomicrmw (4), a cmpxchg of i64 (8), a raw buffer load of <4 x float> (16),
; a struct buffer store of i32 (4), a permute (4, no object). Objects: kernel
; arguments by index (and name when the argument has one; a buffer resource
; passed in is its argument, one made by make.buffer.rsrc the pointer's), LDS
; and other globals by name, a stack slot as private, anything else (a
; pointer loaded from memory) unknown.
; RUN: env SQTT_TRACE_ADDRESSES=memory,lds SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

; CHECK: R:1:extra_payload_count=130;access_bytes=16;base=arg:0:in\0A
; CHECK-SAME: R:2:extra_payload_count=130;access_bytes=1;base=private\0A
; CHECK-SAME: R:3:extra_payload_count=66;access_bytes=8;base=lds:tile\0A
; CHECK-SAME: R:4:extra_payload_count=130;access_bytes=4;base=global:counter\0A
; CHECK-SAME: R:5:extra_payload_count=130;access_bytes=8;base=arg:1\0A
; CHECK-SAME: R:6:extra_payload_count=69;access_bytes=16;base=arg:2:buf\0A
; CHECK-SAME: R:7:extra_payload_count=133;access_bytes=4;base=arg:3:desc\0A
; CHECK-SAME: R:8:extra_payload_count=66;access_bytes=4\0A
; CHECK-SAME: R:9:extra_payload_count=130;access_bytes=4;base=unknown\0A

target triple = "amdgcn-amd-amdhsa"

@tile = addrspace(3) global [64 x <2 x i32>] poison
@counter = addrspace(1) global i32 0

declare <4 x float> @llvm.amdgcn.raw.ptr.buffer.load.v4f32(ptr addrspace(8), i32, i32, i32)
declare void @llvm.amdgcn.struct.buffer.store.i32(i32, <4 x i32>, i32, i32, i32, i32)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)

define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %0, ptr addrspace(8) %buf, <4 x i32> %desc, i32 %i, ptr addrspace(4) %table) "target-cpu"="gfx942" {
  %v = load <4 x float>, ptr addrspace(1) %in
  %slot = alloca i8, addrspace(5)
  %flat = addrspacecast ptr addrspace(5) %slot to ptr
  store i8 1, ptr %flat
  %t = getelementptr <2 x i32>, ptr addrspace(3) @tile, i32 %i
  %l = load <2 x i32>, ptr addrspace(3) %t
  %old = atomicrmw add ptr addrspace(1) @counter, i32 1 seq_cst
  %pair = cmpxchg ptr addrspace(1) %0, i64 0, i64 1 seq_cst seq_cst
  %b = call <4 x float> @llvm.amdgcn.raw.ptr.buffer.load.v4f32(ptr addrspace(8) %buf, i32 %i, i32 0, i32 0)
  call void @llvm.amdgcn.struct.buffer.store.i32(i32 %old, <4 x i32> %desc, i32 %i, i32 0, i32 0, i32 0)
  %p = call i32 @llvm.amdgcn.ds.bpermute(i32 %i, i32 %old)
  %q = load ptr addrspace(1), ptr addrspace(4) %table
  %w = load i32, ptr addrspace(1) %q
  ret void
}
