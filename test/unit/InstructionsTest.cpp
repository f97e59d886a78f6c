// InstructionsTest.cpp - the capture's wave files: reading them, and each
// instruction and timeline state counted for the scope open when it happened.
#include "sqtt/support/Error.h"
#include "sqtt/trace/InstructionStats.h"
#include "sqtt/uitree/TreeReader.h"
#include "sqtt/trace/TraceAnalysis.h"
#include "sqtt/trace/WaveInstructions.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include "gtest/gtest.h"

using namespace sqtt;

namespace {

// One wave file as rocprofv3 writes it (FORMATS §12): compact, keys sorted.
const char *const WaveFile =
    R"({"duration":300,"name":"SE0","num_insts":4,"num_stitched":4,"wave":{"begin":100,"cu":0,"end":400,)"
    R"("id":0,"instructions":[[150,6,1,10,1],[200,3,5,60,2],[250,5,0,20,3],[390,2,0,4,1]],"simd":0,)"
    R"("slot":0,"timeline":[[1,50],[2,150],[4,100]],"waitcnt":[]}})";

Record rec(int64_t Time, uint32_t Value) {
  Record R;
  R.Time = Time, R.Value = Value;
  return R;
}

} // namespace

TEST(WaveFiles, ParseTheRealShape) {
  WaveInstructions W = parseWaveFile(WaveFile, "se0_sm0_sl0_wv0.json", 0);
  EXPECT_EQ(W.Begin, 100);
  EXPECT_EQ(W.End, 400);
  ASSERT_EQ(W.Instructions.size(), 4u);
  EXPECT_EQ(W.Instructions[1].Time, 200);
  EXPECT_EQ(W.Instructions[1].Category, 3);
  EXPECT_EQ(W.Instructions[1].Stall, 5u);
  EXPECT_EQ(W.Instructions[1].Duration, 60u);
  EXPECT_EQ(W.Instructions[1].Line, 2u);
  ASSERT_EQ(W.States.size(), 3u);
  EXPECT_EQ(W.States[2].Begin, 300); // 100 + 50 + 150
  EXPECT_EQ(W.States[2].State, 4);
  EXPECT_STREQ(instCategoryName(3), "VMEM");
  EXPECT_STREQ(instCategoryName(99), "OTHER");
}

TEST(WaveFiles, MalformedFilesNameThemselvesAndTheRow) {
  for (const char *Bad : {R"({"wave":{"cu":0}})", R"({"wave":{"begin":0,"cu":0,"end":1,"id":0,"simd":0,)"
                                                   R"("slot":0,"instructions":[[1,2,3]]}})",
                          R"({"wave":{"begin":0,"cu":0,"end":1,"id":0,"simd":0,"slot":0,)"
                          R"("instructions":[[1,2,-3,4,5]]}})",
                          "[1,"}) {
    try {
      parseWaveFile(Bad, "wv.json", 0);
      ADD_FAILURE() << "no error for " << Bad;
    } catch (const Error &E) {
      EXPECT_NE(std::string(E.what()).find("wv.json: malformed JSON"), std::string::npos) << E.what();
    }
  }
}

TEST(WaveFiles, CodeListingIsByLineNumber) {
  std::vector<CodeLine> L = parseCodeListing(
      R"({"code":[["; k",0,0,"",1,4096,0,0,0,0],["s_nop 0",0,1,"k.hip:3",1,4100,1,4,0,0]],"header":"","version":"1"})",
      "code.json");
  ASSERT_EQ(L.size(), 2u);
  EXPECT_EQ(L[1].Isa, "s_nop 0");
  EXPECT_EQ(L[1].Source, "k.hip:3");
  EXPECT_EQ(L[1].Vaddr, 4100u);
}

