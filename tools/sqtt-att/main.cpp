// sqtt-att - the att step: funcmap tables into code.json, gfx12 marker
// headers back to legacy values with corrected timestamps.
//
//   rocprofv3 --att -d trace_output -- ./my_app
//   sqtt-att trace_output/
//
// Takes a rocprofv3 --att output tree, or ui_* directories and code objects
// (named *code_object_id_<N>*). A dispatch that has only its raw .att files
// is first decoded into the ui_* directory rocprofv3 would write (D32); the
// step then works on the decoded directories and can be run any number of
// times.
#include "../ToolMain.h"
#include "Version.h"
#include "sqtt/att/AttStep.h"
#include "sqtt/att/RcvExport.h"
#include "sqtt/rawatt/AttCaptureWriter.h"
#include "sqtt/support/OutputFiles.h"
#include "sqtt/session/TraceSession.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/Progress.h"
#include "sqtt/uitree/TreeWriter.h"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>
#include <map>
#include <unistd.h>
#include <optional>

namespace fs = std::filesystem;

namespace {

constexpr const char *Tool = "sqtt-att";

struct Options {
  std::vector<std::string> Inputs;
  bool NoDecode = false;
  bool Wait = false;
  std::optional<uint64_t> Pid;
  std::string ForRcv;
};

/// D32: the ui_* directory of each dispatch that has only .att files,
/// written as rocprofv3 decodes them (under \p Root instead of where the
/// dispatch's name puts it, when given). The dispatch is opened as every
/// tool opens it (the session's formats, its process's code objects placing
/// the kernel), so the tree written reads as the raw files do. \p Session
/// has its code objects loaded. Returns the directories written.
std::map<std::string, std::string> decodeAttCaptures(sqtt::TraceSession &Session, const fs::path &Base,
                                                     const fs::path &Root) {
  std::map<std::string, std::string> Written; // dispatch name -> directory
  if (Session.Tree.AttCaptures.empty())
    return Written;
  sqtt::OutputFiles Files(Tool);
  size_t Records = 0, Rows = 0;
  // Each kernel's symbol, for code.json's label row.
  std::map<std::pair<uint64_t, uint64_t>, std::string> Symbols;
  for (const auto &[Name, Places] : sqtt::rawatt::functionSymbols(Session.Tree.CodeObjects))
    for (const sqtt::rawatt::KernelPlace &P : Places)
      Symbols.try_emplace({P.CodeObject, P.Vaddr}, Name);
  auto SymbolAt = [&](uint64_t CodeObject, uint64_t Vaddr) {
    auto It = Symbols.find({CodeObject, Vaddr});
    return It == Symbols.end() ? std::string() : It->second;
  };
  for (size_t I = 0; I < Session.traceDirs().size(); ++I) {
    const std::string &Name = Session.traceDirs()[I];
    if (!Session.Tree.AttCaptures.count(Name))
      continue;
    std::vector<std::string> Warnings;
    std::unique_ptr<sqtt::TraceSource> Source = Session.openTraceSource(Name, Session.resolverOf(I), Warnings);
    const std::string Dir = Root.empty() ? Name : (Root / fs::relative(Name, Base)).string();
    sqtt::UiDirectoryStats S = sqtt::writeUiDirectory(*Source, Dir, Files, SymbolAt);
    for (const std::string &W : Warnings)
      std::cerr << Tool << ": warning: " << W << '\n';
    Records += S.Records, Rows += S.WaveRows;
    Written[Name] = Dir;
  }
  Files.commit();
  std::cerr << Tool << ": decoded " << Written.size() << " dispatch(es) from their .att files into ui_* directories ("
            << Records << " shaderdata records, " << Rows << " occupancy rows)\n";
  return Written;
}

/// The session over the inputs: the trees, code objects and .att files
/// given, split by process.
sqtt::SessionOptions sessionOf(const Options &Opts) {
  sqtt::SessionOptions S;
  S.Inputs = Opts.Inputs;
  S.Pid = Opts.Pid;
  return S;
}

void warnOf(const std::string &W) { std::cerr << Tool << ": warning: " << W << '\n'; }

/// --for-rcv: a copy of the tree whose shaderdata holds marker headers only.
void exportForRcv(const Options &Opts) {
  if (Opts.Inputs.size() != 1 || !fs::is_directory(Opts.Inputs[0]))
    throw sqtt::Error("--for-rcv takes one rocprofv3 --att output directory");
  sqtt::checkOutputDir(Opts.ForRcv);
  sqtt::SessionOptions S = sessionOf(Opts);
  S.Base = Opts.Inputs[0];
  sqtt::TraceSession Session(S, warnOf);
  Session.loadCodeObjects();
  sqtt::OutputFiles Files(Tool);
  Files.createDirectory(Opts.ForRcv);
  fs::path Base = fs::path(S.Base);
  auto Inside = [&](const std::string &Path) { return (fs::path(Opts.ForRcv) / fs::relative(Path, Base)).string(); };
  // Dispatches with only .att files are decoded to a scratch tree first.
  const fs::path Scratch = fs::temp_directory_path() / ("sqtt-att-decode-" + std::to_string(getpid()));
  struct RemoveScratch {
    fs::path P;
    ~RemoveScratch() {
      std::error_code EC;
      fs::remove_all(P, EC);
    }
  } Cleanup{Scratch};
  const std::map<std::string, std::string> Decoded = decodeAttCaptures(Session, Base, Scratch);
  sqtt::RcvExportStats Total;
  for (size_t I = 0; I < Session.traceDirs().size(); ++I) {
    const std::string &Dir = Session.traceDirs()[I];
    std::vector<std::string> Warnings;
    sqtt::TraceAnalyzer Analyzer(Session.resolverOf(I), Session.Names, sqtt::AnalysisOptions());
    auto From = Decoded.find(Dir);
    sqtt::RcvExportStats R = sqtt::exportForRcv(From == Decoded.end() ? Dir : From->second, Inside(Dir), Analyzer,
                                                Session.resolverOf(I), Files, Warnings);
    for (const std::string &W : Warnings)
      std::cerr << Tool << ": warning: " << W << '\n';
    Total.Headers += R.Headers, Total.Moved += R.Moved, Total.FilesCopied += R.FilesCopied;
  }
  // The code objects, where the tools find them again.
  size_t CodeObjects = 0;
  for (const sqtt::ProcessInputs &G : Session.Processes.Groups)
    for (const sqtt::CodeObjectPath &CO : G.CodeObjects) {
      std::string To = Inside(CO.Path);
      Files.createDirectory(fs::path(To).parent_path().string());
      Files.copy(To, CO.Path);
      ++CodeObjects;
    }
  Files.commit();
  std::cerr << Tool << ": wrote " << Opts.ForRcv << " for rocprof-compute-viewer: " << Session.traceDirs().size()
            << " trace dir(s), " << Total.Headers << " marker headers kept in shaderdata, " << Total.Moved
            << " payload, address and trap-handler words moved to sqtt_moved_<se>.json (this project's tools read "
               "them back), " << CodeObjects << " code object(s)\n";
}

int run(const Options &Opts) {
  // A dispatch with only .att files gets its ui_* directory first (D32).
  {
    sqtt::TraceSession Decoding(sessionOf(Opts), warnOf);
    if (!Decoding.Tree.AttCaptures.empty()) {
      Decoding.loadCodeObjects();
      decodeAttCaptures(Decoding, {}, {});
    }
  }
  sqtt::TraceTree Tree = sqtt::gatherTraceInputs(Opts.Inputs);
  for (const std::string &W : Tree.Warnings)
    std::cerr << Tool << ": warning: " << W << '\n';
  if (Tree.TraceDirs.empty())
    throw sqtt::Error("no trace directories (with shaderdata_*.json) among the inputs");
  if (Tree.CodeObjects.empty())
    throw sqtt::Error("no code objects (*code_object_id_<N>*.out) among the inputs");
  // Each directory gets the tables of its own process's code objects (D23).
  std::vector<std::string> Warnings;
  sqtt::ProcessGroups Processes = sqtt::groupByProcess(Tree, Opts.Pid, Warnings);
  if (!Processes.Undecided.empty())
    throw sqtt::Error(Processes.Undecided + "; select one process with --pid PID");
  const std::vector<std::string> &Dirs = Processes.TraceDirs;
  if (Dirs.empty())
    throw sqtt::Error("no trace directory of process " + std::to_string(*Opts.Pid));
  std::vector<sqtt::AttTables> Tables;
  for (const sqtt::ProcessInputs &G : Processes.Groups) {
    Tables.push_back(sqtt::buildAttTables(G.CodeObjects, Warnings));
    const sqtt::AttTables &T = Tables.back();
    std::cerr << Tool << ": "
              << (Processes.Groups.size() > 1 && G.Pid ? "process " + std::to_string(*G.Pid) + ": " : "")
              << G.CodeObjects.size() << " code object(s): " << T.Rows.size() << " funcmap rows, "
              << T.Layouts.size() << " with clock packing, " << T.Payloads.size() << " markers with payloads\n";
  }
  for (const std::string &W : Warnings)
    std::cerr << Tool << ": warning: " << W << '\n';

  sqtt::AttOptions A;
  A.DecodeMarkers = !Opts.NoDecode;
  A.WaitForLock = Opts.Wait;
  sqtt::ProgressLine Progress(std::cerr, Tool);
  A.OnWait = [&Progress](long Pid) {
    Progress.clear();
    std::cerr << Tool << ": waiting for another run" << (Pid ? " (pid " + std::to_string(Pid) + ")" : "")
              << " to finish\n";
  };
  for (size_t I = 0; I < Dirs.size(); ++I) {
    const std::string &Dir = Dirs[I];
    std::vector<std::string> DirWarnings;
    Progress.update("[" + std::to_string(I + 1) + "/" + std::to_string(Dirs.size()) + "] " + Dir);
    sqtt::AttDirResult R = sqtt::runAttStep(Dir, Tables[Processes.GroupOfDir[I]], A, DirWarnings);
    Progress.clear();
    for (const std::string &W : DirWarnings)
      std::cerr << Tool << ": warning: " << W << '\n';
    if (R.Recovery.RolledForward)
      std::cerr << Tool << ": " << Dir << ": completed an interrupted run (" << R.Recovery.RolledForward
                << " file(s) it had committed)\n";
    if (R.Recovery.Discarded)
      std::cerr << Tool << ": " << Dir << ": an interrupted run had not committed; removed its "
                << R.Recovery.Discarded << " temporary file(s), its files are as they were\n";
    std::cerr << Tool << ": " << Dir << ": code.json tables written";
    if (R.AlreadyDecoded)
      std::cerr << "; markers were already decoded, records unchanged";
    else if (R.Decoded)
      std::cerr << "; " << R.Stats.Normalized << " headers restored to legacy values, "
                << R.Stats.Corrected << " timestamps corrected (at most " << R.Stats.MaxShift
                << " cycles) in " << R.Stats.Domains << " SIMD domains, " << R.Stats.PayloadRecords
                << " payload records untouched, " << R.FilesRewritten << " shaderdata file(s) rewritten";
    else if (Opts.NoDecode)
      std::cerr << "; --no-decode-markers: records unchanged";
    else
      std::cerr << "; no clock-packed code object: records unchanged";
    std::cerr << '\n';
  }
  if (!Opts.ForRcv.empty())
    exportForRcv(Opts);
  return 0;
}

const sqtt::ToolHelp Help{
    "Changes the trace tree in place: each trace directory's code.json gets the tables, and its "
    "shaderdata_*.json files are rewritten when headers are restored; a dispatch with only .att files gets the "
    "ui_* directory rocprofv3 would write. With --for-rcv, also the copy in DIR. What each directory got on "
    "stderr; nothing on stdout.",
    {{"sqtt-att trace_output/", "The att step on every trace directory of a rocprofv3 --att tree."},
     {"sqtt-att trace_output/ --no-decode-markers", "Only the code.json tables; records unchanged."},
     {"sqtt-att trace_output/ --for-rcv rcv_output/", "Also a copy for rocprof-compute-viewer."}},
    {{0, "every trace directory was done"},
     {1, "an error: no trace directory or code object among the inputs, an input that cannot be read or "
         "written, another run working on a directory (without --wait)"},
     {2, "a usage error (an unknown option, a bad value)"}}};

} // namespace

