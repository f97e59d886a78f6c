; The link phase keeps a scoped header scoped: whatever form its new value
; takes, the trace asm keeps the function's scope test as its input (here the
; gfx10+ skip word in VCC; gfx1201's packed SCC form is in
; hip/fgpu-rdc-link-imm-and-clock-packing.test). A
; scoped m0 header whose new ID fits s_ttracedata_imm becomes the scoped
; immediate form, and a scoped immediate header whose new ID no longer fits
; (here the 66th hottest marker, value 266 > 255) becomes the scoped m0 form.
; RUN: %opt -passes=sqtt-link -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

; Unit A: "lone" (ID 1, scoped immediate form, emitted once), "hot" (ID 40,
; scoped m0 form, emitted three times). Unit B: 64 markers emitted twice.
@.sqtt_func_id_map = internal addrspace(1) constant [24 x i8] c"K:ka\0AU:1:lone\0AU:40:hot\0A\00", section ".sqtt_funcmap", !sqtt.ledger !0, !sqtt.layout !1
@.sqtt_func_id_map.1 = internal addrspace(1) constant [563 x i8] c"K:kb\0AU:1:b0\0AU:2:b1\0AU:3:b2\0AU:4:b3\0AU:5:b4\0AU:6:b5\0AU:7:b6\0AU:8:b7\0AU:9:b8\0AU:10:b9\0AU:11:b10\0AU:12:b11\0AU:13:b12\0AU:14:b13\0AU:15:b14\0AU:16:b15\0AU:17:b16\0AU:18:b17\0AU:19:b18\0AU:20:b19\0AU:21:b20\0AU:22:b21\0AU:23:b22\0AU:24:b23\0AU:25:b24\0AU:26:b25\0AU:27:b26\0AU:28:b27\0AU:29:b28\0AU:30:b29\0AU:31:b30\0AU:32:b31\0AU:33:b32\0AU:34:b33\0AU:35:b34\0AU:36:b35\0AU:37:b36\0AU:38:b37\0AU:39:b38\0AU:40:b39\0AU:41:b40\0AU:42:b41\0AU:43:b42\0AU:44:b43\0AU:45:b44\0AU:46:b45\0AU:47:b46\0AU:48:b47\0AU:49:b48\0AU:50:b49\0AU:51:b50\0AU:52:b51\0AU:53:b52\0AU:54:b53\0AU:55:b54\0AU:56:b55\0AU:57:b56\0AU:58:b57\0AU:59:b58\0AU:60:b59\0AU:61:b60\0AU:62:b61\0AU:63:b62\0AU:64:b63\0A\00", section ".sqtt_funcmap", !sqtt.ledger !2, !sqtt.layout !1
@llvm.used = appending addrspace(1) global [2 x ptr] [ptr addrspacecast (ptr addrspace(1) @.sqtt_func_id_map to ptr), ptr addrspacecast (ptr addrspace(1) @.sqtt_func_id_map.1 to ptr)], section "llvm.metadata"

