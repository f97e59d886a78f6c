#!/usr/bin/env bash
# perturbation.sh [BUILD_DIR] - what the markers change beside their own
# instructions (D38), per example and target: each source built plain (no
# plugin, no SQTT_ENABLED) and instrumented (the plugin, SQTT_ENABLED=1) at
# -O2, compared by sqtt-verify --perturbation. A row per source and target:
# kernels compared and perturbed, the VGPRs, scratch and code bytes of all
# its kernels plain -> instrumented (of them the plugin's own), and the waits
# before markers. MARKERS="default" (the default configuration) and "all"
# (function, barrier and memory markers on top) by default.
set -euo pipefail
. "$(dirname "$0")/common.sh"
# VERIFY: the sqtt-verify to compare with (default: the build's; set it to measure an older plugin).
verify=${VERIFY:-$build/bin/sqtt-verify}
bench_needs "$plugin" "$verify"
targets=(${TARGETS:-gfx90a gfx942 gfx1030 gfx1100 gfx1200 gfx1201 gfx1250})
sources=("$root"/examples/*.hip "$root"/test/lit/isa/Inputs/perturbation-shapes.hip)
hip=("$llvm/clang" -x hip -nogpuinc -nogpulib -I"$root/include/rocprof_trace_decoder/cxx" -I"$root/examples"
     -include hip_minimal.h --cuda-device-only --no-gpu-bundle-output -O2)
declare -A configs=([default]="" [all]="SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_INSTRUMENT_BARRIERS=1 SQTT_INSTRUMENT_MEMORY=1:0")

printf '%-8s %-22s %-8s %8s %9s %11s %9s %15s %6s\n' config source target kernels perturbed VGPRs scratch "code bytes" waits
for c in ${MARKERS:-default all}; do
  for src in "${sources[@]}"; do
    name=$(basename "$src" .hip)
    for t in "${targets[@]}"; do
      "${hip[@]}" --offload-arch="$t" -c "$src" -o "$work/plain.co"
      # shellcheck disable=SC2086
      env ${configs[$c]} "${hip[@]}" --offload-arch="$t" -DSQTT_ENABLED=1 -fpass-plugin="$plugin" -c "$src" \
        -o "$work/inst.co" 2> /dev/null
      "$verify" --perturbation --json "$work/plain.co" "$work/inst.co" > "$work/p.json" || true
      python3 - "$c" "$name" "$t" "$work/p.json" <<'PY'
import json, sys
c, name, t, path = sys.argv[1:]
ks = [k for cmp in json.load(open(path))["comparisons"] for k in cmp["kernels"]]
s = lambda side, key: sum(k[side][key] for k in ks)
code = lambda key: sum(k["code_bytes"][key] for k in ks)
print(f"{c:<8} {name:<22} {t:<8} {len(ks):>8} {sum(k['perturbed'] for k in ks):>9} "
      f"{s('plain','vgprs'):>4}->{s('instrumented','vgprs'):<5} {s('plain','scratch_bytes'):>3}->{s('instrumented','scratch_bytes'):<4} "
      f"{code('plain'):>5}->{code('instrumented'):<5}({code('plugin'):>4}) "
      f"{sum(k['regions'][0]['waits_at_markers'] for k in ks):>6}")
PY
    done
  done
done
