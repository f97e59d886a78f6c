; A plugin loaded into an LLVM other than the one it was built for says so
; itself, naming the plugin file, both versions and the fix, and the load
; fails (LLVM then rejects the plugin's API version), instead of only LLVM's
; "Wrong API version" line.
; RUN: not %foreign_opt -load-pass-plugin=%plugin -passes=sqtt-late -disable-output %s 2>&1 \
; RUN:   | FileCheck %s -DMAJOR=%llvm_major
; REQUIRES: foreign-opt

; CHECK: sqtt-instrument: error: {{.*}}libsqttinstrumentpass.so was built for LLVM [[MAJOR]].{{[0-9]+\.[0-9]+}} but this compiler is LLVM {{[0-9]+\.[0-9]+\.[0-9]+}}; use a plugin built against this compiler's LLVM (cmake -DLLVM_DIR=<its prefix>/lib/cmake/llvm)
; CHECK: Wrong API version

define void @f() {
  ret void
}
