; The map is an internal constant NUL-terminated string in section
; .sqtt_funcmap, in the default globals address space, kept through the link
; by llvm.used (existing llvm.used entries are kept). Rows: K: for kernels in
; module order with file:line of their definition from debug info, then U:
; and P: named markers with R: after data markers.
; RUN: env SQTT_SCOPE_CU=-1 %opt -passes=sqtt-early,sqtt-late -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

; CHECK: @.sqtt_func_id_map = internal addrspace(1) constant [{{[0-9]+}} x i8] c"K:first_kernel@kernels.hip:10\0AK:second_kernel\0AU:1:phase\0AP:2:tick\0AP:3:tick\0AR:3:extra_payload_count=1\0A\00", section ".sqtt_funcmap", align 1
; The configuration (D27) beside it, in .sqtt_config, kept the same way.
; CHECK: @.sqtt_config_text = internal addrspace(1) constant [{{[0-9]+}} x i8] c"plugin=sqtt-instrument/{{[^\\]+}}\0Allvm={{[^\\]+}}\0Ascope_wave=0xffffffff\0Ascope_simd=0xf\0Ascope_cu=0xffffffff\0Ascope_wg=0xffffffff\0Amem_barrier=fence\0Await_at_exit=0\0Acontain_scopes=1\0Afunctions=off\0Abarriers=0\0Amemory=off\0Aaddresses=off\0Ashader_clock=0:4\0A\00", section ".sqtt_config", align 1
; CHECK: @llvm.used = appending addrspace(1) global [3 x ptr] [ptr addrspacecast (ptr addrspace(1) @keep to ptr), ptr addrspacecast (ptr addrspace(1) @.sqtt_func_id_map to ptr), ptr addrspacecast (ptr addrspace(1) @.sqtt_config_text to ptr)], section "llvm.metadata"

target triple = "amdgcn-amd-amdhsa"

@keep = addrspace(1) global i32 0
@llvm.used = appending addrspace(1) global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @keep to ptr)], section "llvm.metadata"

@.phase = private unnamed_addr constant [6 x i8] c"phase\00"
@.tick = private unnamed_addr constant [5 x i8] c"tick\00"
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_point(ptr)
declare void @__sqtt_named_marker_data(ptr, i32)

define amdgpu_kernel void @first_kernel() "target-cpu"="gfx942" !dbg !5 {
  call void @__sqtt_named_marker_enter(ptr @.phase)
  call void @__sqtt_named_marker_point(ptr @.tick)
  ret void
}

define amdgpu_kernel void @second_kernel(i32 %v) "target-cpu"="gfx942" {
  call void @__sqtt_named_marker_data(ptr @.tick, i32 %v)
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "kernels.hip", directory: "/src/project")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "first_kernel", scope: !1, file: !1, line: 10, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
