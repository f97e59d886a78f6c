#!/usr/bin/env bash
# corpus.sh [BUILD_DIR] [CONFIG...] - the plugin on IR nobody here wrote:
# LLVM's own AMDGPU codegen tests (llvm/test/CodeGen/AMDGPU of Debian's
# llvm-toolchain-19 source package, fetched once into .cache/corpus/).
#
# Every .ll file is compiled for the triple, CPU and attributes of its first
# amdgcn llc RUN line, first without the plugin (opt-22 -passes=verify, then
# llc-22 -verify-machineinstrs: the baseline) and then, if the baseline
# compiles, once per configuration through opt-22 with the plugin
# (sqtt-early,sqtt-late) followed by the same llc. A file that fails only
# with the plugin (opt crash or error, verifier error, llc failure, timeout)
# is a plugin failure; the script prints every one with its first error lines
# and exits 1 if there is any. sqtt-verify then checks the object llc writes
# of each file the plugin marked; its findings are listed by kind (docs/TESTING.md
# explains the ones known). sqtt-verify --perturbation compares the first
# configuration's object with the baseline's (what changed beside the
# plugin's own instructions, summarised by kind).
#
# A file whose first configuration leaves no marker in the ISA (a target
# outside gfx9-gfx12, or nothing to mark) is not compiled again.
#
# Environment: CORPUS_FILES=N runs only the first N files (a quick look);
# CORPUS_FILTER=REGEX keeps the files whose path matches; JOBS (nproc);
# TIMEOUT seconds per compile (120).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
shift || true
plugin=$build/lib/libsqttinstrumentpass.so
[[ -f $plugin ]] || { echo "corpus: $plugin not built (make build)" >&2; exit 1; }
opt=/usr/lib/llvm-22/bin/opt
llc=/usr/lib/llvm-22/bin/llc
lld=/usr/lib/llvm-22/bin/ld.lld
verify=$build/bin/sqtt-verify
cache=$root/.cache/corpus
jobs=${JOBS:-$(nproc)}
timeout=${TIMEOUT:-120}

