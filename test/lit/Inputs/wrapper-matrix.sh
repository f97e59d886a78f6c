#!/usr/bin/env bash
# wrapper-matrix.sh SOURCE WORKDIR - builds SOURCE (Inputs/wrappers.hip) for
# gfx942 and gfx1100 at -O1/-O2/-O3 with SQTT_INSTRUMENT_FUNCTIONS at 1-6 and
# cost:1, and prints one line per build:
#   <gfx> <opt> <threshold> | F=[<F: row names>] seq=[<markers of markers_only>] helper=[<of checkpoint>]
# The compile command comes from $HIPCC.
set -euo pipefail
src=$1 work=$2
here=$(dirname "$0")
mkdir -p "$work"
for gfx in gfx942 gfx1100; do
  for opt in -O1 -O2 -O3; do
    for threshold in 1 2 3 4 5 6 cost:1; do
      obj=$work/wrappers-$gfx$opt-${threshold/:/_}.o
      # shellcheck disable=SC2086
      SQTT_INSTRUMENT_FUNCTIONS=$threshold $HIPCC --offload-arch=$gfx $opt \
        -mllvm -verify-machineinstrs -DSQTT_ENABLED=1 -c "$src" -o "$obj"
      functions=$(bash "$here/funcmap.sh" "$obj" | sed -n 's/^F:[0-9]*:\([^@]*\).*/\1/p' | tr '\n' ' ')
      echo "$gfx $opt $threshold | F=[${functions% }] seq=[$(bash "$here/marker-sequence.sh" "$obj" markers_only)]" \
        "helper=[$(bash "$here/marker-sequence.sh" "$obj" _ZL10checkpointj)]"
    done
  done
done
