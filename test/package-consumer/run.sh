#!/usr/bin/env bash
# run.sh BUILD - the installed package as a user gets it: installs BUILD into
# a scratch prefix, moves the prefix elsewhere (the package must relocate),
# builds this directory's project against it, then checks the instrumented
# kernel's marker map through the decoder (map_rows), through the installed
# launcher and tool, and that changing sqtt_instrument_target's configuration
# rebuilds the kernel with the new one.
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$src/../.." && pwd)
work=$build/package-consumer
rm -rf "$work"
mkdir -p "$work"

cmake --install "$build" --prefix "$work/staged" > "$work/install.log"
mv "$work/staged" "$work/prefix"

cxx=$(sed -n 's/^SQTT_CLANGXX:FILEPATH=//p' "$build/CMakeCache.txt")
configure() {
  cmake -S "$src" -B "$work/build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" \
    -DCMAKE_CXX_COMPILER="$cxx" -DHIP_SHIM_DIR="$root/examples" "$@" > "$work/configure.log"
}
configure -DWITH_BARRIERS=ON
grep -o "SQTTInstrument .*" "$work/configure.log"
cmake --build "$work/build" > "$work/build.log"

obj=$work/build/CMakeFiles/kernel.dir/kernel.hip.o
echo "== map_rows (SQTTInstrument::decoder)"
"$work/build/map_rows" "$obj"
echo "== installed launcher"
python3 "$work/prefix/bin/sqtt_decode_funcmap.py" "$obj"
"$work/prefix/bin/sqtt-decode-funcmap" --version

echo "== without BARRIERS"
configure -DWITH_BARRIERS=OFF
cmake --build "$work/build" > "$work/rebuild.log"
echo "kernel rebuilt: $(grep -c "Building CXX object CMakeFiles/kernel.dir/kernel.hip.o" "$work/rebuild.log")"
"$work/build/map_rows" "$obj"
