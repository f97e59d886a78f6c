// sqtt-dump-att - what raw .att files hold, read without AMD's decoder.
//
//   sqtt-dump-att trace/host/1234_1_shader_engine_0_1.att
//
// Prints each file's wave launches and ends, shader-data records, realtime
// samples and packet losses (AttEventsWriter.h gives the line format), and
// says on stderr what it read and skipped. --counts prints only that.
#include "../ToolMain.h"
#include "Version.h"
#include "sqtt/rawatt/AttTraceSource.h"
#include "sqtt/support/Error.h"
#include "sqtt/writers/AttEventsWriter.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <sstream>

namespace {

constexpr const char *Tool = "sqtt-dump-att";

struct Options {
  std::vector<std::string> Inputs;
  std::string Output;
  bool Counts = false;
};

int run(const Options &Opts) {
  auto Write = [&](std::ostream &OS) {
    sqtt::rawatt::AttStream S; // its memory reused from file to file
    for (const std::string &Path : Opts.Inputs) {
      sqtt::readAttFile(Path, {true, true}, S);
      std::cerr << Tool << ": " << Path << ": " << sqtt::describeAttStream(S) << '\n';
      if (Opts.Counts)
        continue;
      if (Opts.Inputs.size() > 1)
        OS << "# " << Path << '\n';
      sqtt::writeAttEvents(OS, S);
    }
  };
  if (Opts.Counts) {
    std::ostringstream None;
    Write(None);
  } else if (Opts.Output.empty()) {
    Write(std::cout);
    std::cout.flush();
  } else {
    sqtt::writeOutputFile(Opts.Output, Write);
  }
  return 0;
}

const sqtt::ToolHelp Help{
    "The events of every file on stdout (with several files, a heading line before each: \"#\" and its "
    "name), or to -o FILE; per file, what it held on stderr. No other file is written.",
    {{"sqtt-dump-att trace/host/1234_1_shader_engine_0_1.att", "Every event of one shader engine's file."},
     {"sqtt-dump-att --counts trace/host/*.att", "Only what each file holds, on stderr."}},
    {{0, "every file was read"},
     {1, "an error: a file that cannot be read or is not an .att stream this reader knows, an output that "
         "cannot be written"},
     {2, "a usage error (an unknown option, a missing file)"}}};

} // namespace

int main(int argc, char **argv) {
  Options Opts;
  CLI::App App{"Print what raw rocprofv3 .att files hold (one shader engine of one dispatch each): wave "
               "launches and ends, shader-data records, realtime samples and packet losses, read with this "
               "project's reader (gfx9, gfx10, gfx11, gfx12)."};
  App.add_option("files", Opts.Inputs, ".att files (<pid>_<agent>_shader_engine_<se>_<dispatch>.att)")
      ->required()
      ->check(CLI::ExistingFile)
      ->type_name("FILE");
  App.add_option("-o,--output", Opts.Output, "Output file (default: stdout)")->type_name("FILE");
  App.add_flag("--counts", Opts.Counts, "Only say what each file holds (on stderr)");
  sqtt::addVersionFlag(App, Tool);
  SQTT_PARSE(App, Tool, Help, argc, argv);
  return sqtt::runTool(Tool, [&] { return run(Opts); });
}
