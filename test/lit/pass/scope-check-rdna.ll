; Scope filtering on gfx10+: one s_getreg per narrowed dimension, in the
; order wave, SIMD, CU (WGP), workgroup slot, reading HW_ID1[4:0], HW_ID1[9:8],
; HW_ID1[13:10] and HW_ID2[20:16]. The test is a skip word, zero in scope,
; that the trace asm takes in VCC (vcc_lo on wave32, vcc on wave64) and
; branches over itself on VCCNZ. With several dimensions each one's
; "out of scope" bit is spread over a word (the mask's complement reversed,
; shifted left by the hardware id, the sign copied) and the words are ORed,
; once per function at the top of the entry block. One dimension whose mask
; selects the lowest 2^k IDs is the ID's bits from k up, read by one s_getreg;
; any other mask is s_getreg + s_bitcmp1 + s_cselect in asm. Markers keep the
; unscoped hints and boundaries.
; RUN: env SQTT_SCOPE_WAVE=0x5 SQTT_SCOPE_SIMD=0x1 SQTT_SCOPE_CU=0x3 SQTT_SCOPE_WG=0x7 \
; RUN:   %opt -passes=sqtt-late -S %s | FileCheck %s %boundary
; RUN: env SQTT_SCOPE_CU=0x3 %opt -passes=sqtt-late -S %s | FileCheck %s %boundary --check-prefix=CU
; RUN: env SQTT_SCOPE_CU=0x5 %opt -passes=sqtt-late -S %s | FileCheck %s %boundary --check-prefix=BITS
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

@.a = private unnamed_addr constant [2 x i8] c"a\00"
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)

; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK-NEXT: %[[W:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 8215)
; CHECK-NEXT: %[[WS:.*]] = shl i32 1610612735, %[[W]]
; CHECK-NEXT: %[[WB:.*]] = ashr i32 %[[WS]], 31
; CHECK-NEXT: %[[S:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 2583)
; CHECK-NEXT: shl i32 2147483647, %[[S]]
; CHECK: %[[C:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 6807)
; CHECK-NEXT: shl i32 1073741823, %[[C]]
; CHECK: %[[G:.*]] = call i32 @llvm.amdgcn.s.getreg(i32 9240)
; CHECK-NEXT: shl i32 536870911, %[[G]]
; CHECK-NEXT: ashr
; CHECK-NEXT: %[[SKIP:.*]] = or i32
; CHECK-NEXT: %p = alloca i32
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void asm sideeffect "s_cbranch_vccnz .Lsqtt_skip${:uid}\0As_ttracedata_imm $0\0A.Lsqtt_skip${:uid}:", "i,{vcc_lo}"(i32 6, i32 %[[SKIP]])
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: store i32 1
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void asm sideeffect "s_cbranch_vccnz {{.*}}(i32 1, i32 %[[SKIP]])
; CHECK-NEXT: [[BOUNDARY]]
; CHECK-NEXT: call void @llvm.amdgcn.sched.barrier(i32 0)
; CHECK-NEXT: ret void
; CHECK-NEXT: }
; CHECK-NOT: call i32 @llvm.amdgcn.s.getreg
; Wave64: the word widened by sign, in all of VCC.
; CHECK-LABEL: define amdgpu_kernel void @k64(
; CHECK: call i32 @llvm.amdgcn.s.getreg(i32 9240)
; CHECK: %[[SKIP64:.*]] = or i32
; CHECK-NEXT: %sqtt.in = sext i32 %[[SKIP64]] to i64
; CHECK: "i,{vcc}"(i32 6, i64 %sqtt.in)

; Only the narrowed dimension is read: WGPs 0 and 1 (the default mask 0x3,
; the lowest 2^1 ids) are in scope where HW_ID1[13:11], the id's bits from
; bit 1 up, is zero. (What each mask selects is evaluated on the compiled
; code in isa/scope-filter-selects-masked-ids.test.)
; CU-LABEL: define amdgpu_kernel void @k(
; CU-NEXT: %sqtt.in = call i32 asm "s_getreg_b32 $0, hwreg(23, 11, 3)", "=s"()
; CU-NOT: call i32 @llvm.amdgcn.s.getreg
; CU: "i,{vcc_lo}"(i32 6, i32 %sqtt.in)
; Wave64 on gfx11 waits after each SGPR write in the test (its lane-mask
; write hazard).
; CU-LABEL: define amdgpu_kernel void @k64(
; CU-NEXT: %sqtt.check = call i32 asm "s_getreg_b32 $0, hwreg(23, 11, 3)\0As_waitcnt_depctr depctr_sa_sdst(0)", "=s"()
; CU-NEXT: %sqtt.in = zext i32 %sqtt.check to i64
; CU: "i,{vcc}"(i32 6, i64 %sqtt.in)

; CUs 0 and 2: bit hw_id of the mask, tested into SCC and turned into the word.
; BITS-LABEL: define amdgpu_kernel void @k(
; BITS-NEXT: %sqtt.check = call { i32, i32 } asm "s_getreg_b32 $0, hwreg(23, 10, 4)\0As_bitcmp1_b32 $2, $0\0As_cselect_b32 $1, 0, -1", "=&s,=s,i"(i32 5)
; BITS-NEXT: %sqtt.in = extractvalue { i32, i32 } %sqtt.check, 1
; BITS: "i,{vcc_lo}"(i32 6, i32 %sqtt.in)
; BITS-LABEL: define amdgpu_kernel void @k64(
; BITS-NEXT: asm "s_getreg_b32 $0, hwreg(23, 10, 4)\0As_waitcnt_depctr depctr_sa_sdst(0)\0As_bitcmp1_b32 $2, $0\0As_cselect_b64 $1, 0, -1\0As_waitcnt_depctr depctr_sa_sdst(0)", "=&s,=s,i"(i32 5)
; BITS-NEXT: %sqtt.in = extractvalue { i32, i64 } %sqtt.check, 1
; BITS: "i,{vcc}"(i32 6, i64 %sqtt.in)
define amdgpu_kernel void @k() "target-cpu"="gfx1100" {
  %p = alloca i32, addrspace(5)
  call void @__sqtt_named_marker_enter(ptr @.a)
  store i32 1, ptr addrspace(5) %p
  call void @__sqtt_named_marker_exit(ptr @.a)
  ret void
}

define amdgpu_kernel void @k64() "target-cpu"="gfx1100" "target-features"="+wavefrontsize64" {
  %p = alloca i32, addrspace(5)
  call void @__sqtt_named_marker_enter(ptr @.a)
  store i32 1, ptr addrspace(5) %p
  call void @__sqtt_named_marker_exit(ptr @.a)
  ret void
}
