// TimeOrderTest.cpp - records out of their wave's time order and negative
// times are counted and named (D10); the shapes real captures have are not:
// waves interleaved in a file, files of one engine in any order, and gfx12
// headers the att step moved back by their arrival delay.
#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/trace/TraceAnalysis.h"
#include "sqtt/uitree/TreeReader.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include "gtest/gtest.h"

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace sqtt;
namespace fs = std::filesystem;

namespace {

// Two waves of kernel k on SE 0: CU 0 and CU 1.
const char *const TwoWaves = R"({"dispatches":{"1":"k"},"0":[[0,0,0,0,1,1],[0,1,0,0,1,1]]})";

Record rec(int64_t Time, uint32_t Value, uint8_t CU) {
  Record R;
  R.Time = Time, R.Value = Value, R.CU = CU;
  return R;
}
constexpr uint32_t EnterF = (1 << 2) | 2, EnterU = (2 << 2) | 2, Exit = 1;

struct Analysis {
  NameTable Names;
  MarkerResolver Resolver{Names, false};
  std::vector<std::string> Warnings;
  explicit Analysis(const char *Funcmap = "K:k\nF:1:f\nU:2:u\n") {
    Resolver.add(1, rocprof_trace_decoder::codeobj::parse_funcmap(Funcmap));
  }
  DirResult run(std::vector<Record> Records) {
    AnalysisOptions Options;
    Options.Build.Profile = true;
    TraceAnalyzer A(Resolver, Names, Options);
    return A.analyzeRecords("mem", 0, parseOccupancy(TwoWaves, "occ.json"), {{0, std::move(Records)}}, Warnings);
  }
};

} // namespace

TEST(TimeOrder, InterleavedWavesInTimeOrderEachAreNotFlagged) {
  // The file as a whole goes back in time (CU 1's 12 after CU 0's 20), each
  // wave's own records do not.
  Analysis A;
  DirResult R = A.run({rec(10, EnterF, 0), rec(20, Exit, 0), rec(12, EnterU, 1), rec(40, Exit, 1)});
  EXPECT_EQ(R.Counts.OutOfTimeOrder, 0u);
  EXPECT_EQ(R.Counts.NegativeTimes, 0u);
  EXPECT_TRUE(A.Warnings.empty());
}

TEST(TimeOrder, AWaveGoingBackInTimeIsCountedAndNamed) {
  // CU 0 wrote f's exit at 30 and then u's enter at 25: in time order u
  // would open inside f.
  Analysis A;
  DirResult R = A.run({rec(10, EnterF, 0), rec(12, EnterU, 1), rec(30, Exit, 0), rec(25, EnterU, 0),
                       rec(40, Exit, 1), rec(50, Exit, 0), rec(35, Exit, 1)});
  EXPECT_EQ(R.Counts.OutOfTimeOrder, 2u);
  ASSERT_EQ(A.Warnings.size(), 1u);
  EXPECT_EQ(A.Warnings[0], "mem (shader engine 0): 2 records earlier than the record their wave slot wrote "
                           "before them (first: record 3, cu 0 simd 0 wave 0, time 25 after 30); they are "
                           "paired in time order, not as written");
}

TEST(TimeOrder, NegativeTimesAreCountedAndNamed) {
  Analysis A;
  DirResult R = A.run({rec(-7, EnterF, 0), rec(-3, EnterU, 1), rec(30, Exit, 0), rec(40, Exit, 1)});
  EXPECT_EQ(R.Counts.NegativeTimes, 2u);
  EXPECT_EQ(R.Counts.OutOfTimeOrder, 0u);
  ASSERT_EQ(A.Warnings.size(), 1u);
  EXPECT_EQ(A.Warnings[0], "mem (shader engine 0): 2 records with a negative time (first: record 0, time -7); "
                           "no capture's clock runs before its start");
}

TEST(TimeOrder, ClockPackedHeadersMovedBackAreNotFlagged) {
  // The same disorder in a code object that packs the shader clock: the att
  // step moved the header back by its arrival delay.
  Analysis A("M:shader_clock_bits=12;shader_clock_shift=4\nK:k\nF:1:f\nU:2:u\n");
  DirResult R = A.run({rec(10, EnterF, 0), rec(30, Exit, 0), rec(25, EnterU, 0), rec(50, Exit, 0)});
  EXPECT_EQ(R.Counts.OutOfTimeOrder, 0u);
  EXPECT_TRUE(A.Warnings.empty());
}

TEST(TimeOrder, FilesAreCheckedEachOnItsOwn) {
  // Two files of one engine, the later-listed one earlier in time: each is
  // in order, so nothing is flagged; a wave going back inside the second is
  // named with that file and its own record number.
  fs::path Dir = fs::temp_directory_path() / ("sqtt-timeorder-" + std::to_string(getpid()));
  fs::create_directories(Dir);
  std::ofstream(Dir / "occupancy.json") << TwoWaves;
  auto Write = [&](const char *Name, const char *Records) {
    std::ofstream(Dir / Name) << "{\"type\":\"shaderdata\",\"records\":[" << Records << "]}";
  };
  std::ofstream(Dir / "filenames.json")
      << R"({"shaderdata_filenames":{"0":["shaderdata_0_1.json","shaderdata_0_0.json"]}})";
  Write("shaderdata_0_1.json", "[100,6,0,0,0,0],[150,1,0,0,0,0]");
  Write("shaderdata_0_0.json", "[10,6,0,0,0,0],[50,1,0,0,0,0]");
  Analysis A;
  AnalysisOptions Options;
  Options.Build.Profile = true;
  TraceAnalyzer Ordered(A.Resolver, A.Names, Options);
  JsonTraceSource First(Dir.string(), A.Warnings);
  EXPECT_EQ(Ordered.analyze(First, 0, A.Warnings).Counts.OutOfTimeOrder, 0u);
  EXPECT_TRUE(A.Warnings.empty());

  Write("shaderdata_0_0.json", "[10,6,0,0,0,0],[60,10,0,0,0,0],[50,1,0,0,0,0]");
  TraceAnalyzer Disordered(A.Resolver, A.Names, Options);
  JsonTraceSource Second(Dir.string(), A.Warnings);
  EXPECT_EQ(Disordered.analyze(Second, 0, A.Warnings).Counts.OutOfTimeOrder, 1u);
  ASSERT_EQ(A.Warnings.size(), 1u);
  EXPECT_EQ(A.Warnings[0], (Dir / "shaderdata_0_0.json").string() +
                               ": 1 record earlier than the record their wave slot wrote before them (first: "
                               "record 2, cu 0 simd 0 wave 0, time 50 after 60); they are paired in time "
                               "order, not as written");
  fs::remove_all(Dir);
}
