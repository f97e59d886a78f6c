# Entry points. Each target sets up what it needs first.
#   make demo    set up, build, instrument the example kernels, show the result
#   make test    set up, build, run every test (lit + gtest, through ctest)
#   make test-llvm19     the plugin built against Debian's LLVM 19 (build-llvm19/)
#                        and the pass, ISA and HIP lit suites with the LLVM 19 tools
#   make build   set up and build only
#   make bench   set up, build, run the benchmarks in bench/
#   make test-browser    the real-viewer tests alone (also part of make test)
#   make test-rocsparse  opt-in: read every code object of Debian's librocsparse0
#   make test-libraries  opt-in: rocPRIM and rocRAND kernels through the plugin, every target
#   make corpus          opt-in: LLVM's AMDGPU codegen tests through the plugin (~20 min)
#   make test-asan       every test on an ASan+UBSan build (build-asan/)
#   make fuzz            every fuzz target for FUZZ_SECONDS each, or FUZZ_RUNS executions (build-fuzz/)

BUILD ?= build
JOBS ?= $(shell nproc)
# Optimised (-O2) with NDEBUG and without debug info: what the tests run and the
# benchmarks time. Debug info cost the build a fifth of its time (423 s against
# 339 s on two cores); DEBUG_INFO=1 keeps it (make DEBUG_INFO=1 build).
OPT_FLAGS := $(if $(DEBUG_INFO),-O2 -g -DNDEBUG,-O2 -DNDEBUG)
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo \
               -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
               '-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$(OPT_FLAGS)' '-DCMAKE_C_FLAGS_RELWITHDEBINFO=$(OPT_FLAGS)'

LLVM19_BUILD ?= build-llvm19
LLVM19_DIR ?= /usr/lib/llvm-19/lib/cmake/llvm
# The LLVM 19 build only runs tests: the same flags.
LLVM19_FLAGS ?= $(CMAKE_FLAGS)

ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?=

.PHONY: all setup configure build test test-llvm19 test-browser test-rocsparse test-libraries corpus test-asan fuzz demo bench clean

all: build

setup:
	@scripts/bootstrap.sh

$(BUILD)/build.ninja: CMakeLists.txt
	cmake -S . -B $(BUILD) -G Ninja $(CMAKE_FLAGS)

configure: setup
	@$(MAKE) --no-print-directory $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

test-llvm19: setup
	cmake -S . -B $(LLVM19_BUILD) -G Ninja $(LLVM19_FLAGS) -DLLVM_DIR=$(LLVM19_DIR)
	# The plugin, and the tools the HIP suites run on its code objects (the
	# trace tools do not depend on LLVM; -fgpu-rdc tests decode and simulate
	# the linked map; sqtt-verify decodes with LLVM 19's own disassembler).
	cmake --build $(LLVM19_BUILD) -j $(JOBS) --target SQTTInstrumentPass sqtt-decode-funcmap sqtt-synth sqtt-verify \
	  sqtt-flamegraph sqtt-perfetto sqtt-att
	$$(sed -n 's/^SQTT_LIT:FILEPATH=//p' $(LLVM19_BUILD)/CMakeCache.txt) -sv -j $(JOBS) \
	  --filter '^sqtt-instrument :: (pass|isa|hip)/' $(LLVM19_BUILD)/test/lit

test-browser: build
	test/browser/run.sh $(BUILD)

test-rocsparse: build
	scripts/check-rocsparse.sh $(BUILD)

test-libraries: build
	scripts/check-libraries.sh $(BUILD)

corpus: build
	scripts/corpus.sh $(BUILD)

test-asan: setup
	# Debug info: the sanitizer's reports name source lines.
	cmake -S . -B $(ASAN_BUILD) -G Ninja $(CMAKE_FLAGS) -DSQTT_SANITIZE=ON \
	  '-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g -DNDEBUG' '-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g -DNDEBUG'
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS)

fuzz: setup
	cmake -S . -B $(FUZZ_BUILD) -G Ninja $(CMAKE_FLAGS) -DSQTT_FUZZ=ON -DSQTT_BUILD_TESTS=OFF
	cmake --build $(FUZZ_BUILD) -j $(JOBS)
	FUZZ_RUNS=$(FUZZ_RUNS) scripts/fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

demo: build
	scripts/demo.sh $(BUILD)

bench: build
	bench/run.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(LLVM19_BUILD) $(ASAN_BUILD) $(FUZZ_BUILD) out
