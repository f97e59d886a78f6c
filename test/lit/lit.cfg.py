# lit configuration for the pass tests.
#
# Substitutions:
#   %opt       opt with the plugin loaded (use -passes=sqtt-early / sqtt-late
#              or a default<On> pipeline)
#   %llc       llc
#   %hipcc     a hermetic HIP device compile (no ROCm) with the plugin, the
#              markers.hpp include path and the examples' HIP shim
#   %hipcc_noplugin  the same without the plugin
#   %hip_driver  the full HIP driver (host and device) with the plugin
#   %clang     the plain clang driver (links, e.g. --hip-link -fgpu-rdc)
#   %plugin    the plugin's path
#   %examples  the examples directory
#   %data      test/data (real capture fixtures)
#   %funcmap   prints a code object's .sqtt_funcmap section (llvm-objcopy)
#   %decode-funcmap  the project's sqtt-decode-funcmap
#   %bin       the project's tools directory
#   %verify    sqtt-verify; %assemble CPU SRC.s OUT.co links hand-written assembly
#   %expect-exit STATUS -- CMD  runs CMD and fails unless it exits with STATUS
#   %scripts   the scripts directory; %cxx a host C++ compiler
#   %check-isa checks the trace instruction sequences of a code object
#   %check-inv compares cache invalidations of two code objects
#   %auto-matrix SRC DIR OPT CONFIG...  builds SRC for all targets per config and
#              prints the funcmaps grouped by target
#   %example-codeobj SRC GFX OPT DIR  builds an example with markers on/off and
#              prints the checks' results and the funcmap
import os
import subprocess

import lit.formats

config.name = "sqtt-instrument"
config.test_format = lit.formats.ShTest(not lit_config.isWindows)
config.suffixes = [".ll", ".test", ".hip"]
config.excludes = ["Inputs", "Golden"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.sqtt_obj_root, "test", "lit")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
# The plugin reads SQTT_* at load time: never inherit them from the caller.
for name in list(os.environ):
    if name.startswith("SQTT_"):
        config.environment.pop(name, None)

inputs = os.path.join(config.test_source_root, "Inputs")
include_dir = os.path.join(config.sqtt_src_root, "include", "rocprof_trace_decoder", "cxx")
examples = os.path.join(config.sqtt_src_root, "examples")
tools = config.llvm_tools_dir

hip_driver = f"{config.clang} -x hip -nogpuinc -nogpulib -I{include_dir} -I{examples}"
hip_base = f"{hip_driver} --cuda-device-only --no-gpu-bundle-output"

config.substitutions.append(("%hip_driver", f"{hip_driver} -fpass-plugin={config.sqtt_plugin}"))

config.substitutions.append(("%hipcc_noplugin", hip_base))
config.substitutions.append(("%hipcc", f"{hip_base} -fpass-plugin={config.sqtt_plugin}"))
config.substitutions.append(("%opt", f"{tools}/opt -load-pass-plugin={config.sqtt_plugin}"))
config.substitutions.append(("%llc", f"{tools}/llc"))
config.substitutions.append(("%plugin", config.sqtt_plugin))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%examples", examples))
config.substitutions.append(("%data", os.path.join(os.path.dirname(examples), "test", "data")))
config.substitutions.append(("%decode-funcmap", os.path.join(config.sqtt_obj_root, "bin", "sqtt-decode-funcmap")))
config.substitutions.append(("%bin", os.path.join(config.sqtt_obj_root, "bin")))
# Longer names first: lit substitutes in order, and %verify is a prefix.
config.substitutions.append(
    ("%verify-examples",
     f"env HIPCC='{hip_base} -fpass-plugin={config.sqtt_plugin}' EXAMPLES={examples} "
     f"VERIFY={os.path.join(config.sqtt_obj_root, 'bin', 'sqtt-verify')} "
     f"bash {os.path.join(config.test_source_root, 'isa', 'Inputs', 'verify-examples.sh')}"))
config.substitutions.append(("%verify", os.path.join(config.sqtt_obj_root, "bin", "sqtt-verify")))
config.substitutions.append(("%assemble", f"bash {inputs}/assemble-code-object.sh"))
config.substitutions.append(("%expect-exit", f"python3 {inputs}/expect-exit.py"))

config.substitutions.append(("%scripts", os.path.join(config.sqtt_src_root, "scripts")))
config.substitutions.append(("%cxx", config.cxx))
config.substitutions.append(("%funcmap", f"bash {inputs}/funcmap.sh"))
config.substitutions.append(("%check-isa", f"bash {inputs}/check-isa.sh"))
config.substitutions.append(("%check-inv", f"bash {inputs}/check-invalidates.sh"))
config.substitutions.append(
    ("%auto-matrix",
     f"env HIPCC='{hip_base} -fpass-plugin={config.sqtt_plugin}' bash {inputs}/auto-matrix.sh"))
config.substitutions.append(
    ("%example-codeobj",
     f"env HIPCC='{hip_base} -fpass-plugin={config.sqtt_plugin}' bash {inputs}/example-codeobj.sh"))

config.available_features.add("amdgpu-registered-target")

# The LLVM line under test (make test: 22; make test-llvm19: 19). Tests that
# need a newer line say what they need rather than which line:
#   gfx1250            the backend knows gfx1250 (LLVM 22; not LLVM 19)
#   lds-fence-narrowed the backend compiles the LDS-only fence without cache
#                      invalidations (LLVM 22; mirrors pass/SQTTCompat.h)
#   foreign-opt        the other line's opt is installed (%foreign_opt), to
#                      load this plugin into the wrong LLVM
llvm_major = int(config.llvm_version_major)
config.available_features.add(f"llvm-{llvm_major}")
config.substitutions.append(("%llvm_major", str(llvm_major)))
cpus = subprocess.run([os.path.join(tools, "llc"), "-mtriple=amdgcn", "-mcpu=help"],
                      capture_output=True, text=True)
if " gfx1250 " in cpus.stdout + cpus.stderr:
    config.available_features.add("gfx1250")
narrowed = llvm_major >= 22
if narrowed:
    config.available_features.add("lds-fence-narrowed")
foreign = "/usr/lib/llvm-19/bin/opt" if llvm_major != 19 else "/usr/lib/llvm-22/bin/opt"
if os.path.exists(foreign):
    config.available_features.add("foreign-opt")
    config.substitutions.append(("%foreign_opt", foreign))

# %boundary: FileCheck -DBOUNDARY=<the default boundary's IR>, for tests whose
# rule is not the boundary itself; they check [[BOUNDARY]].
boundary = ('fence syncscope("workgroup") acq_rel' if narrowed
            else 'call void asm sideeffect "", "~{memory}"()')
config.substitutions.append(("%boundary", f"'-DBOUNDARY={boundary}'"))
