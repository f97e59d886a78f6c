#!/usr/bin/env bash
# auto-matrix.sh SOURCE WORKDIR OPT CONFIG... - builds SOURCE into a final
# code object for every supported target at optimisation level OPT, once per
# CONFIG (a space-separated list of SQTT_* assignments), and checks each
# object's trace sequences (check-isa.sh). Then, per CONFIG, prints the
# funcmap once for each group of targets whose maps are identical:
#   == <config> <opt>: <gfx> <gfx> ...
#   <rows>
# The compile command comes from $HIPCC.
set -euo pipefail
src=$1 work=$2 opt=$3
shift 3
here=$(dirname "$0")
targets=(gfx90a gfx942 gfx1030 gfx1100 gfx1200 gfx1201 gfx1250)
mkdir -p "$work"
for config in "$@"; do
  declare -A groups=()
  order=()
  read -r -a vars <<< "$config"
  for gfx in "${targets[@]}"; do
    obj=$work/$(basename "$src" .hip)-$gfx$opt-${config//[ =:]/_}.o
    # shellcheck disable=SC2086
    env "${vars[@]}" $HIPCC --offload-arch="$gfx" "$opt" -DSQTT_ENABLED=1 -c "$src" -o "$obj"
    if ! bash "$here/check-isa.sh" "$obj" > "$obj.isa"; then
      echo "== $config $gfx $opt: bad trace sequence"; cat "$obj.isa"; exit 1
    fi
    map=$(bash "$here/funcmap.sh" "$obj")
    [[ -v "groups[$map]" ]] || order+=("$map")
    groups[$map]+=" $gfx"
  done
  for map in "${order[@]}"; do
    echo "== $config $opt:${groups[$map]}"
    echo "$map"
  done
  unset groups
done
