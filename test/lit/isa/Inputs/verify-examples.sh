#!/usr/bin/env bash
# verify-examples.sh WORKDIR - builds every example for every target the
# compiler supports at -O0 and -O2, once per plugin configuration below, and
# runs sqtt-verify on each code object. Prints one line per configuration
# ("<config>: N code objects, K kernels, P paths, F findings"), every
# finding, and exits 1 if there is any. $HIPCC compiles, $VERIFY verifies,
# $EXAMPLES holds the sources.
set -euo pipefail
work=$1
mkdir -p "$work"
targets=(gfx90a gfx942 gfx1030 gfx1100 gfx1200 gfx1201 gfx1250)
# Everything on with the default scope (CU 0x3); address tracing with
# filters on two dimensions; gfx12 clock packing, unscoped (which the plugin
# refuses beside payload markers, so only for matmul_tiled, which has none).
configs=(
  "SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_INSTRUMENT_BARRIERS=1 SQTT_INSTRUMENT_MEMORY=1:0"
  "SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_TRACE_ADDRESSES=memory,lds SQTT_SCOPE_CU=0x5 SQTT_SCOPE_SIMD=0x1"
  "SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_SHADER_CLOCK_BITS=12 SQTT_SCOPE_CU=-1"
)
only=("" "" "matmul_tiled")
supported=()
for gfx in "${targets[@]}"; do
  # shellcheck disable=SC2086
  if printf '#include "hip_minimal.h"\nextern "C" __global__ void k() {}\n' | $HIPCC --offload-arch="$gfx" -x hip - -c -o "$work/probe.o" 2>/dev/null; then
    supported+=("$gfx")
  else
    echo "skipped $gfx: not a target of this compiler"
  fi
done
bad=0
for c in "${!configs[@]}"; do
  config=${configs[$c]}
  read -r -a vars <<< "$config"
  objects=0 kernels=0 paths=0 findings=0
  jobs=()
  for src in "$EXAMPLES"/*.hip; do
    [[ -n ${only[$c]} && $(basename "$src" .hip) != "${only[$c]}" ]] && continue
    for gfx in "${supported[@]}"; do
      for opt in -O0 -O2; do
        jobs+=("$src $gfx $opt")
      done
    done
  done
  tag=${config//[ =:,]/_}
  build() {
    read -r src gfx opt <<< "$1"
    obj=$work/$(basename "$src" .hip)-$gfx$opt-$tag.co
    # shellcheck disable=SC2086
    env "${vars[@]}" $HIPCC --offload-arch="$gfx" "$opt" -DSQTT_ENABLED=1 -c "$src" -o "$obj"
    "$VERIFY" "$obj" > "$obj.findings" 2> "$obj.summary" || true
  }
  export -f build
  export work tag HIPCC VERIFY
  export vars_string="$config"
  printf '%s\n' "${jobs[@]}" | xargs -P 2 -I{} bash -c 'read -r -a vars <<< "$vars_string"; build "{}"'
  for job in "${jobs[@]}"; do
    read -r src gfx opt <<< "$job"
    obj=$work/$(basename "$src" .hip)-$gfx$opt-$tag.co
    summary=$(tail -1 "$obj.summary")
    [[ $summary =~ :\ ([0-9]+)\ kernels?,.*\ ([0-9]+)\ paths\ in.*:\ ([0-9]+)\ findings?$ ]] ||
      { echo "no summary for $obj:"; cat "$obj.summary"; bad=1; continue; }
    objects=$((objects + 1))
    kernels=$((kernels + BASH_REMATCH[1]))
    paths=$((paths + BASH_REMATCH[2]))
    findings=$((findings + BASH_REMATCH[3]))
    cat "$obj.findings"
  done
  echo "$config: $objects code objects, $kernels kernels, $paths paths, $findings findings"
  ((findings == 0)) || bad=1
done
exit $bad
