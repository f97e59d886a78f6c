// TraceToolOptions.h - the options every trace tool shares, on CLI11.
//
// Inputs (base_dir, -c), names (-d), filters (--se --cu --simd --wave
// --kernel --dispatch --time --complete-only), -j and --strict mean the same
// in every trace tool. A filter that matches nothing is an error naming it (exit 1).
#pragma once

#include "sqtt/trace/TraceModel.h"
#include "sqtt/session/TraceSession.h"
#include "sqtt/trace/WaveExclusions.h"

#include "NumberChecks.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <memory>
#include <regex>
#include <string>
#include <thread>

namespace sqtt {

struct TraceToolOptions {
  SessionOptions Session;
  RecordFilter Filter;
  std::string KernelRegex;
  int64_t Dispatch = -1;
  bool Strict = false;
  unsigned Jobs = std::max(1u, std::thread::hardware_concurrency());
  /// --complete-only: a report of sqtt-verify --trace, read on first use.
  std::string CompleteOnly;
  mutable std::shared_ptr<WaveExclusions> Exclusions;

  /// Analysis options with the filters of the command line. Throws Error
  /// when --complete-only names a file that is not a report.
  AnalysisOptions analysis() const {
    AnalysisOptions A;
    A.Filter = Filter;
    A.KernelRegex = KernelRegex;
    A.Dispatch = Dispatch;
    if (!CompleteOnly.empty() && !Exclusions)
      Exclusions = std::make_shared<WaveExclusions>(WaveExclusions::fromReport(CompleteOnly));
    A.Exclude = Exclusions.get();
    return A;
  }

  /// "START:END" in cycles, either side may be empty: [START, END).
  static std::string parseTimeWindow(const std::string &Text, RecordFilter &F) {
    size_t Colon = Text.find(':');
    if (Colon == std::string::npos)
      return "--time: expected START:END (cycles), got '" + Text + "'";
    auto Number = [](const std::string &S, int64_t &Out) {
      if (S.empty())
        return true;
      size_t Used = 0;
      try {
        Out = std::stoll(S, &Used);
      } catch (const std::exception &) {
        return false;
      }
      return Used == S.size();
    };
    int64_t Begin = INT64_MIN, End = INT64_MAX;
    if (!Number(Text.substr(0, Colon), Begin) || !Number(Text.substr(Colon + 1), End))
      return "--time: START and END must be integers (cycles), got '" + Text + "'";
    if (Begin >= End)
      return "--time: START must be below END, got '" + Text + "'";
    F.TimeBegin = Begin;
    F.TimeEnd = End;
    return "";
  }

  void add(CLI::App &App) {
    const size_t Before = App.get_options().size();
    App.add_option("base_dir", Session.Base,
                   "rocprofv3 --att output directory, searched recursively for trace directories "
                   "(ui_* directories with shaderdata_*.json or occupancy.json), raw per-shader-engine "
                   ".att files and code objects (*code_object_id_<N>*.out)")
        ->required();
    App.add_option_function<std::string>(
           "--from",
           [this](const std::string &V) {
             Session.From = V == "att" ? TraceFrom::Att : V == "json" ? TraceFrom::Json : TraceFrom::Auto;
           },
           "Which files to read: 'json' the ui_* directories rocprofv3 decoded, 'att' the raw .att files, "
           "'auto' (default) the ui_* directories and the .att files of dispatches without one")
        ->check([](const std::string &V) -> std::string {
          return V == "auto" || V == "json" || V == "att" ? "" : "'auto', 'json' or 'att', not '" + V + "'";
        })
        ->type_name("auto|json|att");
    App.add_option("-c,--code-objects", Session.CodeObjects,
                   "Code objects to use instead of the discovered ones: ID=FILE, or FILE named "
                   "*code_object_id_<N>* (ID N), or one FILE of any name (ID 1)")
        ->type_name("[ID=]FILE");
    App.add_flag("-d,--demangle", Session.Demangle, "Demangle C++ function and kernel names");
    App.add_option("--pid", Session.Pid,
                   "Only the trace directories of this process, with its code objects "
                   "(<pid>_..._code_object_id_<N>.out); needed when several processes share a tree and "
                   "a directory's .att files do not say whose it is")
        ->check(CLI::NonNegativeNumber)
        ->type_name("PID");
    App.add_option("--se", Filter.SE, "Only records of this shader engine")->check(CLI::Range(0, 255));
    App.add_option("--cu", Filter.CU, "Only records of this CU (WGP on gfx10+)")->check(CLI::Range(0, 255));
    App.add_option("--simd", Filter.SIMD, "Only records of this SIMD")->check(CLI::Range(0, 255));
    App.add_option("--wave", Filter.Wave, "Only records of this wave slot")->check(CLI::Range(0, 255));
    App.add_option("--kernel", KernelRegex,
                   "Only dispatches whose kernel matches this regular expression (searched in the "
                   "mangled and the displayed name)")
        ->check([](const std::string &R) -> std::string {
          try {
            std::regex Check(R);
          } catch (const std::regex_error &E) {
            return "not a regular expression: " + std::string(E.what());
          }
          return "";
        })
        ->type_name("REGEX");
    App.add_option_function<int64_t>(
           "--dispatch", [this](int64_t N) { Dispatch = N, Session.Dispatch = N; },
           "Only this dispatch: rocprofv3's dispatch number (N of ui_output_agent_<A>_dispatch_<N>, the "
           "dispatch_id of its database) or occupancy.json's kernel_id within a directory; a directory's "
           "number wins")
        ->check(wholeNumber(0, INT32_MAX))
        ->type_name("N");
    App.add_option_function<std::string>(
           "--time",
           [this](const std::string &T) {
             std::string Problem = parseTimeWindow(T, Filter);
             if (!Problem.empty())
               throw CLI::ValidationError(Problem);
           },
           "Only records arriving in [START, END) cycles, as START:END (either may be empty)")
        ->type_name("START:END");
    App.add_option("--complete-only", CompleteOnly,
                   "Leave out the waves this report of sqtt-verify --trace --report found incomplete "
                   "(their records and lifetimes)")
        ->type_name("REPORT");
    App.add_flag("--strict", Strict,
                 "Exit with status 1 when anything could not be attributed (unknown IDs, unmatched "
                 "exits, open scopes, truncated blocks, records outside any wave, kernels without "
                 "their code object's map)");
    App.add_option("-j,--jobs", Jobs, "Threads: trace directories analyzed in parallel; with two or more per "
                   "directory, the next shader engine is read while one is analyzed "
                   "(default: cores)")
        ->check(wholeNumber(1, 1024));
    // Listed apart from each tool's own options in --help.
    std::vector<CLI::Option *> Added = App.get_options();
    for (size_t I = Before; I < Added.size(); ++I)
      if (!Added[I]->get_positional())
        Added[I]->group(Group);
  }

  /// The --help heading of these options (and of docs/TOOLS.md's list of them).
  static constexpr const char *Group = "Trace options";
};

} // namespace sqtt
