// TraceAnalysisTest.cpp - the analysis on records in memory, occupancy text,
// and the event store behind the timeline tool.
#include "sqtt/support/Error.h"
#include "sqtt/trace/EventStore.h"
#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/trace/TraceAnalysis.h"
#include "sqtt/uitree/TreeReader.h"
#include "sqtt/trace/TraceSource.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include "gtest/gtest.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

using namespace sqtt;
namespace fs = std::filesystem;

namespace {

const char *const Occ2Slots = R"({"dispatches":{"1":"k"},"0":[[0,0,0,0,1,1],[0,1,0,0,1,1]],
  "1":[[0,0,0,0,1,1]]})";

Record rec(int64_t Time, uint32_t Value, uint8_t CU, uint8_t Flags = 0) {
  Record R;
  R.Time = Time, R.Value = Value, R.CU = CU, R.Flags = Flags;
  return R;
}

struct Fixture {
  NameTable Names;
  MarkerResolver Resolver{Names, false};
  Fixture() { Resolver.add(1, rocprof_trace_decoder::codeobj::parse_funcmap("K:k\nF:1:f\nU:2:u\n")); }
};

std::string folded(const TraceAnalyzer &A, const NameTable &Names) {
  std::string Out;
  for (const FoldedProfile::Entry &E : A.profile().entries()) {
    for (uint32_t N : A.profile().path(E.Node))
      Out += std::string(Names.str(N)) + ";";
    Out += " " + std::to_string(E.Cycles) + "\n";
  }
  return Out;
}

} // namespace

TEST(Occupancy, ParsesTextAndNamesTheSourceInErrors) {
  Occupancy Occ = parseOccupancy(Occ2Slots, "occ.json");
  EXPECT_EQ(Occ.dispatchName(1), "k");
  ASSERT_EQ(Occ.Spans.size(), 3u);
  ASSERT_NE(Occ.findSpan(slotKey(1, 0, 0, 0), 5), nullptr);
  EXPECT_EQ(Occ.findSpan(slotKey(1, 0, 0, 0), 5)->Dispatch, 1);
  try {
    parseOccupancy("{\"0\":[", "occ.json");
    ADD_FAILURE() << "no error";
  } catch (const Error &E) {
    EXPECT_EQ(std::string(E.what()), "occ.json: malformed JSON: not valid JSON (truncated?)");
  }
}

