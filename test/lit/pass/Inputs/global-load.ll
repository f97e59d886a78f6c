; One global load in a gfx1201 kernel.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p) "target-cpu"="gfx1201" {
  %v = load i32, ptr addrspace(1) %p
  ret void
}
