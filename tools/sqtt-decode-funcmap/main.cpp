// sqtt-decode-funcmap - prints the marker ID map of code objects built with
// the SQTT instrumentation plugin.
//
//   sqtt-decode-funcmap my_kernel.co [--demangle] [--json]
//
// Accepts a code object, an offload bundle (plain or compressed) or a HIP
// host object/executable; for the last two it prints one table per device
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
  std::string Input;
  bool Demangle = false;
  bool Json = false;
  std::string Target;
};

constexpr const char *Tool = "sqtt-decode-funcmap";

int run(const Options &Opts) {
  sqtt::CodeObjectFile File(Opts.Input);
  std::vector<sqtt::FuncmapTable> Tables;
  size_t WithMap = 0, Diagnostics = 0;
  for (const sqtt::CodeObject &CO : File.codeObjects()) {
    if (!Opts.Target.empty() && CO.Target.rfind(Opts.Target, 0) != 0)
      continue;
    std::string Where = Opts.Input;
    if (!CO.BundleEntryID.empty())
      Where += " [" + CO.BundleEntryID + "]";
    sqtt::FuncmapTable Table = sqtt::buildFuncmapTable(CO, Where, Opts.Demangle);
    for (const auto &D : Table.Diagnostics)
      std::cerr << Tool << ": warning: " << Where << ": .sqtt_funcmap line " << D.line << ": "
                << D.message << '\n';
    Diagnostics += Table.Diagnostics.size();
    WithMap += Table.HasFuncmap;
    Tables.push_back(std::move(Table));
  }
  if (Tables.empty())
    throw sqtt::Error(Opts.Input + ": no code object for target '" + Opts.Target + "'");

  bool Labelled = File.kind() != sqtt::ContainerKind::CodeObject;
  if (Opts.Json) {
    sqtt::writeFuncmapJson(std::cout, Opts.Input, Tables);
  } else {
    bool First = true;
    for (const sqtt::FuncmapTable &Table : Tables) {
      if (Labelled) {
        std::cout << (First ? "" : "\n") << "== " << Table.Target << " ("
                  << Table.BundleEntryID << ")\n";
      }
      First = false;
      if (Table.HasFuncmap)
        sqtt::writeFuncmapText(std::cout, Table);
      else if (Labelled)
        std::cout << "no funcmap\n";
    }
  }

  std::cerr << Tool << ": " << Opts.Input << ": " << Tables.size() << " code object"
            << (Tables.size() == 1 ? "" : "s") << ", " << WithMap << " with a funcmap";
  if (File.skippedEntries())
    std::cerr << ", " << File.skippedEntries() << " host bundle entries skipped";
  if (Diagnostics)
    std::cerr << ", " << Diagnostics << " funcmap warnings";
  std::cerr << '\n';
  if (WithMap == 0) {
    std::cerr << Tool << ": error: " << Opts.Input
              << ": no .sqtt_funcmap section (was it built with the SQTT plugin?)\n";
    return 1;
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  Options Opts;
  CLI::App App{"Print the SQTT marker ID map (.sqtt_funcmap) of code objects built with the "
               "SQTT instrumentation plugin: kernels with their addresses, then functions, "
               "user markers and points by ID."};
  App.add_option("code_object", Opts.Input,
                 "A code object, an offload bundle (plain or compressed), or a HIP host "
                 "object/executable")
      ->required();
  App.add_flag("-d,--demangle", Opts.Demangle, "Demangle C++ names");
  App.add_flag("--json", Opts.Json, "Print JSON instead of a table");
  App.add_option("--target", Opts.Target,
                 "Only code objects whose target starts with this (e.g. gfx942)");
  sqtt::addVersionFlag(App, "sqtt-decode-funcmap");
  SQTT_PARSE(App, Tool, argc, argv);
  return sqtt::runTool(Tool, [&] { return run(Opts); });
}
