#!/usr/bin/env bash
# att-faults.sh BIN SRC WORK - kills (SIGKILL) and fails the att step at
# every point where it changes a file (SQTT_TEST_FAULT=kill@K / fail@K, K =
# 1, 2, ... until a run completes), on a copy of the trace SRC each time.
# After each interrupted run, a second run (killed once more during its own
# recovery in kill mode, then a third) must leave the tree byte for byte, mode
# and owner, equal to a clean run's. Prints one summary line per mode.
set -u
bin=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
cp -a "$src" "$work/clean"
"$bin/sqtt-att" "$work/clean" 2>/dev/null || { echo "clean run failed"; exit 1; }

# Every file with its type, mode, owner and contents.
state() {
  (cd "$1" && find . -printf '%y %m %U:%G %p\n' | sort && find . -type f -print0 | sort -z | xargs -0 sha256sum)
}
state "$work/clean" > "$work/clean.state"

same_as_clean() {
  state "$work/t" > "$work/t.state"
  if ! diff -u "$work/clean.state" "$work/t.state" > "$work/diff"; then
    echo "FAIL: $1"; cat "$work/diff" "$work/err"; exit 1
  fi
}

for mode in kill fail; do
  k=1 forward=0 back=0 twice=0
  while :; do
    rm -rf "$work/t" && cp -a "$src" "$work/t"
    SQTT_TEST_FAULT=$mode@$k "$bin/sqtt-att" "$work/t" > "$work/err" 2>&1
    rc=$?
    if [ $rc = 0 ]; then
      same_as_clean "$mode@$k completed"
      break
    fi
    want=1; [ $mode = kill ] && want=137
    [ $rc = $want ] || { echo "FAIL: $mode@$k exited $rc"; cat "$work/err"; exit 1; }
    if [ $mode = kill ]; then
      # Killed again while recovering: recovery itself must be restartable.
      SQTT_TEST_FAULT=kill@1 "$bin/sqtt-att" "$work/t" > "$work/err" 2>&1
      [ $? = 137 ] && twice=$((twice + 1))
    fi
    "$bin/sqtt-att" "$work/t" > "$work/err" 2>&1 || { echo "FAIL: rerun after $mode@$k"; cat "$work/err"; exit 1; }
    grep -q "completed an interrupted run" "$work/err" && forward=$((forward + 1))
    grep -q "had not committed" "$work/err" && back=$((back + 1))
    same_as_clean "rerun after $mode@$k"
    k=$((k + 1))
  done
  echo "$mode: $((k - 1)) fault points; every rerun equals the clean run ($forward rolled forward, $back rolled back, $twice killed again while recovering)"
done
