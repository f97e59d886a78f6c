#!/usr/bin/env python3
"""readme-command.py README ROOT PLUGIN KERNEL OUT - runs the README's first
compile command (the first sh block that loads the plugin, -fpass-plugin) on
KERNEL, with the repository's paths made absolute and the plugin at PLUGIN,
writing OUT. Prints the command and exits with its status; exits 1 when the
README has no such block."""
import os
import re
import shlex
import subprocess
import sys

readme, root, plugin, kernel, out = sys.argv[1:6]
text = open(readme).read()
block = next((b for b in re.findall(r"```sh\n(.*?)```", text, re.S) if "-fpass-plugin" in b), None)
if block is None:
    print(f"readme-command: {readme} has no sh block that loads the plugin (-fpass-plugin)")
    sys.exit(1)
command = block.replace("\\\n", " ")
command = (command.replace("build/lib/libsqttinstrumentpass.so", plugin)
           .replace("include/rocprof_trace_decoder/cxx", f"{root}/include/rocprof_trace_decoder/cxx")
           .replace("-I examples", f"-I {root}/examples")
           .replace("my_kernel.hip", kernel).replace("my_kernel.co", out))
words = shlex.split(command)
env = {}
while words and "=" in words[0] and not words[0].startswith("-"):
    key, value = words.pop(0).split("=", 1)
    env[key] = value
print(" ".join(words))
sys.exit(subprocess.run(words, env={**os.environ, **env}).returncode)
