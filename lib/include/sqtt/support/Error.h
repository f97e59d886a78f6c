// Error.h - the one error type of the trace library.
//
// Every failure the tools can meet in their input (unreadable file, bad ELF,
// truncated bundle, bad compressed data) is an Error whose message already
// names the file and says what is wrong, so a tool prints it on one line.
#pragma once

#include <stdexcept>
#include <string>

namespace sqtt {

class Error : public std::runtime_error {
public:
  explicit Error(const std::string &Message) : std::runtime_error(Message) {}
};

} // namespace sqtt
