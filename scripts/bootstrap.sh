#!/usr/bin/env bash
# bootstrap.sh - installs the Debian 12 packages the build, the tests and the
# demo need, only those missing. Safe to run any number of times.
#
#   scripts/bootstrap.sh           install what is missing
#   scripts/bootstrap.sh --check   list what is missing, install nothing
set -euo pipefail

PACKAGES=(
  # Build
  cmake ninja-build make
  # LLVM 22: headers and CMake package for the plugin, the compilers that
  # load it, lld for final code objects, and lit/FileCheck/not for tests.
  clang-22 llvm-22-dev llvm-22-tools lld-22
  # clang-offload-bundler (code objects inside HIP offload bundles)
  clang-tools-22
  # LLVM 19 (ROCm 6.x's line): make test-llvm19 builds the plugin against it
  # and runs the pass suites with its clang, opt, llc and FileCheck
  clang-19 llvm-19-dev llvm-19-tools lld-19 clang-tools-19
  # Python for lit and the test helpers
  python3
  # Protocol buffers compiler (Perfetto protobuf output tests)
  protobuf-compiler libprotobuf-dev
  # Sanitizer and libFuzzer runtimes (make test-asan, make fuzz)
  libclang-rt-22-dev
  # The trace library and tools: arguments, compressed offload bundles
  libcli11-dev libzstd-dev zlib1g-dev pkg-config
  # rocprofv3's SQLite database beside a capture (read only) and the
  # tools' -f sqlite outputs; the sqlite3 shell runs the SQL examples' tests
  libsqlite3-dev sqlite3
  # Unit tests; the trace tools' JSON reading
  libgtest-dev libgmock-dev libsimdjson-dev nlohmann-json3-dev
  # Real-viewer tests (headless browser); protoc --decode_raw checks the
  # structure of the native Perfetto traces
  chromium protobuf-compiler
  # Benchmarks: peak RSS and arithmetic
  time bc
)

# Node.js and npm run the browser tests (playwright-core, speedscope from npm);
# Debian's packages are used when the machine has none.
command -v node >/dev/null && command -v npm >/dev/null || PACKAGES+=(nodejs npm)

missing=()
for pkg in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ $status == "install ok installed" ]] || missing+=("$pkg")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "bootstrap: all ${#PACKAGES[@]} packages present"
  exit 0
fi

if [[ ${1:-} == --check ]]; then
  echo "bootstrap: missing: ${missing[*]}"
  exit 1
fi

SUDO=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "bootstrap: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  SUDO=(sudo)
fi

echo "bootstrap: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "bootstrap: done"