// Two engines, interleaved slots, a PRIV record: the in-memory entry point
// attributes exactly what the file-based one does.
TEST(TraceAnalysis, RecordsInMemoryMatchFiles) {
  std::vector<TraceAnalyzer::EngineRecords> Engines = {
      {0, {rec(10, (1 << 2) | 2, 0), rec(12, (2 << 2) | 2, 1), rec(20, (2 << 2) | 2, 0),
           rec(25, 0xdead, 0, RecordFlagPriv), rec(30, 1, 0), rec(40, 1, 1), rec(50, 1, 0)}},
      {1, {rec(15, (1 << 2) | 2, 0), rec(45, 1, 0)}}};
  Occupancy Occ = parseOccupancy(Occ2Slots, "occ.json");

  Fixture Mem;
  AnalysisOptions Options;
  Options.Build.Profile = Options.Build.Timeline = true;
  TraceAnalyzer InMemory(Mem.Resolver, Mem.Names, Options);
  std::vector<std::string> Warnings;
  DirResult R = InMemory.analyzeRecords("mem", 0, Occ, Engines, Warnings);
  EXPECT_EQ(R.Counts.RecordsRead, 9u);
  EXPECT_EQ(R.Counts.PrivRecords, 1u);
  EXPECT_EQ(R.Counts.UnmatchedExits, 0u);
  EXPECT_EQ(R.WaveCount, 3u);
  EXPECT_EQ(R.Events.size(), 8u); // 4 scopes opened and closed
  // f: 10 + 20 (SE0 CU0) + 30 (SE1); f;u: 10; u: 28 (SE0 CU1).
  EXPECT_EQ(folded(InMemory, Mem.Names),
            "code_object_1;k;f; 60\ncode_object_1;k;f;u; 10\ncode_object_1;k;u; 28\n");

  // The same records as a trace directory on disk.
  fs::path Dir = fs::temp_directory_path() / ("sqtt-analysis-" + std::to_string(getpid()));
  fs::create_directories(Dir);
  std::ofstream(Dir / "occupancy.json") << Occ2Slots;
  for (const auto &E : Engines) {
    std::ofstream OS(Dir / ("shaderdata_" + std::to_string(E.SE) + "_0.json"));
    OS << "{\"type\":\"shaderdata\",\"records\":[";
    for (size_t I = 0; I < E.Records.size(); ++I) {
      const Record &Rc = E.Records[I];
      OS << (I ? "," : "") << "[" << Rc.Time << "," << Rc.Value << "," << int(Rc.CU) << ",0,0,"
         << int(Rc.Flags) << "]";
    }
    OS << "]}";
  }
  Fixture Disk;
  TraceAnalyzer OnDisk(Disk.Resolver, Disk.Names, Options);
  JsonTraceSource OnDiskSource(Dir.string(), Warnings);
  DirResult F = OnDisk.analyze(OnDiskSource, 0, Warnings);

  // A third source that knows nothing of files or memory: it forwards the
  // JSON source's answers, counting the engine reads. The analysis reads
  // through the interface only, each engine once, and gets the same.
  class Forwarding : public TraceSource {
  public:
    explicit Forwarding(TraceSource &To) : To(To) {}
    const std::string &name() const override { return To.name(); }
    const std::vector<uint32_t> &engines() const override { return To.engines(); }
    void readEngine(size_t E, std::vector<Record> &Records) const override {
      ++Reads;
      To.readEngine(E, Records);
    }
    Occupancy occupancy() override { return To.occupancy(); }
    std::optional<TracedKernel> tracedKernel() override { return To.tracedKernel(); }
    std::optional<CaptureClock> clock() override { return To.clock(); }
    InstructionCapture instructions(const CaptureClock *C) override { return To.instructions(C); }
    mutable int Reads = 0;

  private:
    TraceSource &To;
  };
  JsonTraceSource Json(Dir.string(), Warnings);
  Forwarding Through(Json);
  Fixture Seam;
  TraceAnalyzer ThroughSeam(Seam.Resolver, Seam.Names, Options);
  DirResult S = ThroughSeam.analyze(Through, 0, Seam.Resolver, Warnings);
  fs::remove_all(Dir);
  EXPECT_EQ(F.Counts.RecordsRead, R.Counts.RecordsRead);
  EXPECT_EQ(F.Events.size(), R.Events.size());
  EXPECT_EQ(folded(OnDisk, Disk.Names), folded(InMemory, Mem.Names));
  EXPECT_EQ(Through.Reads, 2);
  EXPECT_EQ(S.Dir, Dir.string());
  EXPECT_EQ(S.Counts.RecordsRead, R.Counts.RecordsRead);
  EXPECT_EQ(S.Counts.PrivRecords, R.Counts.PrivRecords);
  EXPECT_EQ(S.WaveCount, R.WaveCount);
  EXPECT_EQ(S.Events.size(), R.Events.size());
  EXPECT_EQ(folded(ThroughSeam, Seam.Names), folded(InMemory, Mem.Names));
}

