// sqtt-perfetto - per-wave timelines of SQTT marker traces for ui.perfetto.dev.
//
//   sqtt-perfetto trace_output/ -o perfetto_out --clock-rate-ghz 2.1
//   sqtt-perfetto trace_output/ -o perfetto_out --format pftrace
//
// One file per trace directory (each is its own time domain): Chrome JSON
// (<dir>.perfetto.json, also read by speedscope) with a process per dispatch
// and a thread per wave instance, or a native Perfetto trace (<dir>.pftrace)
// with a GPU -> dispatch -> SE -> CU -> SIMD -> wave track hierarchy; slices
// for function and user scopes, instants for points, counters for waves in
// flight and data-marker values.
#include "../NumberChecks.h"
#include "../ToolMain.h"
#include "Version.h"
#include "../TraceToolSession.h"
#include "sqtt/support/Error.h"
#include "sqtt/writers/TraceWriters.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>
#include <fstream>
#include <iostream>

namespace fs = std::filesystem;

namespace {

constexpr const char *Tool = "sqtt-perfetto";

struct Options {
  sqtt::TraceToolOptions Trace;
  std::string OutputDir;
  double ClockRateGHz = 0;
  std::string Format = "chrome";
  bool Show = false;
  bool Merge = false;
  bool Host = false;
  bool Instructions = false;
};

/// How a merged timeline names a directory: its path relative to the base,
/// since two runs under one base both hold ui_output_agent_1_dispatch_1.
std::string mergedLabel(const std::string &Dir, const std::string &Base) {
  fs::path Relative = fs::path(Dir).lexically_normal().lexically_relative(fs::path(Base).lexically_normal());
  if (Relative.empty() || Relative == "." || *Relative.begin() == "..")
    return fs::path(Dir).filename().string();
  return Relative.generic_string();
}

/// Where rocprofv3's database has \p R's dispatch with its host times, its
/// timeline goes on the host's CLOCK_BOOTTIME (ROCPD.md §4); else times stay
/// relative, and the note says so.
void placeOnHost(const sqtt::TraceToolSession &Session, const sqtt::DirResult &R, sqtt::TimelineClock &Clock) {
  const sqtt::rocpd::Dispatch *D = Session.rocpdDispatch(R.Dir);
  if (!D) {
    if (Session.rocpdOf(R.Dir))
      std::cerr << Tool << ": note: " << R.Dir << ": rocprofv3's database has no host times of this dispatch "
                << "(rocprofv3 --att --kernel-trace records them): times stay relative to the capture\n";
    return;
  }
  std::string Why, Warning;
  if (!Clock.placeOnHost(R, D->Start, D->End, Why, Warning)) {
    std::cerr << Tool << ": note: " << R.Dir << ": not placed on the host's clock: " << Why << '\n';
    return;
  }
  if (!Warning.empty())
    std::cerr << Tool << ": warning: " << R.Dir << ": " << Warning << '\n';
}

/// The host's timeline around \p R's dispatch (--host): rocprofv3's API
/// regions on their threads' tracks and the database's dispatches on their
/// agents', from 1 ms before the dispatch's host window to 1 ms after it;
/// none, with a warning, where the timeline is not on the host's clock.
std::vector<sqtt::HostSlice> hostSlices(const sqtt::TraceToolSession &Session, const sqtt::DirResult &R,
                                        const sqtt::TimelineClock &Clock) {
  std::vector<sqtt::HostSlice> Out;
  const sqtt::rocpd::Database *Db = Session.rocpdOf(R.Dir);
  const sqtt::rocpd::Dispatch *D = Session.rocpdDispatch(R.Dir);
  if (!Db || !D || Clock.Host.empty()) {
    std::cerr << Tool << ": warning: --host: " << R.Dir << " is not on the host's clock (see above): no host tracks\n";
    return Out;
  }
  constexpr int64_t Margin = 1000000; // ns: the launching API call comes before the dispatch
  const int64_t From = D->Start - Margin, To = D->End + Margin;
  std::string Note;
  for (const sqtt::rocpd::Region &G : Db->regions(From, To, Note))
    Out.push_back({"thread " + std::to_string(G.Tid), G.Name, G.Start, G.End});
  if (!Note.empty())
    std::cerr << Tool << ": warning: --host: " << Note << '\n';
  for (const sqtt::rocpd::Dispatch &X : Db->Dispatches)
    if (X.Start <= To && X.End >= From) {
      const sqtt::rocpd::Agent *A = Db->agent(X.AgentId, X.Guid);
      const sqtt::rocpd::KernelSymbol *K = Db->symbol(X.KernelId, X.Guid);
      Out.push_back({"GPU dispatches (agent " + (A && A->Handle ? std::to_string(*A->Handle) : std::to_string(X.AgentId)) + ")",
                     "dispatch " + std::to_string(X.DispatchId) + (K ? ": " + (K->DisplayName.empty() ? K->KernelName : K->DisplayName) : ""),
                     X.Start, X.End});
    }
  std::stable_sort(Out.begin(), Out.end(), [](const sqtt::HostSlice &A, const sqtt::HostSlice &B) {
    return std::tie(A.Track, A.Start) < std::tie(B.Track, B.Start);
  });
  return Out;
}

/// One timeline of every directory (--merge): on one realtime axis where
/// each has realtime.json, else each on its own origin (D26). Returns what
/// the times mean.
std::string placeOnOneAxis(const sqtt::TraceToolSession &Session, const std::vector<const sqtt::DirResult *> &Dirs,
                           const std::vector<std::string> &Labels, double GHz,
                           std::vector<sqtt::TimelineClock> &Clocks) {
  // Every directory's dispatch on the host's clock: that is the one axis.
  bool OnHost = true;
  for (const sqtt::DirResult *D : Dirs) {
    Clocks.push_back(sqtt::TimelineClock::of(*D, GHz));
    placeOnHost(Session, *D, Clocks.back());
    OnHost &= !Clocks.back().Host.empty();
  }
  if (OnHost)
    return "every directory on the host's CLOCK_BOOTTIME (ns), its waves centred in its dispatch's host window "
           "of rocprofv3's database; " + Clocks.front().note();
  Clocks.clear();
  double Origin = 0;
  bool Any = false;
  std::string Own;
  for (size_t I = 0; I < Dirs.size(); ++I) {
    const sqtt::DirResult *D = Dirs[I];
    Clocks.push_back(sqtt::TimelineClock::of(*D, GHz));
    if (D->Clock) {
      Origin = Any ? std::min(Origin, D->Clock->RealtimeNsAtZero) : D->Clock->RealtimeNsAtZero;
      Any = true;
    } else {
      Own += (Own.empty() ? "" : ", ") + Labels[I] +
             (Clocks.back().GHz > 0 ? "" : " (1 cycle shown as 1 ns)");
    }
  }
  for (size_t I = 0; I < Dirs.size(); ++I)
    if (Dirs[I]->Clock)
      Clocks[I].OffsetNs = int64_t(std::llround(Dirs[I]->Clock->RealtimeNsAtZero - Origin));
  std::string Unit = Clocks.front().note();
  // Each directory is drawn at its own rate: where they differ, each is said.
  bool Differ = false;
  for (const sqtt::TimelineClock &C : Clocks)
    Differ |= C.GHz != Clocks.front().GHz;
  if (Differ) {
    Unit += "; the directories' shader clocks differ:";
    for (size_t I = 0; I < Dirs.size(); ++I) {
      char Rate[48];
      std::snprintf(Rate, sizeof Rate, " %.4g GHz", Clocks[I].GHz);
      Unit += (I ? ", " : " ") + Labels[I] + Rate;
    }
  }
  if (Any)
    Unit += "; directories with realtime.json on one realtime axis (0 = the earliest)";
  if (!Own.empty())
    Unit += "; on their own time origin (no realtime.json): " + Own;
  return Unit;
}

int run(const Options &Opts) {
  if (!Opts.OutputDir.empty())
    sqtt::checkOutputDir(Opts.OutputDir);
  sqtt::TraceToolSession Session(Opts.Trace.Session, Tool, std::cerr);
  sqtt::AnalysisOptions A = Opts.Trace.analysis();
  A.Build.Timeline = true;
  A.InstructionSlices = Opts.Instructions;
  // --merge keeps every directory's events until the end: they spill.
  if (Opts.Merge)
    A.EventMemoryBudget = 0;
  uint64_t WaveFiles = 0;
  bool Proto = Opts.Format == "pftrace";
  // Every directory's file, or none: an error in a later directory leaves
  // no output of the earlier ones (nor the -o directory it created).
  sqtt::OutputFiles Out;
  if (!Opts.OutputDir.empty())
    Out.createDirectory(Opts.OutputDir);
  sqtt::RecordCounts Total;
  size_t Written = 0, Skipped = 0;
  std::set<std::string> Notes; // what the timestamps mean, per distinct clock
  std::vector<std::string> Lines;
  std::vector<sqtt::DirResult> Kept; // --merge: every directory, written at the end
  Session.analyze(
      A, Opts.Trace.Jobs,
      [&](sqtt::DirResult &R) {
        WaveFiles += R.WaveFiles;
        if (R.Waves.empty()) {
          ++Skipped;
          return;
        }
        if (Opts.Merge) {
          Kept.push_back(std::move(R));
          return;
        }
        fs::path DirPath = fs::path(R.Dir);
        std::string Name = DirPath.filename().string() + (Proto ? ".pftrace" : ".perfetto.json");
        fs::path Path = Opts.OutputDir.empty() ? DirPath.parent_path() / Name
                                               : fs::path(Opts.OutputDir) / Name;
        // Each directory's own clock: its realtime.json, unless the rate is given (D26).
        sqtt::TimelineClock Clock = sqtt::TimelineClock::of(R, Opts.ClockRateGHz);
        placeOnHost(Session, R, Clock);
        Notes.insert(Clock.note());
        std::vector<sqtt::HostSlice> Host = Opts.Host ? hostSlices(Session, R, Clock) : std::vector<sqtt::HostSlice>{};
        size_t Bytes = Out.write(Path.string(), [&](std::ostream &OS) {
          if (Proto)
            sqtt::writePerfettoTrace(OS, R, Session.Names, Clock, Host);
          else
            sqtt::writeChromeTrace(OS, R, Session.Names, Clock, Host);
        });
        ++Written;
        char Size[32];
        std::snprintf(Size, sizeof Size, "%.1f MB", double(Bytes) / 1e6);
        Lines.push_back("  " + Path.string() + " (" + Size + ", " + std::to_string(R.Events.size()) +
                        " events)");
      },
      nullptr, Total);
  if (Opts.Merge && !Kept.empty()) {
    std::vector<const sqtt::DirResult *> Dirs;
    std::vector<std::string> Labels;
    uint64_t Events = 0;
    for (const sqtt::DirResult &R : Kept) {
      Dirs.push_back(&R);
      Labels.push_back(mergedLabel(R.Dir, Opts.Trace.Session.Base));
      Events += R.Events.size();
    }
    std::vector<sqtt::TimelineClock> Clocks;
    std::string Unit = placeOnOneAxis(Session, Dirs, Labels, Opts.ClockRateGHz, Clocks);
    // The host's slices around every dispatch, each once.
    std::vector<sqtt::HostSlice> Host;
    for (size_t I = 0; Opts.Host && I < Dirs.size(); ++I)
      for (sqtt::HostSlice &S : hostSlices(Session, *Dirs[I], Clocks[I]))
        if (std::find_if(Host.begin(), Host.end(), [&](const sqtt::HostSlice &H) {
              return H.Track == S.Track && H.Name == S.Name && H.Start == S.Start;
            }) == Host.end())
          Host.push_back(std::move(S));
    std::stable_sort(Host.begin(), Host.end(), [](const sqtt::HostSlice &A, const sqtt::HostSlice &B) {
      return std::tie(A.Track, A.Start) < std::tie(B.Track, B.Start);
    });
    Notes.insert(Unit);
    fs::path Path = fs::path(Opts.OutputDir.empty() ? Opts.Trace.Session.Base : Opts.OutputDir) /
                    (Proto ? "merged.pftrace" : "merged.perfetto.json");
    size_t Bytes = Out.write(Path.string(), [&](std::ostream &OS) {
      if (Proto)
        sqtt::writeMergedPerfettoTrace(OS, Dirs, Labels, Session.Names, Clocks, Host);
      else
        sqtt::writeMergedChromeTrace(OS, Dirs, Labels, Session.Names, Clocks, Unit, Host);
    });
    ++Written;
    char Size[32];
    std::snprintf(Size, sizeof Size, "%.1f MB", double(Bytes) / 1e6);
    Lines.push_back("  " + Path.string() + " (" + Size + ", " + std::to_string(Events) + " events of " +
                    std::to_string(Dirs.size()) + " trace dir(s))");
  }
  if (Written == 0)
    throw sqtt::Error("no Perfetto traces produced (no function, user or point markers found)");
  Out.commit();
  std::cerr << Tool << ": wrote " << Written << " perfetto trace(s):\n";
  for (const std::string &L : Lines)
    std::cerr << L << '\n';
  if (Opts.Instructions && WaveFiles == 0)
    std::cerr << Tool << ": warning: --instructions: no wave files (se*_sm*_sl*_wv*.json) in the trace "
                         "directories; rocprofv3 --att writes them for the CU --att-target-cu names\n";
  if (Skipped)
    std::cerr << Tool << ": skipped " << Skipped << " trace dir(s) without markers\n";
  for (const std::string &N : Notes)
    std::cerr << Tool << ": note: timestamps are " << N << '\n';
  std::cerr << Tool << ": open the files at https://ui.perfetto.dev (drag and drop)\n";
  return Session.finish(Total, Opts.Trace.Strict);
}

const sqtt::ToolHelp Help{
    "A file per trace directory, next to it in the trace tree (<dir>.perfetto.json, or <dir>.pftrace), or in "
    "-o DIR; with --merge one merged.perfetto.json (merged.pftrace) in the base directory or -o DIR. stderr "
    "lists every file written. Nothing on stdout.",
    {{"sqtt-perfetto trace_output/ -o perfetto_out", "Chrome trace JSON per trace directory, in perfetto_out/."},
     {"sqtt-perfetto trace_output/ -o perfetto_out -f pftrace", "Native Perfetto traces instead (smaller)."},
     {"sqtt-perfetto trace_output/ --merge -o perfetto_out", "One file of every trace directory."},
     {"sqtt-perfetto trace_output/ --instructions --clock-rate-ghz 2.1",
      "With the target CU's instructions as slices, times in ns at 2.1 GHz."}},
    {{0, "the timelines were written"},
     {1, "an error: an input that cannot be read, no markers or waves to show, a filter that matches nothing, "
         "an output directory that cannot be written; with --strict, anything that could not be attributed"},
     {2, "a usage error (an unknown option, a bad value)"}}};

} // namespace

