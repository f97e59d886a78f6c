# The installed CMake package: find_package(SQTTInstrument CONFIG) after
# cmake --install (see cmake/SQTTInstrumentConfig.cmake.in), plus the
# launchers of scripts/, installed next to the tools they start.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(SQTT_CONFIG_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/SQTTInstrument)
# From the config file's directory back to the prefix, so the tree relocates.
file(RELATIVE_PATH SQTT_CONFIG_TO_PREFIX /prefix/${SQTT_CONFIG_DIR} /prefix)
configure_file(cmake/SQTTInstrumentConfig.cmake.in
  ${CMAKE_BINARY_DIR}/package/SQTTInstrumentConfig.cmake @ONLY)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/package/SQTTInstrumentConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${CMAKE_BINARY_DIR}/package/SQTTInstrumentConfig.cmake
  ${CMAKE_BINARY_DIR}/package/SQTTInstrumentConfigVersion.cmake
  cmake/SQTTInstrumentTarget.cmake
  DESTINATION ${SQTT_CONFIG_DIR})

install(PROGRAMS
  scripts/sqtt_decode_funcmap.py scripts/sqtt_flamegraph.py scripts/sqtt_perfetto.py
  scripts/sqtt_memory_trace.py scripts/att_tool.py
  DESTINATION ${CMAKE_INSTALL_BINDIR})
