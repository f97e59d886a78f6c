#!/usr/bin/env bash
# update-goldens.sh [BUILD_DIR] - regenerates Golden/*.txt from the current
# plugin and sqtt-decode-funcmap. Run it only for a deliberate change of
# behaviour, and review the diff.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HIPCC="clang-22 -x hip -nogpuinc -nogpulib -I$root/include/rocprof_trace_decoder/cxx -I$root/examples -fpass-plugin=$build/lib/libsqttinstrumentpass.so"
export CXX=clang++-22
bash "$here/build-example-objects.sh" "$work"
tool=$build/bin/sqtt-decode-funcmap
for co in "$work"/*.co; do
  name=$(basename "$co" .co)
  "$tool" --demangle "$co" 2>/dev/null | sed -e "s/ plugin=[^ ]*/ plugin=V/" -e "s/ llvm=[^ ]*/ llvm=V/" \
    > "$here/Golden/$name.txt"
done
(cd "$work" && "$tool" --json nested_markers.addr.gfx942.co 2>/dev/null) |
  sed -e 's/"plugin": "[^"]*"/"plugin": "V"/' -e 's/"llvm": "[^"]*"/"llvm": "V"/' > "$here/Golden/nested_markers.addr.gfx942.json"
echo "updated $(ls "$here/Golden" | wc -l) golden files in $here/Golden"