# name -> environment of one plugin configuration. Together they cover
# everything on (functions, barriers, memory 1:0), address tracing
# (memory,lds), each SQTT_MEM_BARRIER mode, scoped (the default,
# SQTT_SCOPE_CU=0x3) and unscoped (-1), and gfx12 clock packing (run only
# for gfx12 CPUs).
all="SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_INSTRUMENT_BARRIERS=1 SQTT_INSTRUMENT_MEMORY=1:0"
declare -A configs=(
  [all]="$all"
  [all-unscoped-none]="$all SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=none"
  [all-asm]="$all SQTT_MEM_BARRIER=asm"
  [addresses]="SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_INSTRUMENT_BARRIERS=1 SQTT_TRACE_ADDRESSES=memory,lds"
  [addresses-unscoped-asm]="SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_INSTRUMENT_BARRIERS=1 SQTT_TRACE_ADDRESSES=memory,lds SQTT_SCOPE_CU=-1 SQTT_MEM_BARRIER=asm"
  [clock]="SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_INSTRUMENT_BARRIERS=1 SQTT_SHADER_CLOCK_BITS=12"
)
order=(all all-unscoped-none all-asm addresses addresses-unscoped-asm clock)
if (($#)); then
  for c in "$@"; do
    [[ -n ${configs[$c]:-} ]] || { echo "corpus: unknown configuration '$c' (have: ${order[*]})" >&2; exit 2; }
  done
  order=("$@")
fi

# --- fetch: the source package through a private apt configuration ---------
tests=$cache/AMDGPU
if [[ ! -d $tests ]]; then
  mkdir -p "$cache/apt/parts" "$cache/apt/lists/partial" "$cache/apt/cache/archives/partial"
  if ! ls "$cache"/llvm-toolchain-19_*.orig.tar.xz >/dev/null 2>&1; then
    cat > "$cache/apt/parts/src.sources" <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    aptopts=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$cache/apt/parts"
             -o Dir::State::Lists="$cache/apt/lists" -o Dir::Cache="$cache/apt/cache")
    echo "corpus: fetching the llvm-toolchain-19 source package (~165 MB) into ${cache#$root/}"
    apt-get "${aptopts[@]}" update > "$cache/download.log" 2>&1 ||
      { cat "$cache/download.log" >&2; echo "corpus: apt-get update failed" >&2; exit 1; }
    (cd "$cache" && apt-get "${aptopts[@]}" source --download-only llvm-toolchain-19) \
      >> "$cache/download.log" 2>&1 ||
      { cat "$cache/download.log" >&2; echo "corpus: apt-get source failed" >&2; exit 1; }
  fi
  tarball=$(ls "$cache"/llvm-toolchain-19_*.orig.tar.xz | head -1)
  echo "corpus: extracting llvm/test/CodeGen/AMDGPU from $(basename "$tarball")"
  rm -rf "$cache/extract" && mkdir -p "$cache/extract"
  tar -xJf "$tarball" -C "$cache/extract" --wildcards '*/llvm/test/CodeGen/AMDGPU/*'
  mv "$cache"/extract/*/llvm/test/CodeGen/AMDGPU "$tests"
  rm -rf "$cache/extract"
fi

mapfile -t files < <(cd "$tests" && find . -name '*.ll' | sed 's|^\./||' | LC_ALL=C sort |
  grep -E "${CORPUS_FILTER:-.}" | head -n "${CORPUS_FILES:-1000000}")
((${#files[@]})) || { echo "corpus: no files selected" >&2; exit 1; }
results=$cache/results
rm -rf "$results" && mkdir -p "$results/logs" "$results/perturbation"

# llcArgs FILE -> "-mtriple=... -mcpu=... -mattr=..." of the first amdgcn llc
# RUN line; empty when there is none (r600, opt-only tests).
llcArgs() {
  grep -m1 -E '^\s*;\s*RUN:.*\bllc\b' "$1" | grep -v -E 'r600|-march=r' |
    grep -oE -- '--?(mtriple|march|mcpu|mattr)(=| +)[^ |]+' | sed -E 's/^--?/-/; s/ +/=/' |
    sed -E 's/^-march=amdgcn$/-mtriple=amdgcn/' | grep -v -- '^-march=' | tr '\n' ' ' || true
}

# checkFile FILE -> one line: "ok FILE MARKED" (MARKED: 1 if some
# configuration put s_ttracedata into the ISA), "skip FILE", "baseline FILE",
# or "plugin FILE CONFIG STAGE" per failing configuration.
checkFile() {
  local f=$1 rel=$1 args tmp
  f=$tests/$rel
  args=$(llcArgs "$f")
  if [[ -z $args || $args != *amdgcn* ]]; then
    # No explicit triple: the module's own, if it is amdgcn.
    if [[ -n $args ]] || ! grep -q '^target triple = "amdgcn' "$f"; then
      echo "skip $rel"
      return
    fi
  fi
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  # shellcheck disable=SC2086
  if ! timeout "$timeout" "$opt" $args -passes=verify "$f" -o "$tmp/base.bc" 2> "$tmp/err" ||
     ! timeout "$timeout" "$llc" $args -verify-machineinstrs "$tmp/base.bc" -o /dev/null 2> "$tmp/err"; then
    echo "baseline $rel"
    return
  fi
  local c failed=0 marked=0 first=1 log
  for c in "${order[@]}"; do
    [[ $c == clock && $args != *-mcpu=gfx12* ]] && continue
    # When the first configuration leaves no marker in the ISA, the plugin
    # does not act on this file (target outside gfx9-gfx12, nothing to mark):
    # the other configurations would only repeat the baseline.
    ((first || marked || failed)) || break
    first=0
    log=$results/logs/${rel//\//_}.$c.log
    # shellcheck disable=SC2086
    if ! env ${configs[$c]} timeout "$timeout" "$opt" -load-pass-plugin="$plugin" $args \
           -passes=sqtt-early,sqtt-late "$f" -o "$tmp/p.bc" 2> "$log"; then
      echo "plugin $rel $c opt"
      failed=1
    elif ! timeout "$timeout" "$llc" $args -verify-machineinstrs "$tmp/p.bc" -o "$tmp/p.s" 2> "$log"; then
      echo "plugin $rel $c llc"
      failed=1
    elif grep -q 's_ttracedata' "$tmp/p.s"; then
      marked=1
      # What the ISA will record, proven on the object: any finding is a bug
      # of the pass or of the verifier.
      # shellcheck disable=SC2086
      # The object linked as a compiler's code object is (ld.lld -shared):
      # the verifier reads call targets and addresses from linked code. Objects
      # of other OSes than amdhsa that ld.lld does not link (scratch-resource
      # relocations) are verified unlinked: their call targets are not.
      # shellcheck disable=SC2086
      if ! timeout "$timeout" "$llc" $args -filetype=obj "$tmp/p.bc" -o "$tmp/p.o" 2> "$log"; then
        # The object writer crashing without the plugin too is the baseline's.
        if timeout "$timeout" "$llc" $args -filetype=obj "$tmp/base.bc" -o "$tmp/base.o" 2> /dev/null; then
          echo "plugin $rel $c llc-obj"
          failed=1
        else
          echo "objbaseline $rel"
          rm -f "$log"
          return
        fi
      else
        local co=$tmp/p.co linked=linked
        "$lld" -shared "$tmp/p.o" -o "$co" 2> /dev/null || { co=$tmp/p.o; linked=unlinked; }
        # What the first configuration changed beside its own instructions
        # (D38), against the baseline's object: reported, not a failure.
        if [[ $c == "${order[0]}" ]] &&
           timeout "$timeout" "$llc" $args -filetype=obj "$tmp/base.bc" -o "$tmp/base.o" 2> /dev/null; then
          local base=$tmp/base.co
          "$lld" -shared "$tmp/base.o" -o "$base" 2> /dev/null || base=$tmp/base.o
          timeout "$timeout" "$verify" --perturbation --json "$base" "$co" \
            > "$results/perturbation/${rel//\//_}.json" 2> "$results/perturbation/${rel//\//_}.err" || true
        fi
        if ! timeout "$timeout" "$verify" "$co" > "$log" 2>&1; then
          echo "verify $rel $c $linked"
        else
          rm -f "$log"
        fi
      fi
    else
      rm -f "$log"
    fi
  done
  ((failed)) || echo "ok $rel $((marked))"
}
export -f checkFile llcArgs
export tests opt llc lld plugin verify timeout results
export CONFIGS_DECL
CONFIGS_DECL=$(declare -p configs order)

echo "corpus: ${#files[@]} files x ${#order[@]} configurations (${order[*]}) on $jobs jobs"
start=$SECONDS
printf '%s\n' "${files[@]}" |
  xargs -P "$jobs" -I{} bash -c 'eval "$CONFIGS_DECL"; checkFile "$1"' _ {} > "$results/verdicts.txt" \
  2> "$results/shell.log" # the shell's "Aborted" notices of crashing baselines

count() { grep -c "^$1 " "$results/verdicts.txt" || true; }
plugin_files=$({ grep '^plugin ' "$results/verdicts.txt" || true; } | cut -d' ' -f2 | sort -u | wc -l)
echo "corpus: $(wc -l < "$results/verdicts.txt") files in $((SECONDS - start)) s:" \
  "$(count ok) compiled with every configuration that applies ($(grep -c '^ok .* 1$' "$results/verdicts.txt" || true) with markers in the ISA; the others are for targets the plugin leaves alone or have nothing to mark), $(count skip) skipped (no amdgcn llc RUN line)," \
  "$(count baseline) baseline failures (fail without the plugin too), $(count objbaseline) whose object the backend fails to emit without the plugin too (not verified), $plugin_files with plugin failures"
verify_files=$({ grep '^verify ' "$results/verdicts.txt" || true; } | cut -d' ' -f2 | sort -u | wc -l)
if ((verify_files)); then
  # Explained in docs/TESTING.md: findings in objects ld.lld could not link
  # (their call targets are unrelocated).
  unlinked=$({ grep '^verify .* unlinked$' "$results/verdicts.txt" || true; } | cut -d' ' -f2 | sort -u | wc -l)
  echo "corpus: sqtt-verify findings in $verify_files files ($unlinked of them verified unlinked), by kind:"
  grep -h -E ': [a-z-]+: ' "$results"/logs/*.log 2>/dev/null | grep -v '^sqtt-verify' |
    sed -E 's/^[^:]*: [^ ]+ 0x[0-9a-f]+( \([^)]*\))?: ([a-z-]+): (.*)/  \2: \3/' | sed -E 's/\(cu [0-9]+\)|\(wave [0-9]+\)|\(simd [0-9]+\)//' |
    sort | uniq -c | sort -rn | head -20
fi
if compgen -G "$results/perturbation/*.json" > /dev/null; then
  python3 "$root/scripts/perturbation_summary.py" "corpus (${order[0]})" "$results"/perturbation/*.json
fi
if ((plugin_files)); then
  grep '^plugin ' "$results/verdicts.txt" | sort | while read -r _ rel c stage; do
    echo "  PLUGIN FAILURE [$c, $stage] $rel"
    head -5 "$results/logs/${rel//\//_}.$c.log" | sed 's/^/      /'
  done
  exit 1
fi
echo "corpus: OK (zero plugin failures)"
