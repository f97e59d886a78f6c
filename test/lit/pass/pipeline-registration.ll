; The plugin adds Early at PipelineEarlySimplification and Late at
; OptimizerLast for O1-O3; at -O0 it adds exactly one Late, after the
; always-inliner (where the markers.hpp wrappers are already inlined).
; RUN: %opt -passes='default<O2>' -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s --check-prefix=O2
; RUN: %opt -passes='default<O3>' -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s --check-prefix=O2
; RUN: %opt -passes='default<O0>' -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s --check-prefix=O0
; REQUIRES: amdgpu-registered-target

; O2: Running pass: sqtt::SQTTInstrumentPass
; O2: Running pass: InlinerPass
; O2: Running pass: sqtt::SQTTInstrumentPass
; O2-NOT: Running pass: sqtt::SQTTInstrumentPass

; O0: Running pass: AlwaysInlinerPass
; O0: Running pass: sqtt::SQTTInstrumentPass
; O0-NOT: Running pass: sqtt::SQTTInstrumentPass

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k() #0 {
  ret void
}

attributes #0 = { "target-cpu"="gfx942" }
