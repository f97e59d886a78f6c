#!/usr/bin/env bash
# example-codeobj.sh SOURCE GFX OPT WORKDIR - builds SOURCE for GFX at OPT
# twice with the plugin, markers on (SQTT_ENABLED=1) and off (=0), into final
# code objects; checks the trace sequences of the instrumented one, checks
# that the markers added no cache invalidation, and prints its funcmap.
# The compile command comes from $HIPCC (set by lit).
set -euo pipefail
src=$1 gfx=$2 opt=$3 work=$4
here=$(dirname "$0")
mkdir -p "$work"
base=$work/$(basename "$src" .hip)-$gfx$opt
# shellcheck disable=SC2086
$HIPCC --offload-arch="$gfx" "$opt" -DSQTT_ENABLED=1 -c "$src" -o "$base.on.o"
# shellcheck disable=SC2086
$HIPCC --offload-arch="$gfx" "$opt" -DSQTT_ENABLED=0 -c "$src" -o "$base.off.o"
echo "== $gfx $opt"
bash "$here/check-isa.sh" "$base.on.o"
bash "$here/check-invalidates.sh" "$base.off.o" "$base.on.o"
bash "$here/funcmap.sh" "$base.on.o"
