; Scope filtering on gfx10+: one s_getreg per narrowed dimension, in the
; order wave, SIMD, CU (WGP), workgroup slot, reading HW_ID1[4:0], HW_ID1[9:8],
; HW_ID1[13:10] and HW_ID2[20:16]. With several dimensions each one's bit is
; spread over a mask (the mask reversed, shifted left by the hardware id, the
; sign copied), the dimensions are ANDed and tested, once per function at the
; top of the entry block; one dimension is tested by s_getreg + s_bitcmp1 in
; asm. Each marker is scoped in place: its trace asm takes the test in SCC
; and branches over itself; it keeps the unscoped hints and boundaries.
; RUN: env SQTT_SCOPE_WAVE=0x5 SQTT_SCOPE_SIMD=0x1 SQTT_SCOPE_CU=0x3 SQTT_SCOPE_WG=0x7 \
; RUN:   %opt -passes=sqtt-late -S %s | FileCheck %s %boundary
; RUN: env SQTT_SCOPE_CU=0x1 %opt -passes=sqtt-late -S %s | FileCheck %s %boundary --check-prefix=CU
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

@.a = private unnamed_addr constant [2 x i8] c"a\00"
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)

; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK-NEXT: %[[W:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 8215)
; CHECK-NEXT: %[[WS:.*]] = shl i32 -1610612736, %[[W]]
; CHECK-NEXT: %[[WB:.*]] = ashr i32 %[[WS]], 31
; CHECK-NEXT: %[[S:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 2583)
; CHECK-NEXT: shl i32 -2147483648, %[[S]]
; CHECK: %[[C:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 6807)
; CHECK-NEXT: shl i32 -1073741824, %[[C]]
; CHECK: %[[G:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 9240)
; CHECK-NEXT: shl i32 -536870912, %[[G]]
; CHECK-NEXT: ashr
; CHECK-NEXT: %[[M:.*]] = and i32
; CHECK-NEXT: %[[IN:.*]] = icmp ne i32 %[[M]], 0
; CHECK-NEXT: %p = alloca i32
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void asm sideeffect "s_cbranch_scc0 .Lsqtt_skip${:uid}\0As_ttracedata_imm $0\0A.Lsqtt_skip${:uid}:", "i,{scc}"(i32 6, i1 %[[IN]])
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: store i32 1
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void asm sideeffect "s_cbranch_scc0 {{.*}}(i32 1, i1 %[[IN]])
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: ret void
; CHECK-NEXT: }
; CHECK-NOT: call i32 @llvm.amdgcn.s.getreg

; Only the narrowed dimension is read.
; CU-LABEL: define amdgpu_kernel void @k(
; CU-NEXT: %sqtt.check = call { i32, i1 } asm "s_getreg_b32 $0, hwreg(23, 10, 4)\0As_bitcmp1_b32 $2, $0", "=&s,={scc},i"(i32 1)
; CU-NEXT: %sqtt.in = extractvalue { i32, i1 } %sqtt.check, 1
; CU-NOT: call i32 @llvm.amdgcn.s.getreg
define amdgpu_kernel void @k() "target-cpu"="gfx1100" {
  %p = alloca i32, addrspace(5)
  call void @__sqtt_named_marker_enter(ptr @.a)
  store i32 1, ptr addrspace(5) %p
  call void @__sqtt_named_marker_exit(ptr @.a)
  ret void
}
