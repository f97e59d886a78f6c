// amd_sqtt_marker_api.h - test input: ROCm's in-tree marker plugin's device
// API declared the way its header declares it (FORMATS §13): extern "C"
// sentinels the plugin resolves, and numeric _id forms. Not that header.
#pragma once
#include <cstdint>

extern "C" __attribute__((device)) void sqtt_marker_enter(const char *name);
extern "C" __attribute__((device)) void sqtt_marker_exit(const char *name);
extern "C" __attribute__((device)) void sqtt_marker_point(const char *name);
extern "C" __attribute__((device)) void sqtt_marker_data(const char *name, uint32_t value);
extern "C" __attribute__((device)) void sqtt_marker_enter_id(uint32_t id);
extern "C" __attribute__((device)) void sqtt_marker_exit_id(uint32_t id);
extern "C" __attribute__((device)) void sqtt_marker_point_id(uint32_t id);
