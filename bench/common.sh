# common.sh - sourced by the benchmarks: the checkout (root), the build
# (the benchmark's first argument, default build/), its plugin, LLVM 22's
# tools, the shared reference module's folder, and a scratch directory
# removed on exit. bench_needs FILE... stops with a clear message when
# something a benchmark runs is missing.
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
