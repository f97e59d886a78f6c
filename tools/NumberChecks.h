// NumberChecks.h - numeric options checked with messages people read: a
// whole number within its range, a finite number within its range (nan, inf
// and values out of range named as given), and a clock rate that looks like
// MHz said to be one. CLI11's own checks print a 300-digit range for
// "positive" and let nan through a range.
#pragma once

#include <CLI/CLI.hpp>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

namespace sqtt {

/// A whole number from \p Min to \p Max.
inline CLI::Validator wholeNumber(long long Min, long long Max) {
  return CLI::Validator(
      [=](std::string &Text) -> std::string {
        long long V = 0;
        auto [End, Ec] = std::from_chars(Text.data(), Text.data() + Text.size(), V);
        if (Ec == std::errc() && End == Text.data() + Text.size() && V >= Min && V <= Max)
          return "";
        return "a whole number from " + std::to_string(Min) + " to " + std::to_string(Max) + ", not '" + Text + "'";
      },
      "", "");
}

/// A finite number from \p Min to \p Max (\p Unit names it in the message).
inline CLI::Validator finiteNumber(double Min, double Max, const std::string &Unit) {
  return CLI::Validator(
      [=](std::string &Text) -> std::string {
        char *End = nullptr;
        double V = std::strtod(Text.c_str(), &End);
        if (End == Text.c_str() || *End || !std::isfinite(V))
          return "a number of " + Unit + ", not '" + Text + "'";
        if (V < Min || V > Max) {
          char Range[96];
          std::snprintf(Range, sizeof Range, "from %g to %g %s", Min, Max, Unit.c_str());
          return std::string(Range) + ", not " + Text;
        }
        return "";
      },
      "", "");
}

/// A shader clock rate in GHz: 0.1 to 10, and a value in MHz named as one.
inline CLI::Validator clockRateGHz() {
  CLI::Validator Finite = finiteNumber(0.1, 10, "GHz");
  return CLI::Validator(
      [Finite](std::string &Text) -> std::string {
        double V = std::strtod(Text.c_str(), nullptr);
        if (std::isfinite(V) && V >= 100 && V <= 10000)
          return Text + " looks like MHz: give the clock in GHz (" + std::to_string(V / 1000).substr(0, 5) + ")";
        return Finite(Text);
      },
      "", "");
}

} // namespace sqtt
