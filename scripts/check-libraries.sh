#!/usr/bin/env bash
# check-libraries.sh [BUILD_DIR] - the plugin on real library device code:
# rocPRIM and rocRAND kernels (test/libraries/) compiled with Debian's HIP
# 5.2 headers and device libraries (downloaded once into .cache/hiplibs/,
# ~9 MB, nothing installed) for every target of the project.
#
# For each source and target the baseline (no plugin) is compiled first; where
# it compiles, the plugin runs with everything on in two configurations
# (functions, barriers and memory markers; functions, barriers and address
# tracing), scoped, with -verify-machineinstrs. A plugin failure is a compile
# that fails only with the plugin, or a code object without .sqtt_funcmap
# markers, or compiled assembly in which a marker path does not balance (an
# exit with no scope open, a scope open at the end) on the walk of
# test/lit/Inputs/check-containment.py, or a code object in which sqtt-verify
# finds anything (balance, markers and kinds, payload counts, m0, which waves
# record: proven on the ISA of the code object itself). Exits 1 on any
# plugin failure.
#
# clang-22 needs some help with HIP 5.2:
# test/libraries/compat.h is force-included, the device libraries are named
# explicitly, ISA-version bitcode is generated for targets 5.2 predates, and
# rocPRIM's DPP paths are disabled on gfx10+.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
plugin=$build/lib/libsqttinstrumentpass.so
decode=$build/bin/sqtt-decode-funcmap
verify=$build/bin/sqtt-verify
[[ -f $plugin && -x $decode && -x $verify ]] || { echo "check-libraries: build first (make build)" >&2; exit 1; }
llvm=/usr/lib/llvm-22/bin
cache=$root/.cache/hiplibs
targets=(${TARGETS:-gfx90a gfx942 gfx1030 gfx1100 gfx1200 gfx1201 gfx1250})
packages=(libamdhip64-dev rocm-device-libs librocprim-dev librocrand-dev)

mkdir -p "$cache/debs"
perturb=$cache/perturbation
rm -rf "$perturb" && mkdir -p "$perturb"
# apt-get download needs the package lists; a machine whose packages were all
# present may never have fetched them (scripts/bootstrap.sh updates only when
# it installs), so they are fetched once if a download fails.
updated=0
for p in "${packages[@]}"; do
  if ! ls "$cache/debs/${p}"_*.deb > /dev/null 2>&1; then
    echo "check-libraries: downloading $p"
    until (cd "$cache/debs" && apt-get download "$p" > /dev/null 2>&1); do
      if ((updated)); then
        echo "check-libraries: apt-get download $p failed (no Debian mirror reachable?)" >&2
        exit 1
      fi
      updated=1
      echo "check-libraries: fetching the package lists (apt-get update)"
      if ((EUID == 0)); then apt-get update -qq; else sudo apt-get update -qq; fi ||
        { echo "check-libraries: apt-get update failed" >&2; exit 1; }
    done
  fi
