; Clones (function specialisation) share their original's ID; one live copy
; at or below the threshold disables the ID in every copy. A big function's
; map row takes the location of its first live copy.
; RUN: env SQTT_INSTRUMENT_FUNCTIONS=3 SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none \
; RUN:   %opt -passes=sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

declare void @llvm.amdgcn.s.ttracedata.imm(i16)

; CHECK: c"F:1:big@live.hip:9\0A\00"

; CHECK-LABEL: define i32 @work(
; CHECK-NOT: ttracedata
; CHECK: ret i32
define i32 @work(i32 %x) "target-cpu"="gfx1100" !sqtt.func.id !10 {
  call void @llvm.amdgcn.s.ttracedata.imm(i16 6), !sqtt.marker_header !3
  %a = mul i32 %x, 3
  %b = add i32 %a, 7
  %c = xor i32 %b, %x
  call void @llvm.amdgcn.s.ttracedata.imm(i16 5), !sqtt.marker_header !3
  ret i32 %c
}

; The specialised clone is small: it takes the ID down everywhere.
; CHECK-LABEL: define i32 @work.specialized.1(
; CHECK-NOT: ttracedata
; CHECK: ret i32
define i32 @work.specialized.1() "target-cpu"="gfx1100" !sqtt.func.id !10 {
  call void @llvm.amdgcn.s.ttracedata.imm(i16 6), !sqtt.marker_header !3
  call void @llvm.amdgcn.s.ttracedata.imm(i16 5), !sqtt.marker_header !3
  ret i32 7
}

; CHECK-LABEL: define i32 @big(
; CHECK-NOT: !sqtt.func.id
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 6)
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 1)
define i32 @big(i32 %x) "target-cpu"="gfx1100" !sqtt.func.id !11 !dbg !25 {
  call void @llvm.amdgcn.s.ttracedata.imm(i16 10), !sqtt.marker_header !3
  %a = mul i32 %x, 3
  %b = add i32 %a, 7
  %c = xor i32 %b, %x
  call void @llvm.amdgcn.s.ttracedata.imm(i16 9), !sqtt.marker_header !3
  ret i32 %c
}

!sqtt.markers.early = !{!0, !1}
!sqtt.early.done = !{}
!0 = !{i32 1, i32 0, !"work", i32 40, !"", i32 0}
!1 = !{i32 2, i32 0, !"big", i32 40, !"early.hip:3", i32 0}
!3 = !{}
!10 = !{i32 1}
!11 = !{i32 2}

!llvm.dbg.cu = !{!20}
!llvm.module.flags = !{!23}
!20 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !21, emissionKind: FullDebug)
!21 = !DIFile(filename: "live.hip", directory: "/src")
!23 = !{i32 2, !"Debug Info Version", i32 3}
!25 = distinct !DISubprogram(name: "big", scope: !21, file: !21, line: 9, type: !26, unit: !20, spFlags: DISPFlagDefinition)
!26 = !DISubroutineType(types: !27)
!27 = !{}