int main(int argc, char **argv) {
  Options Opts;
  CLI::App App{"Per-wave timelines of SQTT marker traces for https://ui.perfetto.dev, as "
               "Chrome trace JSON or native Perfetto protobuf: one file per trace directory."};
  Opts.Trace.add(App);
  App.add_option("-o,--output,--output-dir", Opts.OutputDir,
                 "Directory for the output files (default: next to each trace directory)")
      ->type_name("DIR");
  auto *FormatOpt = App.add_option("-f,--format", Opts.Format,
                 "chrome: <dir>.perfetto.json (Chrome trace JSON, for ui.perfetto.dev and "
                 "speedscope); pftrace: <dir>.pftrace (native Perfetto protobuf, about 2.7 times "
                 "smaller)")
      ->check(CLI::IsMember({"chrome", "pftrace"}))
      ->capture_default_str();
  App.add_flag_callback("--json", [&Opts] { Opts.Format = "chrome"; },
                        "Chrome trace JSON (the default; -f chrome)")
      ->excludes(FormatOpt);
  App.add_option("--clock-rate-ghz", Opts.ClockRateGHz,
                 "Shader clock in GHz, to show real time (ns = cycles / GHz); without it the rate "
                 "comes from each trace directory's realtime.json, and without that one cycle is "
                 "shown as one ns")
      ->check(sqtt::clockRateGHz())
      ->type_name("GHZ");
  App.add_flag("--show", Opts.Show, "Print where to open the traces");
  App.add_flag("--merge", Opts.Merge,
               "One file of every trace directory (merged.perfetto.json, or merged.pftrace with "
               "--format pftrace, in -o DIR, else in the base directory): one process per dispatch "
               "(pftrace: one root track per directory), on one realtime axis where the directories "
               "have realtime.json (each on its own origin otherwise, said in the file)");
  App.add_flag("--host", Opts.Host,
               "Also the host's timeline from rocprofv3's database beside the capture: its API calls on "
               "their threads' tracks and its dispatches on their agents', around each dispatch (the "
               "timeline is then on the host's CLOCK_BOOTTIME; needs rocprofv3 --att --kernel-trace)");
  App.add_flag("--instructions", Opts.Instructions,
               "Also the instruction records rocprofv3 writes for the target CU's waves (wave files and "
               "code.json), as slices under the scopes on those waves' tracks: named by their ISA, with "
               "category, stall, duration, code.json line and source; a slice ends at the next "
               "instruction or marker when that comes before its duration does");
  sqtt::addVersionFlag(App, "sqtt-perfetto");
  SQTT_PARSE(App, Tool, Help, argc, argv);
  return sqtt::runTool(Tool, [&] { return run(Opts); });
}
