# sqtt_select_llvm() - finds the LLVM the plugin is built against and says
# which one and why. Never an unversioned search of the system paths: the
# image may hold several lines (an llvm-14 among them), and whichever the
# search met first would silently decide which compilers load the plugin.
set(SQTT_DEBIAN_LLVM_DIR /usr/lib/llvm-22/lib/cmake/llvm)
set(SQTT_ROCM_LLVM_DIR /opt/rocm/llvm/lib/cmake/llvm)

macro(sqtt_select_llvm)
  if(LLVM_DIR)
    # -DLLVM_DIR, or the cache entry of an earlier run: exactly that one.
    find_package(LLVM REQUIRED CONFIG)
    if(LLVM_DIR STREQUAL SQTT_LLVM_SELECTED_DIR)
      set(_sqtt_llvm_how "${SQTT_LLVM_SELECTED_BY}")
    else()
      set(_sqtt_llvm_how "LLVM_DIR")
    endif()
  else()
    # Only the user's own search roots: CMAKE_PREFIX_PATH, LLVM_ROOT.
    find_package(LLVM CONFIG QUIET
      NO_SYSTEM_ENVIRONMENT_PATH NO_CMAKE_SYSTEM_PATH NO_CMAKE_PACKAGE_REGISTRY
      NO_CMAKE_SYSTEM_PACKAGE_REGISTRY NO_CMAKE_INSTALL_PREFIX)
    if(LLVM_FOUND)
      set(_sqtt_llvm_how "CMAKE_PREFIX_PATH")
    elseif(EXISTS ${SQTT_DEBIAN_LLVM_DIR})
      find_package(LLVM 22.1 REQUIRED CONFIG PATHS ${SQTT_DEBIAN_LLVM_DIR} NO_DEFAULT_PATH)
      set(_sqtt_llvm_how "default: Debian's LLVM 22")
    elseif(EXISTS ${SQTT_ROCM_LLVM_DIR})
      find_package(LLVM REQUIRED CONFIG PATHS ${SQTT_ROCM_LLVM_DIR} NO_DEFAULT_PATH)
      set(_sqtt_llvm_how "default: ROCm's LLVM")
    else()
      message(FATAL_ERROR
        "No LLVM found: neither ${SQTT_DEBIAN_LLVM_DIR} (run scripts/bootstrap.sh) "
        "nor ${SQTT_ROCM_LLVM_DIR}. Pass -DLLVM_DIR=<prefix>/lib/cmake/llvm.")
    endif()
  endif()
  if(NOT "AMDGPU" IN_LIST LLVM_TARGETS_TO_BUILD)
    message(FATAL_ERROR "LLVM ${LLVM_PACKAGE_VERSION} at ${LLVM_DIR} has no AMDGPU target")
  endif()
  if(DEFINED SQTT_LLVM_SELECTED_DIR AND NOT LLVM_DIR STREQUAL SQTT_LLVM_SELECTED_DIR)
    # Another LLVM in an existing build tree: the tools found for the old one
    # (clang-<major>, lit) are looked up again.
    unset(SQTT_CLANG CACHE)
    unset(SQTT_CLANGXX CACHE)
    unset(SQTT_LIT CACHE)
  endif()
  set(SQTT_LLVM_SELECTED_DIR "${LLVM_DIR}" CACHE INTERNAL "")
  set(SQTT_LLVM_SELECTED_BY "${_sqtt_llvm_how}" CACHE INTERNAL "")
  message(STATUS "Using LLVM ${LLVM_PACKAGE_VERSION} from ${LLVM_DIR} (${_sqtt_llvm_how})")
endmacro()
