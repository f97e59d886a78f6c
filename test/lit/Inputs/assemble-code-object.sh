#!/usr/bin/env bash
# assemble-code-object.sh CPU SOURCE.s OUT.co - hand-written AMDGPU assembly
# (with its own .sqtt_funcmap / .sqtt_config sections) as a linked code
# object, the way ld.lld links a compiler's (llvm-mc, then ld.lld -shared).
set -euo pipefail
cpu=$1 src=$2 out=$3
llvm-mc -triple=amdgcn-amd-amdhsa -mcpu="$cpu" -filetype=obj "$src" -o "$out.o"
ld.lld -shared "$out.o" -o "$out"
