// QuietStderr.h - -q/--quiet for every tool: stderr then keeps only the
// error lines ("<tool>: error: ..."), so progress, notes, warnings and
// summaries go quiet in one place instead of in each tool's many messages.
#pragma once

#include <CLI/CLI.hpp>

#include <iostream>
#include <streambuf>
#include <string>

namespace sqtt {

/// A stderr buffer that passes whole lines containing ": error:" and drops
/// the rest (a carriage return, a progress line's redraw, starts a new line).
class ErrorLinesOnly : public std::streambuf {
public:
  explicit ErrorLinesOnly(std::streambuf *To) : To(To) {}
  ~ErrorLinesOnly() override { flushLine(); }

protected:
  int overflow(int C) override {
    if (C == traits_type::eof())
      return 0;
    if (C == '\r') {
      Line.clear();
    } else {
      Line.push_back(char(C));
      if (C == '\n')
        flushLine();
    }
    return C;
  }
  int sync() override { return To->pubsync(); }

private:
  void flushLine() {
    if (Line.find(": error:") != std::string::npos)
      To->sputn(Line.data(), std::streamsize(Line.size()));
    Line.clear();
  }
  std::streambuf *To;
  std::string Line;
};

/// Adds -q/--quiet to \p App; when given, std::cerr keeps error lines only
/// for the rest of the run.
inline void addQuietFlag(CLI::App &App) {
  App.add_flag_callback(
      "-q,--quiet",
      [] {
        static ErrorLinesOnly Filter(std::cerr.rdbuf());
        std::cerr.rdbuf(&Filter);
      },
      "Print only errors on stderr (no progress, notes, warnings or summary)");
}

} // namespace sqtt