; "hot" becomes ID 1 (value 6): the scoped immediate form. "lone" becomes
; ID 66 (value 266): the scoped m0 form.
; CHECK-LABEL: define amdgpu_kernel void @ka(
; CHECK: %[[IN:sqtt.in]] = call i32 asm "s_getreg_b32
; CHECK-NEXT: call void asm sideeffect "s_cbranch_vccnz .Lsqtt_skip${:uid}\0As_ttracedata_imm $0\0A.Lsqtt_skip${:uid}:", "i,{vcc_lo}"(i32 6, i32 %[[IN]]){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: call void asm sideeffect "s_cbranch_vccnz .Lsqtt_skip${:uid}\0As_ttracedata\0A.Lsqtt_skip${:uid}:", "{m0},{vcc_lo}"(i32 266, i32 %[[IN]]){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: call void asm sideeffect "s_cbranch_vccnz .Lsqtt_skip${:uid}\0As_ttracedata_imm $0\0A.Lsqtt_skip${:uid}:", "i,{vcc_lo}"(i32 6, i32 %[[IN]]){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: call void asm sideeffect "s_cbranch_vccnz .Lsqtt_skip${:uid}\0As_ttracedata_imm $0\0A.Lsqtt_skip${:uid}:", "i,{vcc_lo}"(i32 6, i32 %[[IN]]){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NEXT: ret void
define amdgpu_kernel void @ka() "target-cpu"="gfx1100" !sqtt.unit !3 {
  %sqtt.in = call i32 asm "s_getreg_b32 $0, hwreg(23, 12, 2)", "=s"()
  call void asm sideeffect "s_cbranch_vccnz .Lsqtt_skip${:uid}\0As_ttracedata\0A.Lsqtt_skip${:uid}:", "{m0},{vcc_lo}"(i32 162, i32 %sqtt.in), !sqtt.marker_header !4, !sqtt.scoped !4
  call void asm sideeffect "s_cbranch_vccnz .Lsqtt_skip${:uid}\0As_ttracedata_imm $0\0A.Lsqtt_skip${:uid}:", "i,{vcc_lo}"(i32 6, i32 %sqtt.in), !sqtt.marker_header !4, !sqtt.scoped !4
  call void asm sideeffect "s_cbranch_vccnz .Lsqtt_skip${:uid}\0As_ttracedata\0A.Lsqtt_skip${:uid}:", "{m0},{vcc_lo}"(i32 162, i32 %sqtt.in), !sqtt.marker_header !4, !sqtt.scoped !4
  call void asm sideeffect "s_cbranch_vccnz .Lsqtt_skip${:uid}\0As_ttracedata\0A.Lsqtt_skip${:uid}:", "{m0},{vcc_lo}"(i32 162, i32 %sqtt.in), !sqtt.marker_header !4, !sqtt.scoped !4
  ret void
}

define amdgpu_kernel void @kb() "target-cpu"="gfx1100" !sqtt.unit !5 {
  call void @llvm.amdgcn.s.ttracedata.imm(i16 6), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 10), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 14), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 18), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 22), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 26), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 30), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 34), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 38), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 42), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 46), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 50), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 54), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 58), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 62), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 66), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 70), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 74), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 78), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 82), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 86), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 90), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 94), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 98), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 102), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 106), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 110), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 114), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 118), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 122), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 126), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 130), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 134), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 138), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 142), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 146), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 150), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 154), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 158), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 162), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 166), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 170), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 174), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 178), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 182), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 186), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 190), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 194), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 198), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 202), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 206), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 210), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 214), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 218), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 222), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 226), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 230), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 234), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 238), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 242), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 246), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 250), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 254), !sqtt.marker_header !4
  call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 258), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 6), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 10), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 14), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 18), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 22), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 26), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 30), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 34), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 38), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 42), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 46), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 50), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 54), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 58), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 62), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 66), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 70), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 74), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 78), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 82), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 86), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 90), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 94), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 98), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 102), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 106), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 110), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 114), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 118), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 122), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 126), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 130), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 134), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 138), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 142), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 146), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 150), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 154), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 158), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 162), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 166), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 170), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 174), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 178), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 182), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 186), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 190), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 194), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 198), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 202), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 206), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 210), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 214), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 218), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 222), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 226), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 230), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 234), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 238), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 242), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 246), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 250), !sqtt.marker_header !4
  call void @llvm.amdgcn.s.ttracedata.imm(i16 254), !sqtt.marker_header !4
  call void asm sideeffect "s_nop 0\0As_ttracedata", "{m0}"(i32 258), !sqtt.marker_header !4
  ret void
}

declare void @llvm.amdgcn.s.ttracedata.imm(i16 immarg)

