; SQTT_TRACE_ADDRESSES=memory: before every global or flat load, store,
; atomicrmw and cmpxchg, a point header with an ID of its own, the EXEC mask
; (a ballot of true, low word then high word, 0 on wave32), then per lane the 64-bit address as
; low and high words, read with readlane in a rolled loop over every lane.
; Payload: 2 + 2 x wave size records (66 on wave32, 130 on wave64).
; RUN: env SQTT_TRACE_ADDRESSES=memory SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -passes=sqtt-late -S %s | FileCheck %s --check-prefixes=CHECK,W32
; RUN: env SQTT_TRACE_ADDRESSES=memory SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late -S %s | FileCheck %s --check-prefixes=CHECK,W64
; gfx10+ compiled for wave64 records 64 lanes too.
; RUN: env SQTT_TRACE_ADDRESSES=memory SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -mattr=+wavefrontsize64 -passes=sqtt-late -S %s | FileCheck %s --check-prefixes=CHECK,W64
; REQUIRES: amdgpu-registered-target

; W32: c"K:k\0AW:32\0AP:1:addr_trace_load\0AR:1:extra_payload_count=66{{(;[^\\]+)?}}\0AP:2:addr_trace_store\0AR:2:extra_payload_count=66{{(;[^\\]+)?}}\0AP:3:addr_trace_atomic\0AR:3:extra_payload_count=66{{(;[^\\]+)?}}\0AP:4:addr_trace_atomic\0AR:4:extra_payload_count=66{{(;[^\\]+)?}}\0A\00"
; W64: c"K:k\0AW:64\0AP:1:addr_trace_load\0AR:1:extra_payload_count=130{{(;[^\\]+)?}}\0AP:2:addr_trace_store\0AR:2:extra_payload_count=130{{(;[^\\]+)?}}\0AP:3:addr_trace_atomic\0AR:3:extra_payload_count=130{{(;[^\\]+)?}}\0AP:4:addr_trace_atomic\0AR:4:extra_payload_count=130{{(;[^\\]+)?}}\0A\00"

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: {{call void @llvm.amdgcn.s.ttracedata.imm\(i16 4\)|call void asm sideeffect .*"\(i32 4\)}}{{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: %[[A:.*]] = ptrtoint ptr addrspace(1) %g to i64
; CHECK-NEXT: %[[LO:.*]] = trunc i64 %[[A]] to i32
; CHECK-NEXT: %[[SH:.*]] = lshr i64 %[[A]], 32
; CHECK-NEXT: %[[HI:.*]] = trunc i64 %[[SH]] to i32
; W32-NEXT: %[[E:.*]] = call i32 @llvm.amdgcn.ballot.i32(i1 true)
; W32-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %[[E]]){{( #[0-9]+)?}}, !sqtt.raw_payload
; W32-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 0){{( #[0-9]+)?}}, !sqtt.raw_payload
; W64-NEXT: %[[E:.*]] = call i64 @llvm.amdgcn.ballot.i64(i1 true)
; W64-NEXT: %[[ELO:.*]] = trunc i64 %[[E]] to i32
; W64-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %[[ELO]]){{( #[0-9]+)?}}, !sqtt.raw_payload
; W64-NEXT: %[[ESH:.*]] = lshr i64 %[[E]], 32
; W64-NEXT: %[[EHI:.*]] = trunc i64 %[[ESH]] to i32
; W64-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %[[EHI]]){{( #[0-9]+)?}}, !sqtt.raw_payload
; CHECK-NEXT: br label %[[LOOP:sqtt.lanes.loop[0-9]*]]
; CHECK: [[LOOP]]:
; CHECK-NEXT: %[[LANE:.*]] = phi i32 [ 0, %{{.*}} ], [ %[[NEXT:.*]], %[[LOOP]] ]
; CHECK-NEXT: %[[R0:.*]] = call i32 @llvm.amdgcn.readlane.i32(i32 %[[LO]], i32 %[[LANE]])
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %[[R0]]){{( #[0-9]+)?}}, !sqtt.raw_payload
; CHECK-NEXT: %[[R1:.*]] = call i32 @llvm.amdgcn.readlane.i32(i32 %[[HI]], i32 %[[LANE]])
; CHECK-NEXT: call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 %[[R1]]){{( #[0-9]+)?}}, !sqtt.raw_payload
; CHECK-NEXT: %[[NEXT]] = add i32 %[[LANE]], 1
; W32-NEXT: %[[DONE:.*]] = icmp eq i32 %[[NEXT]], 32
; W64-NEXT: %[[DONE:.*]] = icmp eq i32 %[[NEXT]], 64
; CHECK-NEXT: br i1 %[[DONE]], label %[[AFTER:sqtt.lanes.after[0-9]*]], label %[[LOOP]], !llvm.loop ![[LOOPMD:[0-9]+]]
; CHECK: [[AFTER]]:
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: %v = load i32, ptr addrspace(1) %g
; The next three operations: store, atomicrmw, cmpxchg on a flat pointer.
; CHECK: {{ttracedata.imm\(i16 8\)|"\(i32 8\)}}{{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK: store i32 %v, ptr addrspace(1) %g
; CHECK: {{ttracedata.imm\(i16 12\)|"\(i32 12\)}}{{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK: ptrtoint ptr %f to i64
; CHECK: atomicrmw add ptr %f
; CHECK: {{ttracedata.imm\(i16 16\)|"\(i32 16\)}}{{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK: cmpxchg ptr %f
; CHECK: ![[LOOPMD]] = distinct !{![[LOOPMD]], ![[DIS:[0-9]+]]}
; CHECK: ![[DIS]] = !{!"llvm.loop.unroll.disable"}
define amdgpu_kernel void @k(ptr addrspace(1) %g, ptr %f) {
  %v = load i32, ptr addrspace(1) %g
  store i32 %v, ptr addrspace(1) %g
  %a = atomicrmw add ptr %f, i32 1 monotonic
  %c = cmpxchg ptr %f, i32 0, i32 1 monotonic monotonic
  ret void
}
