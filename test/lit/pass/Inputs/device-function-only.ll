; A device function and no kernel.
target triple = "amdgcn-amd-amdhsa"

define void @helper() "target-cpu"="gfx942" {
  ret void
}