!0 = !{!10, !11, !12}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{!100, !101, !102, !103, !104, !105, !106, !107, !108, !109, !110, !111, !112, !113, !114, !115, !116, !117, !118, !119, !120, !121, !122, !123, !124, !125, !126, !127, !128, !129, !130, !131, !132, !133, !134, !135, !136, !137, !138, !139, !140, !141, !142, !143, !144, !145, !146, !147, !148, !149, !150, !151, !152, !153, !154, !155, !156, !157, !158, !159, !160, !161, !162, !163, !164}
!3 = !{ptr addrspace(1) @.sqtt_func_id_map}
!4 = !{}
!5 = !{ptr addrspace(1) @.sqtt_func_id_map.1}
!10 = !{i32 0, i32 1, !"ka", i32 0, !"", i32 0}
!11 = !{i32 1, i32 2, !"lone", i32 0, !"", i32 0}
!12 = !{i32 40, i32 2, !"hot", i32 0, !"", i32 0}
!100 = !{i32 0, i32 1, !"kb", i32 0, !"", i32 0}
!101 = !{i32 1, i32 2, !"b0", i32 0, !"", i32 0}
!102 = !{i32 2, i32 2, !"b1", i32 0, !"", i32 0}
!103 = !{i32 3, i32 2, !"b2", i32 0, !"", i32 0}
!104 = !{i32 4, i32 2, !"b3", i32 0, !"", i32 0}
!105 = !{i32 5, i32 2, !"b4", i32 0, !"", i32 0}
!106 = !{i32 6, i32 2, !"b5", i32 0, !"", i32 0}
!107 = !{i32 7, i32 2, !"b6", i32 0, !"", i32 0}
!108 = !{i32 8, i32 2, !"b7", i32 0, !"", i32 0}
!109 = !{i32 9, i32 2, !"b8", i32 0, !"", i32 0}
!110 = !{i32 10, i32 2, !"b9", i32 0, !"", i32 0}
!111 = !{i32 11, i32 2, !"b10", i32 0, !"", i32 0}
!112 = !{i32 12, i32 2, !"b11", i32 0, !"", i32 0}
!113 = !{i32 13, i32 2, !"b12", i32 0, !"", i32 0}
!114 = !{i32 14, i32 2, !"b13", i32 0, !"", i32 0}
!115 = !{i32 15, i32 2, !"b14", i32 0, !"", i32 0}
!116 = !{i32 16, i32 2, !"b15", i32 0, !"", i32 0}
!117 = !{i32 17, i32 2, !"b16", i32 0, !"", i32 0}
!118 = !{i32 18, i32 2, !"b17", i32 0, !"", i32 0}
!119 = !{i32 19, i32 2, !"b18", i32 0, !"", i32 0}
!120 = !{i32 20, i32 2, !"b19", i32 0, !"", i32 0}
!121 = !{i32 21, i32 2, !"b20", i32 0, !"", i32 0}
!122 = !{i32 22, i32 2, !"b21", i32 0, !"", i32 0}
!123 = !{i32 23, i32 2, !"b22", i32 0, !"", i32 0}
!124 = !{i32 24, i32 2, !"b23", i32 0, !"", i32 0}
!125 = !{i32 25, i32 2, !"b24", i32 0, !"", i32 0}
!126 = !{i32 26, i32 2, !"b25", i32 0, !"", i32 0}
!127 = !{i32 27, i32 2, !"b26", i32 0, !"", i32 0}
!128 = !{i32 28, i32 2, !"b27", i32 0, !"", i32 0}
!129 = !{i32 29, i32 2, !"b28", i32 0, !"", i32 0}
!130 = !{i32 30, i32 2, !"b29", i32 0, !"", i32 0}
!131 = !{i32 31, i32 2, !"b30", i32 0, !"", i32 0}
!132 = !{i32 32, i32 2, !"b31", i32 0, !"", i32 0}
!133 = !{i32 33, i32 2, !"b32", i32 0, !"", i32 0}
!134 = !{i32 34, i32 2, !"b33", i32 0, !"", i32 0}
!135 = !{i32 35, i32 2, !"b34", i32 0, !"", i32 0}
!136 = !{i32 36, i32 2, !"b35", i32 0, !"", i32 0}
!137 = !{i32 37, i32 2, !"b36", i32 0, !"", i32 0}
!138 = !{i32 38, i32 2, !"b37", i32 0, !"", i32 0}
!139 = !{i32 39, i32 2, !"b38", i32 0, !"", i32 0}
!140 = !{i32 40, i32 2, !"b39", i32 0, !"", i32 0}
!141 = !{i32 41, i32 2, !"b40", i32 0, !"", i32 0}
!142 = !{i32 42, i32 2, !"b41", i32 0, !"", i32 0}
!143 = !{i32 43, i32 2, !"b42", i32 0, !"", i32 0}
!144 = !{i32 44, i32 2, !"b43", i32 0, !"", i32 0}
!145 = !{i32 45, i32 2, !"b44", i32 0, !"", i32 0}
!146 = !{i32 46, i32 2, !"b45", i32 0, !"", i32 0}
!147 = !{i32 47, i32 2, !"b46", i32 0, !"", i32 0}
!148 = !{i32 48, i32 2, !"b47", i32 0, !"", i32 0}
!149 = !{i32 49, i32 2, !"b48", i32 0, !"", i32 0}
!150 = !{i32 50, i32 2, !"b49", i32 0, !"", i32 0}
!151 = !{i32 51, i32 2, !"b50", i32 0, !"", i32 0}
!152 = !{i32 52, i32 2, !"b51", i32 0, !"", i32 0}
!153 = !{i32 53, i32 2, !"b52", i32 0, !"", i32 0}
!154 = !{i32 54, i32 2, !"b53", i32 0, !"", i32 0}
!155 = !{i32 55, i32 2, !"b54", i32 0, !"", i32 0}
!156 = !{i32 56, i32 2, !"b55", i32 0, !"", i32 0}
!157 = !{i32 57, i32 2, !"b56", i32 0, !"", i32 0}
!158 = !{i32 58, i32 2, !"b57", i32 0, !"", i32 0}
!159 = !{i32 59, i32 2, !"b58", i32 0, !"", i32 0}
!160 = !{i32 60, i32 2, !"b59", i32 0, !"", i32 0}
!161 = !{i32 61, i32 2, !"b60", i32 0, !"", i32 0}
!162 = !{i32 62, i32 2, !"b61", i32 0, !"", i32 0}
!163 = !{i32 63, i32 2, !"b62", i32 0, !"", i32 0}
!164 = !{i32 64, i32 2, !"b63", i32 0, !"", i32 0}
