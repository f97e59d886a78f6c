#!/usr/bin/env bash
# funcmap.sh OBJECT - prints the .sqtt_funcmap section of a code object, one
# row per line, or "no .sqtt_funcmap" if the object has none.
set -euo pipefail
obj=$1
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
if ! llvm-objcopy --dump-section=.sqtt_funcmap="$tmp" "$obj" /dev/null 2>/dev/null; then
  echo "no .sqtt_funcmap"
  exit 0
fi
# The section is a NUL-terminated string; -gpu-rdc links hold several.
tr '\0' '\n' < "$tmp" | sed '/^$/d'
