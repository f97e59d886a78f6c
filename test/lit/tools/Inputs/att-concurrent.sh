#!/usr/bin/env bash
# att-concurrent.sh BIN SRC CLEAN WORK - starts two att runs on one copy of
# SRC at the same moment, eight times (half with --wait); each pair must end
# with the tree equal to CLEAN, and no run may fail except by refusing,
# naming the other.
set -u
bin=$1 src=$2 clean=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
for i in 1 2 3 4 5 6 7 8; do
  t=$work/t$i
  cp -a "$src" "$t"
  wait_flag=; [ $((i % 2)) = 0 ] && wait_flag=--wait
  "$bin/sqtt-att" $wait_flag "$t" > "$work/a$i" 2>&1 & a=$!
  "$bin/sqtt-att" $wait_flag "$t" > "$work/b$i" 2>&1 & b=$!
  wait $a; ra=$?
  wait $b; rb=$?
  for r in "$ra:a" "$rb:b"; do
    if [ "${r%%:*}" != 0 ]; then
      grep -qE "another run (\(pid [0-9]*\) )?is writing" "$work/${r##*:}$i" && [ -z "$wait_flag" ] ||
        { echo "FAIL: pair $i run ${r##*:} exited ${r%%:*}"; cat "$work/${r##*:}$i"; exit 1; }
    fi
  done
  diff -r "$clean" "$t" || { echo "FAIL: pair $i left a different tree"; exit 1; }
done
echo "8 pairs of concurrent runs: every tree equals the clean run"