// Reading engines ahead on another thread changes nothing but the timing:
// same records, stacks, events and wave order, over several engines.
TEST(TraceAnalysis, ReadAheadGivesTheSameResult) {
  std::vector<TraceAnalyzer::EngineRecords> Engines;
  std::string Occ = R"({"dispatches":{"1":"k"})";
  for (uint32_t SE = 0; SE < 5; ++SE) {
    Engines.push_back({SE, {}});
    for (int64_t T = 0; T < 400; T += 4) // Enter f, enter u, exit, exit.
      for (uint8_t CU = 0; CU < 2; ++CU)
        Engines.back().Records.push_back(
            rec(T * 10 + SE + CU, (T / 4) % 4 < 2 ? (((T / 4) % 4 + 1) << 2) | 2 : 1, CU));
    Occ += ",\"" + std::to_string(SE) + "\":[[0,0,0,0,1,1],[0,1,0,0,1,1]]";
  }
  Occ += "}";
  Occupancy O = parseOccupancy(Occ, "occ.json");
  std::string Folded[2];
  size_t Events[2], Waves[2];
  for (bool Ahead : {false, true}) {
    Fixture Fx;
    AnalysisOptions Options;
    Options.Build.Profile = Options.Build.Timeline = true;
    Options.ReadAhead = Ahead;
    TraceAnalyzer A(Fx.Resolver, Fx.Names, Options);
    std::vector<std::string> Warnings;
    DirResult R = A.analyzeRecords("mem", 0, O, Engines, Warnings);
    EXPECT_EQ(R.Counts.RecordsRead, 5u * 200u);
    Folded[Ahead] = folded(A, Fx.Names);
    Events[Ahead] = R.Events.size();
    Waves[Ahead] = R.Waves.size();
  }
  EXPECT_EQ(Folded[0], Folded[1]);
  EXPECT_EQ(Events[0], Events[1]);
  EXPECT_EQ(Waves[0], Waves[1]);
  EXPECT_EQ(Waves[0], 10u);
  EXPECT_NE(Folded[0], "");
}

