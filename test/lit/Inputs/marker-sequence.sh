#!/usr/bin/env bash
# marker-sequence.sh OBJECT SYMBOL - prints the markers SYMBOL emits, in ISA
# order, named with the object's own .sqtt_funcmap, on one line:
#   enter <name>   a scope enter (pass-created: the map's name; numeric: #<id>)
#   exit           a bare exit
#   point <name>   a point marker (or #<id> when the map does not know it)
#   payload        a record written from a register (a data marker's value)
# The value of each trace is the s_ttracedata_imm operand or the last value
# written to m0 before s_ttracedata (s_mov_b32/s_movk_i32 of a constant; any
# other m0 write is a payload).
set -euo pipefail
obj=$1 sym=$2
here=$(dirname "$0")
map=$(bash "$here/funcmap.sh" "$obj")
llvm-objdump -d --disassemble-symbols="$sym" "$obj" | awk -v map="$map" '
  BEGIN {
    n = split(map, rows, "\n")
    for (i = 1; i <= n; i++)
      if (rows[i] ~ /^[FUP]:[0-9]+:/) {
        split(rows[i], f, ":")
        name = substr(rows[i], length(f[1]) + length(f[2]) + 3)
        sub(/@.*/, "", name)
        names[f[2]] = name
      }
  }
  # mawk has no strtonum: decimal or 0x-hex by hand.
  function num(s,   v, i, c) {
    if (s !~ /^0x/) return s + 0
    v = 0
    for (i = 3; i <= length(s); i++) {
      c = index("0123456789abcdef", substr(s, i, 1)) - 1
      v = v * 16 + c
    }
    return v
  }
  function show(v,   id) {
    if (v == 1) return "exit"
    id = int(v / 4)
    return (int(v / 2) % 2 ? "enter " : "point ") ((id in names) ? names[id] : "#" id)
  }
  /^\t/ {
    line = $0; sub(/^\t/, "", line); sub(/[ \t]*\/\/.*$/, "", line)
    if (line ~ /^s_movk?_[bi]32 m0, /) { m0 = line; sub(/^s_movk?_[bi]32 m0, /, "", m0) }
    else if (line ~ /^[sv]_[a-z0-9_]+ m0, /) m0 = "computed"
    else if (line ~ /^s_ttracedata_imm /) {
      v = line; sub(/^s_ttracedata_imm /, "", v); out = out sep show(num(v)); sep = ", "
    } else if (line ~ /^s_ttracedata$/) {
      out = out sep (m0 ~ /^(0x[0-9a-f]+|[0-9]+)$/ ? show(num(m0)) : "payload"); sep = ", "
    }
  }
  END { print out }'
