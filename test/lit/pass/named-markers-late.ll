; Late places Early's bare markers for good and resolves the sentinels that
; only became literals later (here after a call was inlined by hand), reusing
; the Early ID of a name it already knows. Unresolvable names are dropped with
; a warning naming the function and the call site.
; RUN: env SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none %opt -passes='sqtt-early,globalopt,sqtt-late' -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

@.x = private unnamed_addr constant [2 x i8] c"x\00"
@.z = private unnamed_addr constant [2 x i8] c"z\00"
@slot = internal global ptr @.x
@g = global ptr null
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_point(ptr)

; CHECK: c"K:k@late.hip:2\0AU:1:x\0AU:2:z\0A\00", section ".sqtt_funcmap"
; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 6)
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 10)
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 6)
; CHECK-NOT: __sqtt_named_marker
; WARN: warning: sqtt: k: the argument of sqtt_marker_point() at late.hip:4 is not a string literal; marker dropped
define amdgpu_kernel void @k() "target-cpu"="gfx1100" !dbg !5 {
  call void @__sqtt_named_marker_enter(ptr @.x)
  call void @__sqtt_named_marker_enter(ptr @.z)
  ; A literal that only globalopt reveals, after Early.
  %late = load ptr, ptr @slot
  call void @__sqtt_named_marker_enter(ptr %late)
  %p = load ptr, ptr @g
  call void @__sqtt_named_marker_point(ptr %p), !dbg !8
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "late.hip", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 2, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 4, scope: !5)
