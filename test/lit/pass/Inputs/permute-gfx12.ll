; The three lane shuffles, ds_bpermute_fi_b32 being gfx12 only.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.ds.permute(i32, i32)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
declare i32 @llvm.amdgcn.ds.bpermute.fi.b32(i32, i32)

define amdgpu_kernel void @k(i32 %i1, i32 %i2, i32 %i3, i32 %v) {
  %a = call i32 @llvm.amdgcn.ds.permute(i32 %i1, i32 %v)
  %b = call i32 @llvm.amdgcn.ds.bpermute(i32 %i2, i32 %v)
  %c = call i32 @llvm.amdgcn.ds.bpermute.fi.b32(i32 %i3, i32 %v)
  ret void
}
