; SQTT_WAIT_AT_EXIT=1: every exit marker's own trace asm waits for every
; memory counter of the target right before its s_ttracedata, inside the skip
; of a scoped marker; enters and points do not wait. (That the counters are
; zero when each exit issues is checked on the final ISA of every target in
; isa/scope-contains-its-work.test.) The link phase keeps the waits when it
; renumbers.
; RUN: env SQTT_WAIT_AT_EXIT=1 SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -passes=sqtt-late -S %s | FileCheck %s --check-prefix=RDNA
; RUN: env SQTT_WAIT_AT_EXIT=1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -passes=sqtt-late -S %s | FileCheck %s --check-prefix=RDNA-SCOPED
; RUN: env SQTT_WAIT_AT_EXIT=1 SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late -S %s | FileCheck %s --check-prefix=GFX9
; RUN: env SQTT_WAIT_AT_EXIT=1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 -passes=sqtt-late -S %s | FileCheck %s --check-prefix=GFX12
; RUN: env SQTT_WAIT_AT_EXIT=1 SQTT_SCOPE_CU=-1 %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -passes=sqtt-late %s | \
; RUN:   %opt -passes=sqtt-link -S | FileCheck %s --check-prefix=RDNA
; REQUIRES: amdgpu-registered-target

; RDNA: call void @llvm.amdgcn.s.ttracedata.imm(i16 6)
; RDNA: call void asm sideeffect "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)\0As_waitcnt_vscnt null, 0x0\0As_ttracedata_imm $0", "i"(i32 1)
; RDNA-NOT: s_waitcnt

; RDNA-SCOPED: "s_cbranch_vccnz .Lsqtt_skip${:uid}\0As_ttracedata_imm $0\0A.Lsqtt_skip${:uid}:", "i,{vcc_lo}"(i32 6,
; RDNA-SCOPED: "s_cbranch_vccnz .Lsqtt_skip${:uid}\0As_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)\0As_waitcnt_vscnt null, 0x0\0As_ttracedata_imm $0\0A.Lsqtt_skip${:uid}:", "i,{vcc_lo}"(i32 1,

; GFX9: "s_nop 0\0As_ttracedata", "{m0}"(i32 6)
; GFX9: "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)\0As_nop 0\0As_ttracedata", "{m0}"(i32 1)

; GFX12: "s_cbranch_scc0 .Lsqtt_skip${:uid}\0As_wait_loadcnt_dscnt 0x0\0As_wait_storecnt 0x0\0As_wait_samplecnt 0x0\0As_wait_bvhcnt 0x0\0As_wait_kmcnt 0x0\0As_wait_expcnt 0x0\0As_ttracedata_imm $0\0A.Lsqtt_skip${:uid}:", "i,{scc}"(i32 1,

target triple = "amdgcn-amd-amdhsa"

@.a = private unnamed_addr constant [2 x i8] c"a\00"
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)

define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  call void @__sqtt_named_marker_enter(ptr @.a)
  store i32 1, ptr addrspace(1) %p
  call void @__sqtt_named_marker_exit(ptr @.a)
  ret void
}