int main(int argc, char **argv) {
  Options Opts;
  CLI::App App{"The att step, run after rocprofv3 --att: adds each code object's marker map to "
               "code.json (sqtt_funcmap, sqtt_funcmap_layout, sqtt_funcmap_payloads) and restores "
               "gfx12 clock-packed marker headers to their legacy values with corrected timestamps. "
               "A run changes a directory completely or not at all, even if killed (the next run "
               "completes or discards it); running it twice changes nothing."};
  App.add_option("inputs", Opts.Inputs,
                 "A rocprofv3 --att output directory, or ui_* directories and code objects "
                 "(*code_object_id_<N>*)")
      ->required()
      ->type_name("INPUT");
  App.add_flag("--no-decode-markers", Opts.NoDecode,
               "Keep packed values and arrival times (the tables are still added)");
  App.add_option("--pid", Opts.Pid,
                 "Only the trace directories of this process, with its code objects "
                 "(<pid>_..._code_object_id_<N>.out); needed when several processes share a tree and a "
                 "directory's .att files do not say whose it is")
      ->check(CLI::NonNegativeNumber)
      ->type_name("PID");
  App.add_flag("--wait", Opts.Wait,
               "If another sqtt-att run is working on a trace directory, wait for it (default: "
               "refuse, naming its pid)");
  App.add_option("--for-rcv", Opts.ForRcv,
                 "After the att step, also write a copy of the tree to DIR for rocprof-compute-viewer, which reads "
                 "every shaderdata word as a marker header: its shaderdata files hold the marker headers only, "
                 "the payload words, address blocks and trap-handler records go to sqtt_moved_<se>.json side "
                 "files (which this project's tools merge back in), code.json carries the tables with a K: row "
                 "per kernel; the code objects are copied too")
      ->type_name("DIR");
  sqtt::addVersionFlag(App, "sqtt-att");
  SQTT_PARSE(App, Tool, Help, argc, argv);
  return sqtt::runTool(Tool, [&] { return run(Opts); });
}
