// Progress.cpp - one self-erasing progress line on stderr.
#include "sqtt/support/Progress.h"

#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace sqtt {

ProgressLine::ProgressLine(std::ostream &Log, std::string Tool) : Log(Log), Tool(std::move(Tool)) {
  const char *Env = std::getenv("SQTT_PROGRESS");
  if (Env && std::strcmp(Env, "never") == 0)
    Enabled = false;
  else
    Enabled = (Env && std::strcmp(Env, "always") == 0) || isatty(2);
}

void ProgressLine::update(const std::string &Text) {
  if (!Enabled)
    return;
  Log << '\r' << Tool << ": " << Text << "\x1b[K" << std::flush;
  Shown = true;
}

void ProgressLine::clear() {
  if (!Shown)
    return;
  Log << "\r\x1b[K" << std::flush;
  Shown = false;
}

} // namespace sqtt
