#!/usr/bin/env python3
"""check-code-listing.py TREE

A simulated capture's instruction detail against its code objects, with
LLVM's own tools as the reference (not the simulator's code):
  - every code.json row (after the label row) is the instruction at its
    address as llvm-objdump prints it, with the source line llvm-symbolizer
    gives that address (the line table's: file name and line);
  - the label row names the dispatch's kernel at its entry address;
  - every wave file's instruction names a row, and each row's Hit, Latency
    and Stall are the sums over the wave files;
  - in every wave, instructions issue in time order inside the wave's life.
Prints one summary line; exits 1 on the first mismatch.
"""
import glob
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

tree = sys.argv[1]


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def code_object(co_id):
    found = glob.glob(os.path.join(tree, "synthetic-host", f"*_code_object_id_{co_id}.out"))
    if len(found) != 1:
        fail(f"code object {co_id}: {found}")
    return found[0]


disasm_cache, symbol_cache = {}, {}


def disassembly(path):
    if path not in disasm_cache:
        out = subprocess.run(["llvm-objdump", "-d", path], capture_output=True, text=True, check=True).stdout
        by_address, symbols = {}, {}
        for line in out.splitlines():
            m = re.match(r"^([0-9a-f]+) <(.*)>:$", line)
            if m:
                symbols[m.group(2)] = int(m.group(1), 16)
                continue
            m = re.match(r"^\t(.*?)\s*// ([0-9A-F]+):", line)
            if m:
                by_address[int(m.group(2), 16)] = " ".join(m.group(1).split())
        disasm_cache[path] = (by_address, symbols)
    return disasm_cache[path]


def source_lines(path, addresses):
    key = path
    if key not in symbol_cache:
        symbol_cache[key] = {}
    todo = [a for a in addresses if a not in symbol_cache[key]]
    if todo:
        out = subprocess.run(["llvm-symbolizer", "--obj=" + path, "--no-inlines", "--addresses"],
                             input="\n".join(hex(a) for a in todo), capture_output=True, text=True,
                             check=True).stdout
        blocks = [b.splitlines() for b in out.strip().split("\n\n")]
        for a, b in zip(todo, blocks):
            # address, function, file:line:column
            loc = b[2] if len(b) > 2 else "??:0:0"
            file, line = loc.rsplit(":", 2)[0:2]
            symbol_cache[key][a] = "" if file == "??" or line == "0" else f"{os.path.basename(file)}:{line}"
    return symbol_cache[key]


rows_checked = waves_checked = instructions_checked = 0
for ui in sorted(glob.glob(os.path.join(tree, "ui_*"))):
    name = os.path.basename(ui)
    code = json.load(open(os.path.join(ui, "code.json")))["code"]
    label = code[0]
    if not label[0].startswith("; ") or label[2] != 0:
        fail(f"{name}: label row {label}")
    co = label[4]
    path = code_object(co)
    by_address, symbols = disassembly(path)
    if symbols.get(label[0][2:]) != label[5]:
        fail(f"{name}: label row {label[0]} at {label[5]:#x}, the symbol is at {symbols.get(label[0][2:])}")
    wanted_lines = source_lines(path, [r[5] for r in code[1:]])
    for n, r in enumerate(code[1:], 1):
        isa, _, line, source, row_co, vaddr = r[:6]
        if line != n or row_co != co:
            fail(f"{name}: row {n} says line {line}, code object {row_co}")
        if by_address.get(vaddr) != " ".join(isa.split()):
            fail(f"{name}: row {n} at {vaddr:#x} is '{isa}', llvm-objdump says '{by_address.get(vaddr)}'")
        want = wanted_lines[vaddr]
        got = os.path.basename(source.rsplit(":", 1)[0]) + ":" + source.rsplit(":", 1)[1] if source else ""
        if got != want:
            fail(f"{name}: row {n} at {vaddr:#x} '{isa}' says source '{source}', llvm-symbolizer says '{want}'")
        rows_checked += 1
    totals = defaultdict(lambda: [0, 0, 0])
    listing = json.load(open(os.path.join(ui, "filenames.json")))["wave_filenames"]
    for se, simds in listing.items():
        for simd, slots in simds.items():
            for slot, waves in slots.items():
                for n, (file, begin, end) in waves.items():
                    wave = json.load(open(os.path.join(ui, file)))["wave"]
                    last = begin - 1
                    for time, category, stall, duration, line in wave["instructions"]:
                        if not (last < time < end) or not 1 <= line < len(code):
                            fail(f"{name}/{file}: instruction at {time} (line {line}) after {last}, life to {end}")
                        last = time
                        t = totals[line]
                        t[0] += 1
                        t[1] += duration
                        t[2] += stall
                        instructions_checked += 1
                    if sum(d for _, d in wave["timeline"]) != end - begin:
                        fail(f"{name}/{file}: timeline covers {sum(d for _, d in wave['timeline'])} of {end - begin} cycles")
                    waves_checked += 1
    for n, r in enumerate(code[1:], 1):
        if r[6:9] != totals.get(n, [0, 0, 0]):
            fail(f"{name}: row {n} '{r[0]}' totals {r[6:9]}, the wave files sum to {totals.get(n, [0, 0, 0])}")

if not rows_checked or not instructions_checked:
    fail("nothing to check")
print(f"listing: {rows_checked} code.json rows are llvm-objdump's instructions at llvm-symbolizer's lines; "
      f"{instructions_checked} instructions of {waves_checked} wave files add up to their totals")
