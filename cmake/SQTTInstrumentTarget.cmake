# sqtt_instrument_target(<target>
#     [FUNCTIONS <n|cost:n>] [BARRIERS] [MEMORY <n:m>] [ADDRESSES <memory|lds|memory,lds>]
#     [SCOPE_WAVE <mask>] [SCOPE_SIMD <mask>] [SCOPE_CU <mask>] [SCOPE_WG <mask>]
#     [MEM_BARRIER <none|asm|fence>] [SHADER_CLOCK_BITS <n>] [SHADER_CLOCK_SHIFT <n>])
#
# Instruments the device code of a HIP target: adds -fpass-plugin, the
# markers.hpp include path and -DSQTT_ENABLED=1, and hands the configuration
# to the plugin as SQTT_* variables through a compiler launcher
# (cmake -E env). The configuration is also part of the compile flags, so
# changing it rebuilds the target. Options map to the SQTT_* variables of the
# same name (docs/PLUGIN.md, "Configuration"); an unset option leaves the plugin's
# default. The target's compiler must be the LLVM in SQTTInstrument_LLVM_VERSION.
function(sqtt_instrument_target target)
  set(flags BARRIERS)
  set(values FUNCTIONS MEMORY ADDRESSES SCOPE_WAVE SCOPE_SIMD SCOPE_CU SCOPE_WG
             MEM_BARRIER SHADER_CLOCK_BITS SHADER_CLOCK_SHIFT)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "${flags}" "${values}" "")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "sqtt_instrument_target(${target}): unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "sqtt_instrument_target: no target '${target}'")
  endif()

  # Every SQTT_* variable is set, unset options to empty (the plugin's
  # default), so nothing leaks in from the environment of the build.
  set(env)
  set(names INSTRUMENT_FUNCTIONS INSTRUMENT_BARRIERS INSTRUMENT_MEMORY TRACE_ADDRESSES
            SCOPE_WAVE SCOPE_SIMD SCOPE_CU SCOPE_WG MEM_BARRIER SHADER_CLOCK_BITS SHADER_CLOCK_SHIFT)
  set(ARG_INSTRUMENT_FUNCTIONS "${ARG_FUNCTIONS}")
  set(ARG_INSTRUMENT_MEMORY "${ARG_MEMORY}")
  set(ARG_TRACE_ADDRESSES "${ARG_ADDRESSES}")
  set(ARG_INSTRUMENT_BARRIERS "")
  if(ARG_BARRIERS)
    set(ARG_INSTRUMENT_BARRIERS 1)
  endif()
  foreach(name IN LISTS names)
    if(NOT "${ARG_${name}}" STREQUAL "")
      list(APPEND env "SQTT_${name}=${ARG_${name}}")
    else()
      list(APPEND env "--unset=SQTT_${name}")
    endif()
  endforeach()

  string(MD5 config_id "${env}")
  target_compile_options(${target} PRIVATE "-fpass-plugin=${SQTTInstrument_PLUGIN}")
  target_compile_definitions(${target} PRIVATE SQTT_ENABLED=1 SQTT_INSTRUMENT_CONFIG_ID=${config_id})
  target_link_libraries(${target} PRIVATE SQTTInstrument::markers)
  foreach(lang CXX HIP)
    get_target_property(launcher ${target} ${lang}_COMPILER_LAUNCHER)
    if(NOT launcher)
      set(launcher)
    endif()
    set_property(TARGET ${target} PROPERTY ${lang}_COMPILER_LAUNCHER
                 ${CMAKE_COMMAND} -E env ${env} ${launcher})
  endforeach()
  # A rebuilt plugin re-instruments the target.
  get_target_property(sources ${target} SOURCES)
  set_property(SOURCE ${sources} TARGET_DIRECTORY ${target} APPEND PROPERTY OBJECT_DEPENDS "${SQTTInstrument_PLUGIN}")
endfunction()
