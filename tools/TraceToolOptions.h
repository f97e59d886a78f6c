// TraceToolOptions.h - the options every trace tool shares, on CLI11.
#pragma once

#include "sqtt/trace/TraceModel.h"
#include "sqtt/trace/TraceSession.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <thread>

namespace sqtt {

struct TraceToolOptions {
  SessionOptions Session;
  RecordFilter Filter;
  unsigned Jobs = std::max(1u, std::thread::hardware_concurrency());

  /// Analysis options with the record filter of the command line.
  AnalysisOptions analysis() const {
    AnalysisOptions A;
    A.Filter = Filter;
    return A;
  }

  void add(CLI::App &App) {
    App.add_option("base_dir", Session.Base,
                   "rocprofv3 --att output directory, searched recursively for trace directories "
                   "(shaderdata_*.json) and code objects (*code_object_id_<N>*.out)")
        ->required();
    App.add_option("-c,--code-objects", Session.CodeObjects,
                   "Code objects to use instead of the discovered ones (the ID comes from the name)");
    App.add_flag("-d,--demangle", Session.Demangle, "Demangle C++ function and kernel names");
    App.add_option("--cu", Filter.CU, "Only records of this CU (WGP on gfx10+)");
    App.add_option("--simd", Filter.SIMD, "Only records of this SIMD");
    App.add_option("--wave", Filter.Wave, "Only records of this wave slot");
    App.add_option("-j,--jobs", Jobs, "Threads: trace directories analyzed in parallel; with two or more per "
                   "directory, the next shader engine is read while one is analyzed "
                   "(default: cores)")
        ->check(CLI::PositiveNumber);
  }
};

} // namespace sqtt
