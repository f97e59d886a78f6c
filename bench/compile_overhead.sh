#!/usr/bin/env bash
# compile_overhead.sh [BUILD_DIR] [REPEAT] - compile-time cost of the plugin.
# Compiles every example for gfx942 and gfx1201 at -O2, REPEAT times each,
# without the plugin, with it but markers off (SQTT_ENABLED=0), and with
# markers on; prints the mean wall time per compile, the overhead, and the
# peak RSS of the compiler, plus the trace instructions in the final ISA.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
repeat=${2:-5}
plugin=$build/lib/libsqttinstrumentpass.so
llvm=/usr/lib/llvm-22/bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

hip=("$llvm/clang" -x hip -nogpuinc -nogpulib --cuda-device-only --no-gpu-bundle-output -O2
     -I"$root/include/rocprof_trace_decoder/cxx" -I"$root/examples")

# run_mode NAME EXTRA... -> prints "mean_ms peak_kb" over all compiles
run_mode() {
  local total_ms=0 peak=0 n=0
  for gfx in gfx942 gfx1201; do
    for src in "$root"/examples/*.hip; do
      for ((i = 0; i < repeat; i++)); do
        local t0 t1 rss
        t0=$(date +%s%N)
        rss=$( { /usr/bin/time -f '%M' "${hip[@]}" --offload-arch=$gfx "$@" -c "$src" -o "$work/o.o" >/dev/null; } 2>&1 | tail -1)
        t1=$(date +%s%N)
        total_ms=$((total_ms + (t1 - t0) / 1000000))
        ((rss > peak)) && peak=$rss
        n=$((n + 1))
      done
    done
  done
  echo "$((total_ms / n)) $peak"
}

[[ -x /usr/bin/time ]] || { echo "bench: /usr/bin/time missing (Debian package 'time')" >&2; exit 1; }
read -r base_ms base_kb < <(run_mode)
read -r off_ms off_kb < <(run_mode -fpass-plugin="$plugin" -DSQTT_ENABLED=0)
read -r on_ms on_kb < <(run_mode -fpass-plugin="$plugin" -DSQTT_ENABLED=1)

printf '%-28s %10s %10s %12s\n' "mode (examples, -O2)" "ms/compile" "overhead" "peak RSS MB"
printf '%-28s %10d %10s %12.1f\n' "no plugin" "$base_ms" "-" "$(echo "$base_kb/1024" | bc -l)"
printf '%-28s %10d %9.1f%% %12.1f\n' "plugin, markers off" "$off_ms" "$(echo "100*($off_ms-$base_ms)/$base_ms" | bc -l)" "$(echo "$off_kb/1024" | bc -l)"
printf '%-28s %10d %9.1f%% %12.1f\n' "plugin, markers on" "$on_ms" "$(echo "100*($on_ms-$base_ms)/$base_ms" | bc -l)" "$(echo "$on_kb/1024" | bc -l)"
