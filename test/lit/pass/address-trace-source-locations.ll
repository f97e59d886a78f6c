; Each traced operation's map row carries its source location as an inline
; chain, innermost first: a load written at line 7 of helper.h and inlined
; at line 20 reads "helper.h:7 -> ledger.hip:20" (file names without their
; directories). Without debug info, no location.
; RUN: env SQTT_TRACE_ADDRESSES=memory SQTT_SCOPE_CU=-1 \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

; CHECK: c"K:k@ledger.hip:18\0AW:64\0AP:1:addr_trace_load@helper.h:7 -> ledger.hip:20\0AR:1:extra_payload_count=130{{(;[^\\]+)?}}\0AP:2:addr_trace_store@ledger.hip:21\0AR:2:extra_payload_count=130{{(;[^\\]+)?}}\0AP:3:addr_trace_store\0AR:3:extra_payload_count=130{{(;[^\\]+)?}}\0A\00"

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p) !dbg !5 {
  %v = load i32, ptr addrspace(1) %p, !dbg !10
  store i32 %v, ptr addrspace(1) %p, !dbg !12
  store i32 0, ptr addrspace(1) %p
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "/src/project/ledger.hip", directory: "/build")
!2 = !DIFile(filename: "include/helper.h", directory: "/src/project")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 18, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = distinct !DISubprogram(name: "helper", scope: !2, file: !2, line: 5, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!9 = distinct !DILocation(line: 20, scope: !5)
!10 = !DILocation(line: 7, scope: !8, inlinedAt: !9)
!12 = !DILocation(line: 21, scope: !5)
