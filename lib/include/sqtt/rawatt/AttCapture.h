// AttCapture.h - the raw .att files of one traced dispatch (D32) and what
// their names say: rocprofv3 writes one per shader engine, named
// "<pid>_<agent>_shader_engine_<se>_<dispatch>.att", beside the code
// objects.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sqtt {

struct AttCapture {
  uint64_t Pid = 0;
  std::vector<std::pair<uint32_t, std::string>> Files; // (SE, path), by SE
};

namespace rawatt {

/// What a .att file's name says.
struct AttFileName {
  uint64_t Pid = 0;
  std::string Agent, Dispatch;
  uint32_t SE = 0; // may exceed 255: the caller refuses it
};
/// The parts of \p Name (a file name, no directory); none for another name.
std::optional<AttFileName> parseAttFileName(const std::string &Name);
/// The name rocprofv3 gives a dispatch's file of shader engine \p SE.
std::string attFileName(uint64_t Pid, const std::string &Agent, uint32_t SE, const std::string &Dispatch);
/// How the names are written, for messages.
inline constexpr const char *AttFilePattern = "<pid>_<agent>_shader_engine_<se>_<dispatch>.att";

} // namespace rawatt
} // namespace sqtt
