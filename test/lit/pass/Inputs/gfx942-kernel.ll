; A trivial gfx942 kernel shared by tests.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k() "target-cpu"="gfx942" {
  ret void
}