// Scope f 150-300 with u 200-250 inside. Instructions: 150 VALU (f: at the
// entry), 200 VMEM (u), 250 LDS (f: u left at 250), 390 SALU (no scope).
// States: IDLE 100-150 (no scope), EXEC 150-300 (f 50 + 50, u 50), STALL
// 300-400 (no scope).
TEST(InstructionStats, EachInstructionAndStateCountsForTheInnermostScope) {
  NameTable Names;
  MarkerResolver Resolver(Names, false);
  Resolver.add(1, rocprof_trace_decoder::codeobj::parse_funcmap("K:k\nF:1:f\nU:2:u\n"));
  AnalysisOptions Options;
  Options.Build.Instructions = true;
  TraceAnalyzer A(Resolver, Names, Options);
  Occupancy Occ = parseOccupancy(R"({"dispatches":{"1":"k"},"0":[[100,0,0,0,1,1],[400,0,0,0,0,1]]})", "occ");
  InstructionCapture Capture;
  Capture.Waves.push_back(parseWaveFile(WaveFile, "wv", 0));
  Capture.index();
  std::vector<std::string> Warnings;
  DirResult R = A.analyzeRecords("dir", 0, Occ, {{0, {rec(150, 6), rec(200, 10), rec(250, 1), rec(300, 1)}}},
                                 Warnings, std::nullopt, &Capture);
  EXPECT_EQ(R.Instructions.JoinedWaves, 1u);
  std::vector<InstructionRow> Rows = R.Instructions.rows(Names, 5);
  ASSERT_EQ(Rows.size(), 3u);
  // By cycles: u (60), f (30), (no scope) (4).
  EXPECT_EQ(Rows[0].Scope, "u");
  EXPECT_EQ(Rows[0].Total.Count, 1u);
  EXPECT_EQ(Rows[0].Total.Cycles, 60u);
  EXPECT_EQ(Rows[0].Total.Stall, 5u);
  EXPECT_EQ(Rows[0].ByCategory[3].Cycles, 60u);
  EXPECT_EQ(Rows[0].StateCycles[2], 50u);
  EXPECT_EQ(Rows[1].Scope, "f");
  EXPECT_EQ(Rows[1].Total.Count, 2u);
  EXPECT_EQ(Rows[1].Total.Cycles, 30u);
  EXPECT_EQ(Rows[1].StateCycles[2], 100u);
  EXPECT_EQ(Rows[1].StateCycles[4], 0u);
  EXPECT_EQ(Rows[2].Scope, "(no scope)");
  EXPECT_EQ(Rows[2].Kind, StatKind::Kernel);
  EXPECT_EQ(Rows[2].Kernel, "k");
  EXPECT_EQ(Rows[2].Total.Count, 1u);
  EXPECT_EQ(Rows[2].StateCycles[1], 50u);
  EXPECT_EQ(Rows[2].StateCycles[4], 100u);
  // Without code.json the lines are named by number.
  EXPECT_EQ(Rows[0].TopIsa.at(0).Isa, "line 2");
}

TEST(InstructionStats, TimeWindowKeepsInstructionsAndStatePartsInside) {
  InstructionCapture Capture;
  Capture.Waves.push_back(parseWaveFile(WaveFile, "wv", 0));
  RecordFilter Filter;
  Filter.TimeBegin = 200, Filter.TimeEnd = 320;
  restrictCapture(Capture, Filter);
  ASSERT_EQ(Capture.Waves.size(), 1u);
  ASSERT_EQ(Capture.Waves[0].Instructions.size(), 2u); // 200 and 250
  ASSERT_EQ(Capture.Waves[0].States.size(), 2u);       // EXEC 200-300, STALL 300-320
  EXPECT_EQ(Capture.Waves[0].States[0].Duration, 100u);
  EXPECT_EQ(Capture.Waves[0].States[1].Duration, 20u);
  Filter = {};
  Filter.SE = 1;
  restrictCapture(Capture, Filter);
  EXPECT_TRUE(Capture.Waves.empty());
  EXPECT_EQ(Capture.waveAt(slotKey(0, 0, 0, 0), 250), nullptr);
}

TEST(WaveFiles, LineNumbersFarBeyondTheRowsAreMalformed) {
  try {
    parseCodeListing(R"({"code":[["s_nop 0",0,4000000000,"",1,0,0,0,0,0]]})", "code.json");
    ADD_FAILURE() << "no error";
  } catch (const Error &E) {
    EXPECT_NE(std::string(E.what()).find("line number 4000000000, beyond the 1 rows"), std::string::npos) << E.what();
  }
  EXPECT_THROW(parseWaveFile(R"({"wave":{"begin":0,"cu":0,"end":1,"id":0,"simd":0,"slot":0,)"
                             R"("instructions":[],"timeline":{}}})",
                             "wv.json", 0),
               Error);
}

// A wave file that begins a cycle after its occupancy launch is still the
// wave's (found by the wave's first header), and a line number no listing
// has is named by number.
TEST(InstructionStats, WaveFileBeginningAfterTheLaunchIsJoined) {
  NameTable Names;
  MarkerResolver Resolver(Names, false);
  Resolver.add(1, rocprof_trace_decoder::codeobj::parse_funcmap("K:k\nF:1:f\n"));
  AnalysisOptions Options;
  Options.Build.Instructions = true;
  TraceAnalyzer A(Resolver, Names, Options);
  Occupancy Occ = parseOccupancy(R"({"dispatches":{"1":"k"},"0":[[99,0,0,0,1,1],[400,0,0,0,0,1]]})", "occ");
  InstructionCapture Capture;
  Capture.Waves.push_back(parseWaveFile(
      R"({"wave":{"begin":100,"cu":0,"end":400,"id":0,"simd":0,"slot":0,"instructions":[[200,6,0,5,4000000000]]}})",
      "wv", 0));
  Capture.index();
  std::vector<std::string> Warnings;
  DirResult R = A.analyzeRecords("dir", 0, Occ, {{0, {rec(150, 6), rec(300, 1)}}}, Warnings, std::nullopt, &Capture);
  EXPECT_EQ(R.Instructions.JoinedWaves, 1u);
  EXPECT_EQ(R.Instructions.UnmarkedWaves, 0u);
  std::vector<InstructionRow> Rows = R.Instructions.rows(Names, 5);
  ASSERT_EQ(Rows.size(), 1u);
  EXPECT_EQ(Rows[0].Scope, "f");
  EXPECT_EQ(Rows[0].TopIsa.at(0).Isa, "line 4000000000");
}