// Each output is one consumer of the same walk: what one output holds does
// not depend on which others were built with it (every one of the 16 sets).
TEST(TraceAnalysis, EachOutputIsTheSameWhicheverOthersAreBuilt) {
  // A function scope holding a user scope, a data marker with two payload
  // words, an LDS address block (wave32: EXEC, then one address per lane),
  // an unmatched exit and a scope left open at the wave's end.
  std::vector<Record> Records = {rec(10, (1 << 2) | 2, 0), rec(20, (2 << 2) | 2, 0),
                                 rec(25, 3 << 2, 0),       rec(25, 7, 0),
                                 rec(25, 9, 0),            rec(30, 4 << 2, 0),
                                 rec(30, 0x3, 0),          rec(30, 0, 0)};
  for (uint32_t Lane = 0; Lane < 32; ++Lane)
    Records.push_back(rec(30, Lane < 2 ? 0x100 + 4 * Lane : 0, 0));
  for (int64_t T : {40, 50, 60})
    Records.push_back(rec(T, 1, 0));
  Records.push_back(rec(70, (1 << 2) | 2, 0));
  std::vector<TraceAnalyzer::EngineRecords> Engines = {{0, Records}};
  Occupancy Occ = parseOccupancy(Occ2Slots, "occ.json");
  const char *Map = "K:k\nW:32\nF:1:f\nU:2:u\nP:3:d\nR:3:extra_payload_count=2\n"
                    "P:4:addr_trace_lds_load@k.hip:7\nR:4:extra_payload_count=34\n";

  struct Outputs {
    std::string Folded, Stats, Timeline, Addresses;
    RecordCounts Counts;
  };
  auto Run = [&](AnalysisOptions::Outputs Build) {
    NameTable Names;
    MarkerResolver Resolver(Names, false);
    Resolver.add(1, rocprof_trace_decoder::codeobj::parse_funcmap(Map));
    AnalysisOptions Options;
    Options.Build = Build;
    TraceAnalyzer A(Resolver, Names, Options);
    std::vector<std::string> Warnings;
    DirResult R = A.analyzeRecords("mem", 0, Occ, Engines, Warnings);
    Outputs O;
    O.Counts = R.Counts;
    O.Folded = folded(A, Names);
    for (const StatsRow &Row : R.Stats.rows(Names))
      O.Stats += Row.Kernel + ";" + Row.Scope + ";" + std::to_string(Row.Count) + ";" +
                 std::to_string(Row.Total) + ";" + std::to_string(Row.Self) + ";" +
                 std::to_string(Row.Open) + ";" + std::to_string(Row.Max) + "\n";
    std::vector<TimelineEvent> Events;
    for (const WaveEvents &W : R.Waves) {
      R.Events.read({W.Begin, W.End}, Events);
      for (const TimelineEvent &E : Events)
        O.Timeline += std::to_string(E.Time) + ":" + std::to_string(int(E.Ph)) + ":" +
                      (E.Ph == TimelineEvent::Payload ? std::to_string(E.Name) : Names.str(E.Name)) + " ";
    }
    for (const auto &[D, W] : R.DispatchWaves)
      O.Timeline += "| " + std::to_string(D) + " " + std::to_string(W.key());
    forEachAddressTrace(R, [&](const AddressTrace &T) {
      for (uint64_t Addr : T.Addresses)
        O.Addresses += std::to_string(T.Time) + "@" + std::to_string(Addr) + " ";
    });
    return O;
  };

  Outputs All = Run({true, true, true, true});
  EXPECT_EQ(All.Folded, "code_object_1;k;f; 20\ncode_object_1;k;f;u; 20\n");
  // f: 10 to 50, 20 of it its own; u: 20 to 40; f again, open at the end.
  EXPECT_EQ(All.Stats, "k;f;1;40;20;1;40\nk;u;1;20;20;0;20\nk;d;2;0;0;0;9\n");
  EXPECT_EQ(All.Addresses, "30@256 30@260 ");
  EXPECT_EQ(All.Counts.UnmatchedExits, 1u);
  EXPECT_EQ(All.Counts.OpenAtWaveEnd, 1u);
  EXPECT_EQ(All.Counts.AddressBlocks, 1u);
  EXPECT_NE(All.Timeline.find("10:0:f 20:0:u 25:2:d 25:3:7 25:3:9 40:1:"), std::string::npos)
      << All.Timeline;
  EXPECT_NE(All.Timeline.find("70:0:f 71:1:"), std::string::npos) << All.Timeline; // closed at the end
  for (unsigned Set = 0; Set < 16; ++Set) {
    AnalysisOptions::Outputs Build{bool(Set & 1), bool(Set & 2), bool(Set & 4), bool(Set & 8)};
    Outputs O = Run(Build);
    SCOPED_TRACE("output set " + std::to_string(Set));
    EXPECT_EQ(O.Folded, Build.Profile ? All.Folded : "");
    EXPECT_EQ(O.Stats, Build.Stats ? All.Stats : "");
    EXPECT_EQ(O.Timeline, Build.Timeline ? All.Timeline : "");
    EXPECT_EQ(O.Addresses, Build.Addresses ? All.Addresses : "");
    EXPECT_EQ(O.Counts.Headers, All.Counts.Headers);
    EXPECT_EQ(O.Counts.PayloadRecords, All.Counts.PayloadRecords);
    EXPECT_EQ(O.Counts.UnmatchedExits, All.Counts.UnmatchedExits);
    EXPECT_EQ(O.Counts.OpenAtWaveEnd, All.Counts.OpenAtWaveEnd);
  }
}

// In memory (the default budget) and spilled to the temporary file (none).
class EventStoreTest : public ::testing::TestWithParam<size_t> {};
INSTANTIATE_TEST_SUITE_P(Budgets, EventStoreTest, ::testing::Values(EventStore::DefaultMemoryBudget, size_t(0)));

