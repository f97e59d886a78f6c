#!/usr/bin/env bash
# check-rocsparse.sh [BUILD_DIR] - real-world input for the code-object
# reader: Debian's librocsparse0 ships hundreds of AMDGPU code objects in
# offload bundles inside a >1 GB .hip_fatbin. None was built with the SQTT
# plugin, so sqtt-decode-funcmap must list every one as "no funcmap" and
# exit 1 without crashing. Downloads the package into a cache (.cache/).
# Opt-in (make test-rocsparse): the download is large for CI.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
cache=$root/.cache/rocsparse
mkdir -p "$cache"
if ! ls "$cache"/librocsparse0_*.deb >/dev/null 2>&1; then
  echo "check-rocsparse: downloading librocsparse0 into ${cache#$root/}"
  (cd "$cache" && apt-get download librocsparse0 >/dev/null)
fi
deb=$(ls "$cache"/librocsparse0_*.deb | head -1)
[[ -d $cache/root ]] || dpkg-deb -x "$deb" "$cache/root"
lib=$(find "$cache/root" -name 'librocsparse.so.*' -type f | head -1)
[[ -n $lib ]] || { echo "check-rocsparse: no librocsparse.so in $deb" >&2; exit 1; }
echo "check-rocsparse: reading $(basename "$lib") ($(du -h "$lib" | cut -f1))"
set +e
/usr/bin/time -f "check-rocsparse: %es, peak RSS %M KB" \
  "$build/bin/sqtt-decode-funcmap" "$lib" > "$cache/out.txt" 2> "$cache/err.txt"
status=$?
set -e
cat "$cache/err.txt"
objects=$(grep -c '^== ' "$cache/out.txt" || true)
nomap=$(grep -c '^no funcmap$' "$cache/out.txt" || true)
echo "check-rocsparse: $objects code objects listed, $nomap with 'no funcmap', exit status $status"
if [[ $status -ne 1 || $objects -eq 0 || $objects -ne $nomap ]] || grep -q 'Segmentation\|Aborted\|core dumped' "$cache/err.txt"; then
  echo "check-rocsparse: FAILED" >&2
  exit 1
fi
echo "check-rocsparse: OK"
