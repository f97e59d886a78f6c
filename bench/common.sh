# common.sh - sourced by the benchmarks: the checkout (root), the build
# (the benchmark's first argument, default build/), its plugin, LLVM 22's
# tools, the shared reference module's folder, and a scratch directory
# removed on exit. bench_needs FILE... stops with a clear message when
# something a benchmark runs is missing; hipcc ARGS... compiles HIP device
# code at -O2 with the plugin and markers on (no ROCm needed).
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
shared=$root/../shared/bench
plugin=$build/lib/libsqttinstrumentpass.so
llvm=/usr/lib/llvm-22/bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

bench_needs() {
  local f
  for f in "$@"; do
    [[ -e $f ]] && continue
    [[ $f == /usr/bin/time ]] && { echo "bench: /usr/bin/time missing (Debian package 'time')" >&2; exit 1; }
    echo "bench: $f missing" >&2
    exit 1
  done
}

hipcc() {
  "$llvm/clang" -x hip -nogpuinc -nogpulib --cuda-device-only --no-gpu-bundle-output -O2 -DSQTT_ENABLED=1 \
    -I"$root/include/rocprof_trace_decoder/cxx" -I"$root/examples" -fpass-plugin="$plugin" "$@"
}