TEST_P(EventStoreTest, ReadsBackWhatWasAppended) {
  EventStore Store(GetParam());
  EXPECT_EQ(Store.size(), 0u);
  // Every field, times that go back and far, dispatches that change, large
  // names and payload words, the unknown flag.
  std::vector<TimelineEvent> A(6), B(2), Out;
  for (size_t I = 0; I < A.size(); ++I)
    A[I].Time = int64_t(I) * 1000, A[I].Name = 7, A[I].MarkerID = 3, A[I].SourceLoc = 2;
  A[1].Ph = TimelineEvent::Instant, A[1].Category = EventCategory::Point, A[1].Flags = TimelineEvent::FlagUnknown;
  A[2].Ph = TimelineEvent::Payload, A[2].Name = 0xFFFFFFFF, A[2].MarkerID = 0;
  A[3].Ph = TimelineEvent::End, A[3].Name = 0, A[3].MarkerID = 0, A[3].Time = -5;
  A[4].Dispatch = 42, A[4].Category = EventCategory::User, A[4].Time = INT64_MAX;
  A[5].Dispatch = -1, A[5].Time = INT64_MIN, A[5].SourceLoc = 0;
  B[0].Time = 100, B[0].Dispatch = 9, B[1].Time = 101, B[1].Ph = TimelineEvent::End;
  EventStore::Range RA = Store.append(A.data(), A.data() + A.size());
  EventStore::Range Empty = Store.append(B.data(), B.data());
  EventStore::Range RB = Store.append(B.data(), B.data() + B.size());
  EXPECT_EQ(Empty.first, Empty.second);
  EXPECT_EQ(RA.second, RB.first);
  EXPECT_LT(RB.second - RA.first, 8 * sizeof(TimelineEvent)); // smaller than the events
  EXPECT_EQ(Store.size(), 8u);
  Store.flush();
  auto Same = [](const TimelineEvent &X, const TimelineEvent &Y) {
    return X.Time == Y.Time && X.Dispatch == Y.Dispatch && X.Name == Y.Name && X.MarkerID == Y.MarkerID &&
           X.SourceLoc == Y.SourceLoc && X.Ph == Y.Ph && X.Category == Y.Category && X.Flags == Y.Flags;
  };
  Store.read(RB, Out); // on its own, after the other wave
  ASSERT_EQ(Out.size(), 2u);
  EXPECT_TRUE(Same(Out[0], B[0]));
  EXPECT_TRUE(Same(Out[1], B[1]));
  Store.read(RA, Out);
  ASSERT_EQ(Out.size(), A.size());
  for (size_t I = 0; I < A.size(); ++I)
    EXPECT_TRUE(Same(Out[I], A[I])) << I;
  Store.read(Empty, Out);
  EXPECT_TRUE(Out.empty());
  EXPECT_THROW(Store.read({RB.first, RB.second + 9}, Out), Error);
  EXPECT_THROW(Store.read({RA.first, RA.first + 2}, Out), Error); // cut inside an event
}

// Past its budget the store spills as it goes, not only when flushed: an
// unusable TMPDIR shows in the append that crosses it.
TEST(EventStore, SpillsPastItsBudgetWhileAppending) {
  const char *Old = std::getenv("TMPDIR");
  std::string Saved = Old ? Old : "";
  setenv("TMPDIR", "/nonexistent-sqtt-dir", 1);
  EventStore Store(64);
  std::vector<TimelineEvent> Wave(4);
  EXPECT_NO_THROW(Store.append(Wave.data(), Wave.data() + Wave.size())); // under 64 bytes
  bool Threw = false;
  for (int I = 0; I < 100 && !Threw; ++I) {
    try {
      Store.append(Wave.data(), Wave.data() + Wave.size());
    } catch (const Error &) {
      Threw = true;
    }
  }
  EXPECT_TRUE(Threw);
  if (Old)
    setenv("TMPDIR", Saved.c_str(), 1);
  else
    unsetenv("TMPDIR");
}

TEST(EventStore, UnusableTemporaryDirectoryIsOneClearError) {
  const char *Old = std::getenv("TMPDIR");
  std::string Saved = Old ? Old : "";
  setenv("TMPDIR", "/nonexistent-sqtt-dir", 1);
  EventStore Store(0); // spills at once
  try {
    TimelineEvent E;
    Store.append(&E, &E + 1);
    Store.flush();
    ADD_FAILURE() << "no error";
  } catch (const Error &E) {
    EXPECT_NE(std::string(E.what()).find("/nonexistent-sqtt-dir/sqtt-events-"), std::string::npos)
        << E.what();
  }
  if (Old)
    setenv("TMPDIR", Saved.c_str(), 1);
  else
    unsetenv("TMPDIR");
}
