// sqtt-decode-funcmap - prints the marker ID map of code objects built with
// the SQTT instrumentation plugin.
//
//   sqtt-decode-funcmap my_kernel.co [more.co ...] [--demangle] [--json]
//
// Accepts code objects, offload bundles (plain or compressed) and HIP host
// objects/executables; for the last two it prints one table per device
// code object, labelled with its target.
#include "../ToolMain.h"
#include "Version.h"
#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/support/Error.h"
#include "sqtt/codeobjects/FuncmapTable.h"
#include "sqtt/writers/FuncmapWriters.h"

#include <CLI/CLI.hpp>

#include <iostream>

namespace {

struct Options {
  std::vector<std::string> Inputs;
  bool Demangle = false;
  bool Json = false;
  std::string Target;
  std::string Output;
};

constexpr const char *Tool = "sqtt-decode-funcmap";

/// One input's tables, read before anything is printed: an input that
/// cannot be read stops the run with no partial output.
struct InputTables {
  std::string Input;
  std::vector<sqtt::FuncmapTable> Tables;
  bool Labelled = false; // a bundle or host binary: a heading per code object
  size_t WithMap = 0, Diagnostics = 0, SkippedEntries = 0;
};

InputTables readInput(const std::string &Input, const Options &Opts) {
  InputTables R;
  R.Input = Input;
  sqtt::CodeObjectFile File(Input);
  for (const sqtt::CodeObject &CO : File.codeObjects()) {
    if (!Opts.Target.empty() && CO.Target.rfind(Opts.Target, 0) != 0)
      continue;
    std::string Where = Input;
    if (!CO.BundleEntryID.empty())
      Where += " [" + CO.BundleEntryID + "]";
    sqtt::FuncmapTable Table = sqtt::buildFuncmapTable(CO, Where, Opts.Demangle);
    for (const auto &D : Table.Diagnostics)
      std::cerr << Tool << ": warning: " << Where << ": .sqtt_funcmap line " << D.line << ": "
                << D.message << '\n';
    R.Diagnostics += Table.Diagnostics.size();
    R.WithMap += Table.HasFuncmap;
    R.Tables.push_back(std::move(Table));
  }
  if (R.Tables.empty())
    throw sqtt::Error(Input + ": no code object for target '" + Opts.Target + "'");
  R.Labelled = File.kind() != sqtt::ContainerKind::CodeObject;
  R.SkippedEntries = File.skippedEntries();
  return R;
}

void printText(const InputTables &R) {
  bool First = true;
  for (const sqtt::FuncmapTable &Table : R.Tables) {
    if (R.Labelled)
      std::cout << (First ? "" : "\n") << "== " << Table.Target << " (" << Table.BundleEntryID << ")\n";
    First = false;
    if (Table.HasFuncmap)
      sqtt::writeFuncmapText(std::cout, Table);
    else if (R.Labelled)
      std::cout << "no funcmap\n";
  }
}

int run(const Options &Opts) {
  std::vector<InputTables> Inputs;
  for (const std::string &Input : Opts.Inputs)
    Inputs.push_back(readInput(Input, Opts));

  // Several inputs: a "# FILE" heading each in text (as sqtt-dump-att), a
  // JSON array of the one-input documents.
  const bool Several = Inputs.size() > 1;
  if (Opts.Json && Several)
    std::cout << "[\n";
  for (size_t I = 0; I < Inputs.size(); ++I) {
    const InputTables &R = Inputs[I];
    if (Opts.Json) {
      sqtt::writeFuncmapJson(std::cout, R.Input, R.Tables);
      if (Several)
        std::cout << (I + 1 < Inputs.size() ? ",\n" : "\n]\n");
    } else {
      if (Several)
        std::cout << (I ? "\n" : "") << "# " << R.Input << '\n';
      printText(R);
    }
  }
  std::cout.flush();

  int Status = 0;
  for (const InputTables &R : Inputs) {
    std::cerr << Tool << ": " << R.Input << ": " << R.Tables.size() << " code object"
              << (R.Tables.size() == 1 ? "" : "s") << ", " << R.WithMap << " with a funcmap";
    if (R.SkippedEntries)
      std::cerr << ", " << R.SkippedEntries << " host bundle entries skipped";
    if (R.Diagnostics)
      std::cerr << ", " << R.Diagnostics << " funcmap warnings";
    std::cerr << '\n';
    if (R.WithMap == 0) {
      std::cerr << Tool << ": error: " << R.Input
                << ": no .sqtt_funcmap section (was it built with the SQTT plugin?)\n";
      Status = 1;
    }
  }
  return Status;
}

const sqtt::ToolHelp Help{
    "The tables (or JSON) on stdout, or in the file -o names; per input, a count of code objects and "
    "funcmaps on stderr. No other file is written. With several inputs the text gives each one a heading line, \"#\" and its name, and the JSON "
    "is an array of the one-input documents, in the order given.",
    {{"sqtt-decode-funcmap my_kernel.co --demangle", "The map of one code object, names demangled."},
     {"sqtt-decode-funcmap my_app --target gfx942",
      "The map of the gfx942 code object of a HIP executable."},
     {"sqtt-decode-funcmap --json a.co b.co -o maps.json", "Both maps as a JSON array, in maps.json."}},
    {{0, "every input has a code object with a .sqtt_funcmap"},
     {1, "an input has none (not built with the plugin), cannot be read, or has no code object for --target"},
     {2, "a usage error (an unknown option, a bad value)"}}};

} // namespace

int main(int argc, char **argv) {
  Options Opts;
  CLI::App App{"Print the SQTT marker ID map (.sqtt_funcmap) of code objects built with the "
               "SQTT instrumentation plugin: kernels with their addresses, then functions, "
               "user markers and points by ID."};
  App.add_option("code_objects", Opts.Inputs,
                 "Code objects, offload bundles (plain or compressed), or HIP host objects/executables")
      ->required()
      ->type_name("CODE_OBJECT");
  App.add_flag("-d,--demangle", Opts.Demangle, "Demangle C++ names");
  App.add_flag("--json", Opts.Json, "Print JSON instead of a table");
  App.add_option_function<std::string>(
         "-f,--format", [&Opts](const std::string &F) { Opts.Json = F == "json"; },
         "text or json (-f json is --json)")
      ->check(CLI::IsMember({"text", "json"}))
      ->default_str("text");
  App.add_option("--target", Opts.Target, "Only code objects whose target starts with this (e.g. gfx942)")
      ->type_name("GFX");
  App.add_option("-o,--output", Opts.Output, "Write the tables (or JSON) to this file instead of stdout")
      ->type_name("FILE");
  sqtt::addVersionFlag(App, "sqtt-decode-funcmap");
  SQTT_PARSE(App, Tool, Help, argc, argv);
  return sqtt::runTool(Tool, [&] { return sqtt::withStdoutTo(Opts.Output, [&] { return run(Opts); }); });
}
