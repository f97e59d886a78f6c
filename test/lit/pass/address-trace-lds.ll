; SQTT_TRACE_ADDRESSES=lds: LDS loads, stores and atomics record the 32-bit
; LDS address, one record per lane: 2 + wave size (34 on wave32, 66 on
; wave64). "memory" alone leaves LDS alone and vice versa.
; RUN: env SQTT_TRACE_ADDRESSES=lds SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -passes=sqtt-late -S %s | FileCheck %s --check-prefixes=CHECK,W32
; RUN: env SQTT_TRACE_ADDRESSES=lds SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -passes=sqtt-late -S %s | FileCheck %s --check-prefixes=CHECK,W64
; RUN: env SQTT_TRACE_ADDRESSES=memory SQTT_SCOPE_CU=-1 \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -passes=sqtt-late -S %s | FileCheck %s --check-prefix=MEMONLY
; REQUIRES: amdgpu-registered-target

; W32: c"K:k\0AW:32\0AP:1:addr_trace_lds_load\0AR:1:extra_payload_count=34{{(;[^\\]+)?}}\0AP:2:addr_trace_lds_store\0AR:2:extra_payload_count=34{{(;[^\\]+)?}}\0AP:3:addr_trace_lds_atomic\0AR:3:extra_payload_count=34{{(;[^\\]+)?}}\0A\00"
; W64: c"K:k\0AW:64\0AP:1:addr_trace_lds_load\0AR:1:extra_payload_count=66{{(;[^\\]+)?}}\0AP:2:addr_trace_lds_store\0AR:2:extra_payload_count=66{{(;[^\\]+)?}}\0AP:3:addr_trace_lds_atomic\0AR:3:extra_payload_count=66{{(;[^\\]+)?}}\0A\00"
; MEMONLY: c"K:k\0AW:32\0AP:1:addr_trace_load\0AR:1:extra_payload_count=66{{(;[^\\]+)?}}\0A\00"

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: %[[A:.*]] = ptrtoint ptr addrspace(3) %l to i32
; CHECK-NEXT: @llvm.amdgcn.ballot.i{{32|64}}(i1 true)
; CHECK: %[[R:.*]] = call i32 @llvm.amdgcn.readlane.i32(i32 %[[A]], i32 %{{.*}})
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %[[R]])
; CHECK-NEXT: add i32
; W32-NEXT: icmp eq i32 %{{.*}}, 32
; W64-NEXT: icmp eq i32 %{{.*}}, 64
; CHECK: %v = load i32, ptr addrspace(3) %l
define amdgpu_kernel void @k(ptr addrspace(3) %l, ptr addrspace(1) %g) {
  %v = load i32, ptr addrspace(3) %l
  store i32 %v, ptr addrspace(3) %l
  %a = atomicrmw xchg ptr addrspace(3) %l, i32 1 monotonic
  %w = load i32, ptr addrspace(1) %g
  ret void
}
