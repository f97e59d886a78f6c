; An address trace's base names a kernel's argument arg:<i> and a device
; function's parameter param:<i> (what the caller passed, not a kernel
; argument). The name comes from debug info only for the function's own
; parameter: @k's unnamed argument 0 must not take the name of parameter 1
; of a callee inlined into it ("other" in @callee's scope).
; RUN: env SQTT_TRACE_ADDRESSES=memory SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

; CHECK: R:1:extra_payload_count=130;access_bytes=4;base=param:0:p\0A
; CHECK-SAME: R:2:extra_payload_count=130;access_bytes=8;base=arg:0\0A
; CHECK-SAME: R:3:extra_payload_count=130;access_bytes=2;base=arg:1:named\0A

target triple = "amdgcn-amd-amdhsa"

define i32 @helper(ptr addrspace(1) %0) "target-cpu"="gfx942" !dbg !10 {
  call void @llvm.dbg.value(metadata ptr addrspace(1) %0, metadata !12, metadata !DIExpression()), !dbg !13
  %v = load i32, ptr addrspace(1) %0, !dbg !13
  ret i32 %v
}

define amdgpu_kernel void @k(ptr addrspace(1) %0, ptr addrspace(1) %1) "target-cpu"="gfx942" !dbg !20 {
  call void @llvm.dbg.value(metadata ptr addrspace(1) %0, metadata !32, metadata !DIExpression()), !dbg !34
  call void @llvm.dbg.value(metadata ptr addrspace(1) %1, metadata !22, metadata !DIExpression()), !dbg !23
  %a = load i64, ptr addrspace(1) %0, !dbg !23
  %b = load i16, ptr addrspace(1) %1, !dbg !23
  ret void
}

declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.hip", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !DISubroutineType(types: !{})
!10 = distinct !DISubprogram(name: "helper", scope: !1, file: !1, line: 1, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!12 = !DILocalVariable(name: "p", arg: 1, scope: !10, file: !1, line: 1, type: null)
!13 = !DILocation(line: 2, scope: !10)
!20 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 5, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!22 = !DILocalVariable(name: "named", arg: 2, scope: !20, file: !1, line: 5, type: null)
!23 = !DILocation(line: 6, scope: !20)
!30 = distinct !DISubprogram(name: "callee", scope: !1, file: !1, line: 9, type: !3, unit: !0, spFlags: DISPFlagDefinition)
!32 = !DILocalVariable(name: "other", arg: 1, scope: !30, file: !1, line: 9, type: null)
!34 = !DILocation(line: 10, scope: !30, inlinedAt: !23)
