#!/usr/bin/env bash
# run.sh [BUILD_DIR] - every benchmark: prints the tables and writes them,
# with the machine they ran on, to bench/RESULTS.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
tools=$(bash "$here/trace_tools.sh" "$build")
echo "$tools"
compile=$(bash "$here/compile_overhead.sh" "$build")
echo "$compile"
markers=$(bash "$here/marker_cost.sh" "$build")
echo "$markers"
module=$(bash "$here/module_cost.sh" "$build")
echo "$module"
module_compile=$(bash "$here/module_compile.sh" "$build")
echo "$module_compile"
isa=$(bash "$here/isa_model.sh" "$build")
echo "$isa"
rawatt=$(bash "$here/raw_att.sh" "$build")
echo "$rawatt"
triage=$(bash "$here/triage.sh" "$build")
echo "$triage"
{
  echo "# Benchmark results"
  echo
  echo "Written by \`make bench\` ($(date -u +%Y-%m-%d)) on $(nproc) cores of"
  echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/ {print $2}') GiB RAM."
  echo "What the figures mean, and measurements made by hand: bench/README.md."
  echo
  echo "## Trace tools on simulated traces (mixed and kernel-like shapes; one thread unless -j 2)"
  echo
  echo '```'
  echo "$tools"
  echo '```'
  echo
  echo "## Plugin compile-time overhead (-O2, gfx942 and gfx1201)"
  echo
  echo '```'
  echo "$compile"
  echo '```'
  echo
  echo "## Instructions added per marker (final ISA)"
  echo
  echo '```'
  echo "$markers"
  echo '```'
  echo
  echo "## The shared reference module (../shared/bench), next to the reference figures"
  echo
  echo '```'
  echo "$module"
  echo
  echo "$module_compile"
  echo '```'
  echo
  echo "## The ISA model: sqtt-verify and sqtt-synth following the code"
  echo
  echo '```'
  echo "$isa"
  echo '```'
  echo
  echo "## Raw .att files against the JSON decoded from them (D32)"
  echo
  echo '```'
  echo "$rawatt"
  echo '```'
  echo
  echo "## The verdict (sqtt-triage) against sqtt-stats (D36)"
  echo
  echo '```'
  echo "$triage"
  echo '```'
} > "$here/RESULTS.md"
echo "wrote bench/RESULTS.md"
