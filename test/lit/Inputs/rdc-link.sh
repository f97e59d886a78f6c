#!/usr/bin/env bash
# rdc-link.sh WORKDIR GFX OUT [LINK FLAGS...] - links WORKDIR/a.o, WORKDIR/b.o
# (-fgpu-rdc objects) and a stub HIP runtime into a host executable OUT with
# clang --hip-link (no ROCm: -no-hip-rt), then extracts its GFX device code
# object to OUT.co. $CLANG and $CXX name the compilers.
set -euo pipefail
work=$1 gfx=$2 out=$3
shift 3
here=$(dirname "$0")
[[ -f $work/stub.o ]] || $CXX -c "$here/hip_host_runtime_stub.cpp" -o "$work/stub.o"
$CLANG --hip-link -no-hip-rt -fgpu-rdc --offload-arch="$gfx" "$work/a.o" "$work/b.o" \
  "$work/stub.o" -o "$out" "$@"
llvm-objcopy --dump-section=.hip_fatbin="$out.fatbin" "$out" /dev/null
clang-offload-bundler --unbundle --type=o --input="$out.fatbin" \
  --targets="hipv4-amdgcn-amd-amdhsa--$gfx" --output="$out.co"
