// CompletenessReportTest.cpp - the report of sqtt-verify --trace (D31) as
// its JSON writer writes it and --complete-only reads it back: the contract
// between the two, and the errors for files that are not reports.
#include "sqtt/completeness/TraceCompleteness.h"
#include "sqtt/support/Error.h"
#include "sqtt/writers/CompletenessWriters.h"
#include "sqtt/trace/WaveExclusions.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

using namespace sqtt;
using namespace sqtt::completeness;

namespace {

/// A wave of directory \p Dir (an index of the report's Dirs) of kernel "k".
WaveVerdict wave(uint32_t Dir, uint32_t CU, int64_t Begin, bool Complete) {
  WaveVerdict W;
  W.Dir = Dir;
  W.SE = 1, W.CU = CU, W.SIMD = 2, W.Slot = 3;
  W.Begin = Begin;
  W.Dispatch = 7;
  W.Kernel = 0;
  W.Records = 5;
  W.Complete = Complete;
  if (!Complete) {
    W.GapTime = Begin + 10;
    W.GapIndex = 2;
    W.Expected = "enter 'a' (0x6)";
    W.Got = "0x\"quoted\"";
    W.Cause = GapCause::Loss;
  }
  return W;
}

std::string writeTemp(const std::string &Text) {
  std::string Path = ::testing::TempDir() + "report-" + std::to_string(std::rand()) + ".json";
  std::ofstream(Path) << Text;
  return Path;
}

std::string errorOf(const std::string &Text) {
  try {
    WaveExclusions::fromReport(writeTemp(Text));
  } catch (const Error &E) {
    return E.what();
  }
  return "";
}

} // namespace

TEST(CompletenessReport, WhatTheWriterWritesTheToolsReadBack) {
  CompletenessReport R;
  R.Dirs = {"out/ui_a", "out/ui_b"};
  R.Kernels = {"k"};
  for (WaveVerdict W : {wave(0, 0, 100, true), wave(0, 1, 200, false), wave(1, 0, 300, false)}) {
    R.ByKernel[R.kernelOf(W)].add(W);
    R.Total.add(W);
    R.Waves.push_back(W);
  }
  std::ostringstream OS;
  writeCompletenessJson(OS, R);
  const std::string Json = OS.str();
  EXPECT_NE(Json.find("\"status\": \"incomplete\", \"gap_time\": 210, \"gap_index\": 2"), std::string::npos) << Json;
  EXPECT_NE(Json.find("\"got\": \"0x\\\"quoted\\\"\""), std::string::npos) << Json;
  EXPECT_NE(Json.find("\"summary\": {\"waves\": 3, \"complete\": 1, \"complete_percent\": 33.333, "
                      "\"first_gap_time\": 210"),
            std::string::npos)
      << Json;

  WaveExclusions X = WaveExclusions::fromReport(writeTemp(Json));
  EXPECT_EQ(X.Checked, 3u);
  EXPECT_EQ(X.Incomplete, 2u);
  const std::set<WaveLaunch> *A = X.forDir("out/ui_a");
  ASSERT_NE(A, nullptr);
  EXPECT_TRUE(WaveExclusions::excludes(A, slotKey(1, 1, 2, 3), 200));
  EXPECT_FALSE(WaveExclusions::excludes(A, slotKey(1, 0, 2, 3), 100)); // complete
  EXPECT_FALSE(WaveExclusions::excludes(A, slotKey(1, 1, 2, 3), 201)); // another launch
  // Another working directory: the same directory by its name.
  EXPECT_EQ(X.forDir("/elsewhere/ui_b/"), X.forDir("out/ui_b"));
  EXPECT_EQ(X.forDir("ui_c"), nullptr);
}

TEST(CompletenessReport, TwoDirectoriesOfOneNameAreNotGuessedBetween) {
  std::string Json = R"({"waves": [)"
                     R"({"dir": "run1/ui_x", "se": 0, "cu": 0, "simd": 0, "slot": 0, "begin": 5, "status": "incomplete"},)"
                     R"({"dir": "run2/ui_x", "se": 0, "cu": 0, "simd": 0, "slot": 0, "begin": 5, "status": "complete"}]})";
  WaveExclusions X = WaveExclusions::fromReport(writeTemp(Json));
  EXPECT_NE(X.forDir("run1/ui_x"), nullptr);
  EXPECT_EQ(X.forDir("run3/ui_x"), nullptr);
}

TEST(CompletenessReport, FilesThatAreNotReportsAreRefused) {
  EXPECT_NE(errorOf(R"({"records": []})").find("not a report of sqtt-verify --trace (no \"waves\" list)"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"waves": [{"dir": "d", "se": 0}]})").find("wave 0 lacks one of dir, status"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"waves": [{"dir": "d", "se": 0, "cu": 300, "simd": 0, "slot": 0, "begin": 1, )"
                    R"("status": "complete"}]})")
                .find("wave 0 has an id beyond 255"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"waves": [{"dir": "d", "se": 0, "cu": 0, "simd": 0, "slot": 0, "begin": 1, )"
                    R"("status": "lost"}]})")
                .find("has the status 'lost' (complete or incomplete)"),
            std::string::npos);
  EXPECT_NE(errorOf("{\"waves\": [").find("malformed JSON"), std::string::npos);
}
