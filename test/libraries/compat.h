// compat.h - what Debian's HIP 5.2 headers expect from their own compiler
// and clang-22 no longer provides. Force-included by check-libraries.sh.
#pragma once

// clang-22 dropped this predefined macro; rocPRIM and rocRAND size their
// warp-level algorithms with it.
#if defined(__AMDGCN__) && !defined(__AMDGCN_WAVEFRONT_SIZE)
#if defined(__GFX10__) || defined(__GFX11__) || defined(__GFX12__)
#define __AMDGCN_WAVEFRONT_SIZE 32
#else
#define __AMDGCN_WAVEFRONT_SIZE 64
#endif
#endif

// amd_hip_fp16.h 5.2 calls these builtins of clang 15 by their old names.
#if defined(__HIP__)
__attribute__((device)) _Float16 __llvm_amdgcn_rcp_f16(_Float16) __asm("llvm.amdgcn.rcp.f16");
typedef _Float16 __compat_2f16 __attribute__((ext_vector_type(2)));
__attribute__((device)) __compat_2f16 __llvm_amdgcn_rcp_2f16(__compat_2f16) __asm("llvm.amdgcn.rcp.v2f16");
#endif
