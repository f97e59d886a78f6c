// Progress.h - one self-erasing progress line on stderr.
//
// Long runs say where they are, on a terminal only (or with
// SQTT_PROGRESS=always, for tests): the line is rewritten in place and
// erased before anything else is printed, so it never runs into another
// message or ends up in a log.
#pragma once

#include <ostream>
#include <string>

namespace sqtt {

class ProgressLine {
public:
  ProgressLine(std::ostream &Log, std::string Tool);
  ~ProgressLine() { clear(); }
  ProgressLine(const ProgressLine &) = delete;
  ProgressLine &operator=(const ProgressLine &) = delete;

  bool enabled() const { return Enabled; }
  /// Shows "<tool>: <Text>" in place of the previous line.
  void update(const std::string &Text);
  /// Erases the line; call before printing anything else.
  void clear();

private:
  std::ostream &Log;
  std::string Tool;
  bool Enabled = false, Shown = false;
};

} // namespace sqtt
