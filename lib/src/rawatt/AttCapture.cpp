// AttCapture.cpp - the names of a capture's .att files.
#include "sqtt/rawatt/AttCapture.h"

#include <regex>

namespace sqtt::rawatt {

std::optional<AttFileName> parseAttFileName(const std::string &Name) {
  static const std::regex Pattern("^([0-9]{1,19})_([0-9]+)_shader_engine_([0-9]{1,3})_([0-9]+)\\.att$");
  std::smatch M;
  if (!std::regex_match(Name, M, Pattern))
    return std::nullopt;
  return AttFileName{std::stoull(M[1].str()), M[2].str(), M[4].str(), uint32_t(std::stoul(M[3].str()))};
}

std::string attFileName(uint64_t Pid, const std::string &Agent, uint32_t SE, const std::string &Dispatch) {
  return std::to_string(Pid) + "_" + Agent + "_shader_engine_" + std::to_string(SE) + "_" + Dispatch + ".att";
}

} // namespace sqtt::rawatt