done
if [[ ! -d $cache/root ]]; then
  for d in "$cache"/debs/*.deb; do dpkg-deb -x "$d" "$cache/root.tmp"; done
  mv "$cache/root.tmp" "$cache/root"
fi
hip=$cache/root/usr
bitcode=$cache/bitcode
if [[ ! -d $bitcode ]]; then
  cp -r "$(dirname "$(find "$hip" -name ocml.bc | head -1)")" "$bitcode.tmp"
  mv "$bitcode.tmp" "$bitcode"
fi

# isaVersion gfx942 -> 9402, gfx90a -> 9010, gfx1201 -> 12001
isaVersion() {
  local v=${1#gfx} minor step
  minor=${v: -2:1}
  step=${v: -1}
  echo "${v:0:${#v}-2}$((16#$minor))$((16#$step))"
}

# compile OUT [clang args...]: $src for target $t with the device libraries
# $libs and the extra flags $extra of the loop below.
compile() {
  local out=$1
  shift
  "$llvm/clang" -x hip --offload-arch="$t" --cuda-device-only --no-gpu-bundle-output -O2 -c \
    --hip-path="$hip" --rocm-device-lib-path="$bitcode" -mcode-object-version=5 \
    -include "$root/test/libraries/compat.h" "${libs[@]}" "${extra[@]}" \
    -mllvm -verify-machineinstrs "$@" "$src" -o "$out"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
declare -A configs=(
  [markers]="SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_INSTRUMENT_BARRIERS=1 SQTT_INSTRUMENT_MEMORY=1:0"
  [addresses]="SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_INSTRUMENT_BARRIERS=1 SQTT_TRACE_ADDRESSES=memory,lds"
)
printf '%-22s %-8s %-10s %-10s %-10s %s\n' source target baseline markers addresses "markers in funcmap/functions walked"
failures=0 compiled=0 baseline_failures=0 verified_kernels=0 verified_paths=0
for src in "$root"/test/libraries/*.hip; do
  name=$(basename "$src" .hip)
  for t in "${targets[@]}"; do
    isa=oclc_isa_version_${t#gfx}.bc
    if [[ ! -f $bitcode/$isa ]]; then
      printf 'target triple = "amdgcn-amd-amdhsa"\n@__oclc_ISA_version = linkonce_odr protected local_unnamed_addr addrspace(4) constant i32 %s, align 4\n' \
        "$(isaVersion "$t")" | "$llvm/llvm-as" -o "$bitcode/$isa"
    fi
    wave=oclc_wavefrontsize64_on
    extra=()
    if [[ $t != gfx9* ]]; then
      wave=oclc_wavefrontsize64_off
      extra=(-DROCPRIM_DISABLE_DPP -DROCPRIM_DETAIL_USE_DPP=false)
    fi
    libs=()
    for l in hip ocml ockl oclc_daz_opt_off oclc_unsafe_math_off oclc_finite_only_off \
             oclc_correctly_rounded_sqrt_on "$wave" "${isa%.bc}" oclc_abi_version_500; do
      libs+=(--hip-device-lib="$l.bc")
    done
    row=("$name" "$t")
    if ! compile "$work/base.co" 2> "$work/base.err"; then
      ((++baseline_failures))
      printf '%-22s %-8s %-10s %s\n' "$name" "$t" "fails" "(not a plugin failure: $(grep -m1 error "$work/base.err" | cut -c1-80))"
      continue
    fi
    row+=(ok)
    counts=()
    for c in markers addresses; do
      log=$cache/$name.$t.$c.log
      # shellcheck disable=SC2086
      if ! (export ${configs[$c]} SQTT_SCOPE_CU=0x3 && compile "$work/$c.co" -fpass-plugin="$plugin") 2> "$log"; then
        row+=(FAILED)
        ((++failures))
        echo "check-libraries: PLUGIN FAILURE $name $t $c (see $log):" >&2
        grep -m3 -E 'error|Assertion|Bad machine' "$log" >&2 || head -3 "$log" >&2
        continue
      fi
      n=$("$decode" "$work/$c.co" 2> /dev/null | awk '$2 ~ /^[0-9]+$/' | wc -l)
      if ((n == 0)); then
        row+=(NO-MAP)
        ((++failures))
        echo "check-libraries: PLUGIN FAILURE $name $t $c: no .sqtt_funcmap markers" >&2
        continue
      fi
      if ! "$verify" "$work/$c.co" > "$work/$c.verify" 2>> "$log"; then
        row+=(VERIFY)
        ((++failures))
        cp "$work/$c.co" "$cache/$name.$t.$c.co"
        echo "check-libraries: PLUGIN FAILURE $name $t $c: sqtt-verify (code object kept as $cache/$name.$t.$c.co): $(head -1 "$work/$c.verify" | cut -c1-300)" >&2
        continue
      fi
      verified_paths=$((verified_paths + $(sed -n 's/.* \([0-9]*\) paths in.*/\1/p' "$log" | tail -1)))
      verified_kernels=$((verified_kernels + $(sed -n 's/.*): \([0-9]*\) kernels\{0,1\},.*/\1/p' "$log" | tail -1)))
      # shellcheck disable=SC2086
      if ! (export ${configs[$c]} SQTT_SCOPE_CU=0x3 && compile "$work/$c.s" -fpass-plugin="$plugin" -S) 2>> "$log" ||
         ! python3 "$root/test/lit/Inputs/check-containment.py" --asm "$work/$c.s" --cpus "$t" > "$work/$c.walk"; then
        row+=(UNBALANCED)
        ((++failures))
        echo "check-libraries: PLUGIN FAILURE $name $t $c: $(grep -m1 FINDING "$work/$c.walk" | cut -c1-300)" >&2
        continue
      fi
      row+=(ok)
      # What the markers changed beside their own instructions (D38): reported,
      # not a failure (everything is instrumented here, not the default).
      "$verify" --perturbation --json "$work/base.co" "$work/$c.co" > "$perturb/$name.$t.$c.json" \
        2> "$perturb/$name.$t.$c.err" || true
      counts+=("$n/$(sed -n 's/.*: ok: \([0-9]*\) functions with markers.*/\1/p' "$work/$c.walk")")
      ((++compiled))
      rm -f "$log"
    done
    printf '%-22s %-8s %-10s %-10s %-10s %s\n' "${row[@]}" "${counts[*]}"
  done
done
for c in markers addresses; do
  python3 "$root/scripts/perturbation_summary.py" "check-libraries: $c" "$perturb"/*."$c".json
done
echo "check-libraries: $compiled plugin compiles ok, $failures plugin failures, $baseline_failures baseline failures"
echo "check-libraries: sqtt-verify: $verified_kernels kernels, $verified_paths paths, 0 findings in the compiles that passed"
((failures == 0)) || exit 1
echo "check-libraries: OK"
