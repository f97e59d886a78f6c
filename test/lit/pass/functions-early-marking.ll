; Early gives every eligible device function a bare enter header at entry
; and a bare exit header, still carrying its ID, before every return; tags it
; with !sqtt.func.id and records name, definition site and pre-optimisation
; size. Kernels, functions with a musttail call and naked functions are
; skipped; a function that never returns gets only the enter.
; RUN: env SQTT_INSTRUMENT_FUNCTIONS=1 %opt -passes=sqtt-early -S %s | FileCheck %s
; RUN: %opt -passes=sqtt-early -S %s | FileCheck %s --check-prefix=OFF
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define i32 @two_returns(
; CHECK-SAME: !sqtt.func.id ![[ID1:[0-9]+]]
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 6){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK: then:
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 5){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: ret i32 1
; CHECK: else:
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 5){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: ret i32 2
define i32 @two_returns(i32 %x) "target-cpu"="gfx1100" !dbg !5 {
  %c = icmp eq i32 %x, 0
  br i1 %c, label %then, label %else
then:
  ret i32 1
else:
  ret i32 2
}

; CHECK-LABEL: define void @never_returns(
; CHECK-SAME: !sqtt.func.id
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata.imm(i16 10){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: call void @llvm.trap()
; CHECK-NEXT: unreachable
define void @never_returns() "target-cpu"="gfx1100" {
  call void @llvm.trap()
  unreachable
}

; gfx9 has no immediate form.
; CHECK-LABEL: define void @on_gfx9(
; CHECK-SAME: !sqtt.func.id
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata(i32 14){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: call void @llvm.amdgcn.s.ttracedata(i32 13){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: ret void
define void @on_gfx9() "target-cpu"="gfx942" {
  ret void
}

; CHECK-LABEL: define i32 @tail_caller(
; CHECK-NOT: ttracedata
; CHECK: musttail call i32 @two_returns
define i32 @tail_caller(i32 %x) "target-cpu"="gfx1100" {
  %r = musttail call i32 @two_returns(i32 %x)
  ret i32 %r
}

; CHECK-LABEL: define void @naked_fn(
; CHECK-NOT: ttracedata
; CHECK: ret void
define void @naked_fn() naked "target-cpu"="gfx1100" {
  call void asm sideeffect "s_endpgm", ""()
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @kernel(
; CHECK-NOT: ttracedata
; CHECK: ret void
define amdgpu_kernel void @kernel() "target-cpu"="gfx1100" {
  call i32 @two_returns(i32 0)
  ret void
}

; OFF-NOT: ttracedata
; OFF-NOT: sqtt.func.id
; OFF: !sqtt.early.done

; CHECK: !sqtt.markers.early = !{![[R1:[0-9]+]], ![[R2:[0-9]+]], ![[R3:[0-9]+]]}
; CHECK-DAG: ![[R1]] = !{i32 1, i32 0, !"two_returns", i32 4, !"funcs.hip:3", i32 0}
; CHECK-DAG: ![[ID1]] = !{i32 1}
; CHECK-DAG: ![[R2]] = !{i32 2, i32 0, !"never_returns", i32 1, !"", i32 0}
; CHECK-DAG: ![[R3]] = !{i32 3, i32 0, !"on_gfx9", i32 1, !"", i32 0}

declare void @llvm.trap()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "funcs.hip", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "two_returns", scope: !1, file: !1, line: 3, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
