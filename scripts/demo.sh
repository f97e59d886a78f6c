#!/usr/bin/env bash
# demo.sh [BUILD_DIR] - the whole pipeline on the example kernels, without a
# GPU: compile them with the plugin, show their marker maps, simulate a
# rocprofv3 --att trace of them (clearly marked as simulated), run the att
# step, then the statistics, flamegraph (and a before/after diff), Perfetto and
# memory-trace tools. Everything goes
# to out/demo/ (or $DEMO_OUT).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
bin=$build/bin
plugin=$build/lib/libsqttinstrumentpass.so
out=${DEMO_OUT:-$root/out/demo}
llvm=/usr/lib/llvm-22/bin
[[ -f $plugin ]] || { echo "demo: $plugin not found; run 'make build' first" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out/code_objects"

step() { printf '\n== %s\n' "$*"; }
# -gline-tables-only: line tables only (no variables or types), enough for the
# funcmap to carry each marker's source line, so reports name real lines.
hipcc() {
  "$llvm/clang" -x hip -nogpuinc -nogpulib --cuda-device-only --no-gpu-bundle-output -O2 -gline-tables-only \
    -DSQTT_ENABLED=1 -I"$root/include/rocprof_trace_decoder/cxx" -I"$root/examples" \
    -fpass-plugin="$plugin" "$@"
}

step "1. Compile the examples with the SQTT plugin"
# CDNA: function entry/exit above 10 instructions, barriers, user markers.
SQTT_INSTRUMENT_FUNCTIONS=10 SQTT_INSTRUMENT_BARRIERS=1 SQTT_SCOPE_CU=-1 \
  hipcc --offload-arch=gfx942 -c "$root/examples/nested_markers.hip" \
  -o "$out/code_objects/nested_markers_gfx942_code_object_id_1.co"
# CDNA: per-lane address tracing of global and LDS memory.
SQTT_TRACE_ADDRESSES=memory,lds SQTT_SCOPE_CU=-1 \
  hipcc --offload-arch=gfx942 -c "$root/examples/reduction.hip" \
  -o "$out/code_objects/reduction_gfx942_code_object_id_2.co"
# RDNA4: barriers and user markers, headers packed with the shader clock.
SQTT_SHADER_CLOCK_BITS=12 SQTT_INSTRUMENT_BARRIERS=1 SQTT_SCOPE_CU=-1 \
  hipcc --offload-arch=gfx1201 -c "$root/examples/matmul_tiled.hip" \
  -o "$out/code_objects/matmul_tiled_gfx1201_code_object_id_3.co"
ls -1 "$out/code_objects" | sed 's/^/   /'

step "2. Their marker maps (.sqtt_funcmap)"
for co in "$out"/code_objects/*.co; do
  echo "-- $(basename "$co")"
  "$bin/sqtt-decode-funcmap" --demangle "$co" 2>/dev/null | head -14
done
echo "-- what they will record, proven on their ISA (sqtt-verify: every path, every hardware-id case)"
"$bin/sqtt-verify" "$out"/code_objects/*.co 2>&1 | sed 's/^/   /'

step "3. Simulate a rocprofv3 --att trace of them (no GPU here: the files say 'simulated')"
# Each wave runs its kernel's code on the ISA model: the stacks, the waves
# that record and the addresses are the code's. CU 0's waves also get
# per-instruction records, as rocprofv3 --att-target-cu 0 writes them.
"$bin/sqtt-synth" -c "$out"/code_objects/*.co -o "$out/trace" --dirs 2 --seed 2026 --target-cu 0

step "4. The att step: code.json tables, gfx12 headers restored and re-timed"
"$bin/sqtt-att" "$out/trace"

step "5. Per-scope statistics"
"$bin/sqtt-stats" "$out/trace" --demangle -o "$out/stats.txt" 2>/dev/null
head -6 "$out/stats.txt" | cut -c1-160 | sed 's/^/   /'

echo "   where each scope's cycles go, from the target CU's instructions (sqtt-stats --instructions):"
"$bin/sqtt-stats" "$out/trace" --demangle --instructions -o "$out/instructions.txt" 2>/dev/null
head -5 "$out/instructions.txt" | cut -c1-160 | sed 's/^/   /'

step "6. Flamegraph"
(cd "$out" && "$bin/sqtt-flamegraph" trace --demangle -o flamegraph.svg > stacks.folded)
(cd "$out" && "$bin/sqtt-flamegraph" trace --demangle -f speedscope -o profile.speedscope.json --no-svg > /dev/null 2>&1)
head -5 "$out/stacks.folded" | sed 's/^/   /'

step "7. Before/after: the same kernels with memory instructions twice as fast (--costs vmem=8), another seed"
"$bin/sqtt-synth" -c "$out"/code_objects/*.co -o "$out/after" --dirs 2 --seed 2027 --costs vmem=8 2>/dev/null
"$bin/sqtt-att" "$out/after" > /dev/null 2>&1
(cd "$out" && "$bin/sqtt-flamegraph" after --baseline trace --demangle --svg diff.svg > diff.folded 2>/dev/null)
head -3 "$out/diff.folded" | sed 's/^/   /'

step "8. Perfetto timelines"
"$bin/sqtt-perfetto" "$out/trace" --demangle -o "$out/perfetto"
# The target CU's instructions as slices under the scopes of their waves
# (those of SE 0, SIMD 0: a few MB).
"$bin/sqtt-perfetto" "$out/trace" --demangle --instructions --se 0 --simd 0 -o "$out/perfetto-instructions" 2>&1 |
  grep -E '^  ' | sed 's/^/   /'
# Every dispatch in one file (one process per dispatch).
"$bin/sqtt-perfetto" "$out/trace" --demangle --merge -o "$out/perfetto-merged" 2>&1 | grep -E 'wrote|merged' | sed 's/^/   /'

step "9. Memory trace: coalescing and LDS bank conflicts per source line"
"$bin/sqtt-memory-trace" "$out/trace" --demangle -o "$out/addresses.json" --summary --objects \
  --summary-json "$out/memory-summary.json" --heatmap "$out/memory-heatmap.svg" 2>&1 | grep -v '^sqtt-memory-trace:'

cat <<EOM

Everything is in ${out#$root/}/:
  stats.txt                 per-scope statistics (sqtt-stats)
  instructions.txt          per scope: instructions, cycles by category, top ISA and source lines
  flamegraph.svg            open in a browser (click to zoom, Search highlights)
  diff.svg, diff.folded     the faster-memory run against the first (red: more, blue: less)
  stacks.folded             flamegraph.pl / inferno / speedscope input
  profile.speedscope.json   drag onto https://www.speedscope.app
  perfetto/*.perfetto.json  drag onto https://ui.perfetto.dev
  perfetto-merged/merged.perfetto.json  every dispatch in one timeline
  perfetto-instructions/    the same timelines with the target CU's instructions
  addresses.json            per-lane addresses of every traced memory operation
  memory-summary.json       per operation: width, object, cache lines, efficiency, bank conflicts, stride
  memory-heatmap.svg        the accesses over time against address pages, a colour per object
  trace/                    the simulated rocprofv3 --att tree (with ground_truth.json)
EOM
