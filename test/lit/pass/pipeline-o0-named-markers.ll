; At -O0 the header's always_inline wrappers are inlined before Late runs,
; leaving the literal in a stack slot; Late still resolves it, and the exit
; followed by an enter still fuses into one (id << 2) | 3 marker.
; RUN: env SQTT_SCOPE_CU=-1 %opt -passes='default<O0>' -S %s | FileCheck %s
; REQUIRES: amdgpu-registered-target

target triple = "amdgcn-amd-amdhsa"

@.str = private unnamed_addr addrspace(4) constant [6 x i8] c"first\00"
@.str.1 = private unnamed_addr addrspace(4) constant [7 x i8] c"second\00"

declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)

define internal void @sqtt_marker_enter(ptr %name) #1 {
  %name.addr = alloca ptr, align 8, addrspace(5)
  %name.addr.ascast = addrspacecast ptr addrspace(5) %name.addr to ptr
  store ptr %name, ptr %name.addr.ascast, align 8
  %v = load ptr, ptr %name.addr.ascast, align 8
  call void @__sqtt_named_marker_enter(ptr %v)
  ret void
}

define internal void @sqtt_marker_exit(ptr %name) #1 {
  %name.addr = alloca ptr, align 8, addrspace(5)
  %name.addr.ascast = addrspacecast ptr addrspace(5) %name.addr to ptr
  store ptr %name, ptr %name.addr.ascast, align 8
  %v = load ptr, ptr %name.addr.ascast, align 8
  call void @__sqtt_named_marker_exit(ptr %v)
  ret void
}

; CHECK: c"K:k\0AU:1:first\0AU:2:second\0A\00", section ".sqtt_funcmap"
; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 6){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 11){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK: call void @llvm.amdgcn.s.ttracedata.imm(i16 1){{( #[0-9]+)?}}, !sqtt.marker_header
; CHECK-NOT: __sqtt_named_marker
define amdgpu_kernel void @k() #0 {
  call void @sqtt_marker_enter(ptr addrspacecast (ptr addrspace(4) @.str to ptr))
  call void @sqtt_marker_exit(ptr addrspacecast (ptr addrspace(4) @.str to ptr))
  call void @sqtt_marker_enter(ptr addrspacecast (ptr addrspace(4) @.str.1 to ptr))
  call void @sqtt_marker_exit(ptr addrspacecast (ptr addrspace(4) @.str.1 to ptr))
  ret void
}

attributes #0 = { noinline optnone "target-cpu"="gfx1100" }
attributes #1 = { alwaysinline "target-cpu"="gfx1100" }
