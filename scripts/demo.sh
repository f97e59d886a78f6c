#!/usr/bin/env bash
# demo.sh [BUILD_DIR] - compiles the example kernels with the plugin (user
# markers, function entry/exit above 10 instructions, barriers) for a CDNA
# (gfx942) and an RDNA4 (gfx1201) target, then shows for each code object
# the marker instructions in the final ISA and the .sqtt_funcmap section.
# Everything is written under out/demo/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
plugin=$build/lib/libsqttinstrumentpass.so
out=$root/out/demo
llvm=/usr/lib/llvm-22/bin
[[ -f $plugin ]] || { echo "demo: $plugin not found; run 'make build' first" >&2; exit 1; }
mkdir -p "$out"

targets=(gfx942 gfx1201)
examples=(matmul_tiled reduction nested_markers)

for gfx in "${targets[@]}"; do
  for ex in "${examples[@]}"; do
    obj=$out/$ex.$gfx.co
    echo "== $ex for $gfx -> ${obj#$root/}"
    SQTT_INSTRUMENT_FUNCTIONS=10 SQTT_INSTRUMENT_BARRIERS=1 \
    "$llvm/clang" -x hip --offload-arch="$gfx" -nogpuinc -nogpulib --cuda-device-only \
      --no-gpu-bundle-output -O2 -DSQTT_ENABLED=1 \
      -I"$root/include/rocprof_trace_decoder/cxx" -I"$root/examples" \
      -fpass-plugin="$plugin" -c "$root/examples/$ex.hip" -o "$obj"
    "$llvm/llvm-objdump" -d "$obj" > "$out/$ex.$gfx.s"
    echo "   marker instructions (s_mov_b32 m0 / s_nop 0 / s_ttracedata, or s_ttracedata_imm):"
    grep -E '^\s+s_ttracedata' "$out/$ex.$gfx.s" | sed -E 's#\s*//.*##; s#^\s+#     #' | sort | uniq -c
    echo "   .sqtt_funcmap:"
    "$llvm/llvm-objcopy" --dump-section=.sqtt_funcmap="$out/$ex.$gfx.funcmap" "$obj" /dev/null
    tr '\0' '\n' < "$out/$ex.$gfx.funcmap" | sed '/^$/d; s/^/     /'
  done
done

echo
echo "Code objects, disassembly (.s) and funcmaps are in ${out#$root/}/."
