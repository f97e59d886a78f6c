//===- Measurements.cpp - what sqtt-triage reads from the analyses --------===//
//
// One pass of the session's analysis gives the scope statistics (with each
// wave's cycles per scope), the wave lifetimes and waves in flight, the
// address traces (summarised by MemorySummary as sqtt-memory-trace does, as
// the analysis decodes them)
// and the per-scope instruction detail (as sqtt-stats --instructions). The
// checks that need the ISA model are the completeness check (sqtt-verify
// --trace's, fed with the records as the analysis reads them:
// completeness::StreamingCheck), the markers' share of each scope (sqtt-verify --cost --trace)
// and the comparison with a plain build (sqtt-verify --perturbation).
//
//===----------------------------------------------------------------------===//
#include "sqtt/triage/Triage.h"

#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/support/Error.h"
#include "sqtt/uitree/TreeLayout.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <set>

namespace sqtt::triage {

AnalysisOptions::Outputs analysisOutputs() {
  AnalysisOptions::Outputs O;
  O.Stats = true;
  O.Profile = true; // the scopes' paths
  O.Instructions = true;
  return O;
}

std::optional<std::string> sourceLine(const std::string &Location) {
  if (Location.empty())
    return std::nullopt;
  std::string Last = Location;
  if (size_t Arrow = Last.rfind(" -> "); Arrow != std::string::npos)
    Last = Last.substr(Arrow + 4);
  while (!Last.empty() && Last.back() == ' ')
    Last.pop_back();
  // file:line:col -> file:line (a file name may hold colons: count from the end)
  size_t Last1 = Last.rfind(':');
  if (Last1 == std::string::npos)
    return Last;
  size_t Last2 = Last.rfind(':', Last1 - 1);
  auto Digits = [](const std::string &S) {
    return !S.empty() && S.find_first_not_of("0123456789") == std::string::npos;
  };
  if (Last2 != std::string::npos && Digits(Last.substr(Last2 + 1, Last1 - Last2 - 1)) &&
      Digits(Last.substr(Last1 + 1)))
    return Last.substr(0, Last1);
  return Last;
}

void Measurements::summariseAddressTraces(AnalysisOptions &A) {
  // Summarised as they are decoded, not stored: no finding needs the traces.
  A.AddressTraces = [this](const std::vector<AddressTrace> &Traces) {
    std::lock_guard<std::mutex> Hold(MemoryLock);
    for (const AddressTrace &T : Traces)
      Memory.add(T);
    AddressTraces += Traces.size();
  };
}

void Measurements::consume(DirResult &R) {
  Counts.add(R.Counts);
  HasMarkers |= R.Counts.Headers > 0 || R.Counts.AddressBlocks > 0; // the plugin's records
  Scopes.merge(R.Stats);
  Instructions.merge(R.Instructions);
  WaveFiles += R.WaveFiles;
  Clocks.emplace_back(R.Dir, R.Clock);
  uint32_t Dir = Names.intern(R.Dir);
  std::optional<int64_t> Number;
  auto Key = R.KernelIds.size() == 1 ? uitree::dispatchOfDirName(std::filesystem::path(R.Dir).filename().string())
                                     : std::nullopt;
  if (Key) {
    int64_t N = 0;
    if (std::from_chars(Key->second.data(), Key->second.data() + Key->second.size(), N).ec == std::errc())
      Number = N;
  }
  for (const WaveTime &W : R.WaveTimes) {
    auto [It, New] = Dispatches.try_emplace({W.Dir, W.Dispatch});
    DispatchShape &D = It->second;
    if (New) {
      D.Dir = W.Dir, D.Dispatch = W.Dispatch, D.Kernel = W.Kernel, D.Begin = W.Launch, D.End = W.End;
      // A directory holds one dispatch of rocprofv3's (occupancy may name others).
      if (W.Dir == Dir)
        D.DirectoryDispatch = Number;
      D.Records = R.Counts.RecordsRead;
      auto InFlight = R.WavesInFlight.find(W.Dispatch);
      if (InFlight != R.WavesInFlight.end() && W.Dir == Dir)
        D.InFlight = InFlight->second;
    }
    D.Begin = std::min(D.Begin, W.Launch);
    D.End = std::max(D.End, W.End);
    ++D.Waves;
  }
  Waves.insert(Waves.end(), R.WaveTimes.begin(), R.WaveTimes.end());
}

void Measurements::finish() {
  // Each scope's heaviest stack: [code object, kernel, scopes...].
  std::map<std::pair<std::string, std::string>, uint64_t> Heaviest;
  for (const FoldedProfile::Entry &E : Profile.entries()) {
    std::vector<uint32_t> Names = Profile.path(E.Node);
    if (Names.size() < 3)
      continue;
    std::pair<std::string, std::string> Key{this->Names.str(Names[1]), this->Names.str(Names.back())};
    uint64_t &Best = Heaviest[Key];
    if (E.Cycles < Best && ScopePaths.count(Key))
      continue;
    Best = E.Cycles;
    std::string Path;
    for (size_t I = 1; I < Names.size(); ++I)
      Path += (I > 1 ? ";" : "") + this->Names.str(Names[I]);
    ScopePaths[Key] = Path;
  }
  MemoryRows = Memory.rows();
  // Every line of every scope: the waits are looked up among all of them.
  InstructionRows = Instructions.rows(Names, SIZE_MAX);
}

void measureInstrumentationShare(Measurements &M, TraceSession &Session) {
  std::map<std::string, completeness::RecordCost> CostOfKernel;
  try {
    CostOfKernel = completeness::kernelRecordCosts(
        Session, [](const CodeObject &) { return true; }, [](const std::string &) {});
  } catch (const Error &E) {
    M.SharesNote = E.what();
    return;
  }
  if (CostOfKernel.empty()) {
    M.SharesNote = "no code object of the trace defines a kernel";
    return;
  }
  M.Shares = completeness::instrumentationShares(M.Scopes.rows(M.Names), CostOfKernel);
  if (M.Shares.empty())
    M.SharesNote = "no traced scope of a kernel of the trace's code objects";
}

void measurePerturbation(Measurements &M, const std::vector<std::string> &Plain,
                         const std::vector<std::string> &Instrumented) {
  if (Plain.empty())
    return;
  if (Instrumented.empty())
    throw Error("--plain: give the instrumented code objects with -c, to compare the plain build with");
  CodeObjectFile PlainFile(Plain.front());
  CodeObjectFile InstrumentedFile(Instrumented.front());
  if (PlainFile.codeObjects().empty() || InstrumentedFile.codeObjects().empty())
    throw Error("--plain: " + (PlainFile.codeObjects().empty() ? Plain.front() : Instrumented.front()) +
                ": no AMDGPU code object");
  M.Perturbation = perturbation::comparePerturbation(PlainFile.codeObjects().front(), Plain.front(),
                                                     InstrumentedFile.codeObjects().front(), Instrumented.front());
}

} // namespace sqtt::triage
