// ScopeStatsTest.cpp - per-scope statistics and D17 dispatch resolution in
// the library: nearest-rank percentiles, intervals and open scopes from the
// analysis of records in memory, merging trace directories, and a dispatch
// decoded only with its own code object's map.
#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/trace/ScopeStats.h"
#include "sqtt/trace/TraceAnalysis.h"
#include "sqtt/uitree/TreeReader.h"
#include "sqtt/writers/WaveLabel.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include "gtest/gtest.h"

using namespace sqtt;
namespace rtd = rocprof_trace_decoder::codeobj;

namespace {

Record rec(int64_t Time, uint32_t Value, uint8_t CU = 0) {
  Record R;
  R.Time = Time, R.Value = Value, R.CU = CU;
  return R;
}

const StatsRow *find(const std::vector<StatsRow> &Rows, const std::string &Scope) {
  for (const StatsRow &R : Rows)
    if (R.Scope == Scope)
      return &R;
  return nullptr;
}

} // namespace

TEST(ScopeStats, NearestRankPercentiles) {
  std::vector<uint64_t> V = {15, 20, 35, 40, 50};
  EXPECT_EQ(nearestRank(V, 30), 20u); // ceil(1.5) = 2nd
  EXPECT_EQ(nearestRank(V, 40), 20u); // ceil(2.0) = 2nd
  EXPECT_EQ(nearestRank(V, 50), 35u);
  EXPECT_EQ(nearestRank(V, 100), 50u);
  EXPECT_EQ(nearestRank({7}, 1), 7u);
  std::vector<uint64_t> Hundred;
  for (uint64_t I = 1; I <= 100; ++I)
    Hundred.push_back(I);
  EXPECT_EQ(nearestRank(Hundred, 99), 99u);
  EXPECT_EQ(nearestRank(Hundred, 90), 90u);
}

// One wave: f 10..60 with u 20..30 inside, u 70..75, then f opened at 80 and
// never closed; a second wave: u 5..45. Data marker 3 with payloads 7 and 9.
TEST(ScopeStats, IntervalsSelfTimeWavesAndOpenScopes) {
  NameTable Names;
  MarkerResolver Resolver(Names, false);
  Resolver.add(1, rtd::parse_funcmap("K:k\nF:1:f\nU:2:u\nP:3:d\nR:3:extra_payload_count=1\n"));
  Occupancy Occ = parseOccupancy(R"({"dispatches":{"1":"k"},"0":[[0,0,0,0,1,1],[0,1,0,0,1,1]]})", "occ");
  std::vector<TraceAnalyzer::EngineRecords> Engines = {
      {0,
       {rec(10, 6), rec(20, 10), rec(30, 1), rec(40, 12), rec(41, 7), rec(60, 1), rec(70, 10),
        rec(75, 1), rec(80, 6), rec(5, 10, 1), rec(45, 1, 1), rec(50, 12, 1), rec(51, 9, 1)}}};
  AnalysisOptions Options;
  Options.Build.Stats = true;
  TraceAnalyzer A(Resolver, Names, Options);
  std::vector<std::string> Warnings;
  DirResult R = A.analyzeRecords("dir", 0, Occ, Engines, Warnings);
  std::vector<StatsRow> Rows = R.Stats.rows(Names);
  ASSERT_EQ(Rows.size(), 3u);
  const StatsRow *F = find(Rows, "f"), *U = find(Rows, "u"), *D = find(Rows, "d");
  ASSERT_TRUE(F && U && D);
  EXPECT_EQ(F->Kernel, "k");
  EXPECT_EQ(F->Kind, StatKind::Function);
  EXPECT_EQ(F->Count, 1u);
  EXPECT_EQ(F->Total, 50u);
  EXPECT_EQ(F->Self, 40u); // 50 minus u's 10
  EXPECT_EQ(F->Open, 1u);
  EXPECT_EQ(F->Waves, 1u);
  EXPECT_EQ(U->Kind, StatKind::User);
  EXPECT_EQ(U->Count, 3u);
  EXPECT_EQ(U->Total, 10u + 5u + 40u);
  EXPECT_EQ(U->Min, 5u);
  EXPECT_EQ(U->Max, 40u);
  EXPECT_EQ(U->P50, 10u);
  EXPECT_EQ(U->Waves, 2u);
  EXPECT_EQ(U->Open, 0u);
  ASSERT_TRUE(U->SlowestWave);
  EXPECT_EQ(waveLabel(*U->SlowestWave), "SE0/CU1/SIMD0/W0#0");
  EXPECT_EQ(D->Kind, StatKind::Data);
  EXPECT_EQ(D->Count, 2u);
  EXPECT_EQ(D->Min, 7u);
  EXPECT_EQ(D->Max, 9u);
  EXPECT_DOUBLE_EQ(D->Mean, 8.0);
  EXPECT_EQ(Rows.back().Kind, StatKind::Data); // data rows after the scopes
  EXPECT_EQ(Rows.front().Scope, "u");          // sorted by total: 55 > 50

  // A second trace directory: its waves add up, the slowest wave moves.
  ScopeStats Both = R.Stats;
  ScopeStats Other;
  uint32_t K = Names.intern("k"), Scope = Names.intern("u");
  Other.interval(K, Scope, StatKind::User, 100, 100, 7, 1, WaveRef{slotKey(1, 0, 0, 0), 0},
                 Names.intern("dir2"));
  Both.merge(Other);
  const StatsRow *Merged = find(Both.rows(Names), "u");
  ASSERT_TRUE(Merged);
  EXPECT_EQ(Merged->Count, 4u);
  EXPECT_EQ(Merged->Waves, 3u);
  EXPECT_EQ(Merged->Max, 100u);
  EXPECT_EQ(Merged->SlowestWaveDir, "dir2");
  ASSERT_TRUE(Merged->SlowestWave);
  EXPECT_EQ(waveLabel(*Merged->SlowestWave), "SE1/CU0/SIMD0/W0#0");
}

TEST(MarkerResolver, UnnamedDispatchNames) {
  ASSERT_TRUE(parseUnnamedDispatch("7 / 0x1a00"));
  EXPECT_EQ(parseUnnamedDispatch("7 / 0x1a00")->CodeObject, 7u);
  EXPECT_EQ(parseUnnamedDispatch("7 / 0x1a00")->Vaddr, 0x1a00u);
  EXPECT_FALSE(parseUnnamedDispatch("0 / 0x0"));
  EXPECT_FALSE(parseUnnamedDispatch("kernel"));
  EXPECT_FALSE(parseUnnamedDispatch("7 / 1a00"));
  EXPECT_FALSE(parseUnnamedDispatch("99999999999999999999 / 0x1"));
}

// D17: a dispatch gets its own code object's map or none; records outside
// any dispatch get the trace's only map, or none when there are several.
TEST(MarkerResolver, DispatchUsesOnlyItsOwnMap) {
  NameTable Names;
  MarkerResolver Resolver(Names, false);
  Resolver.add(3, rtd::parse_funcmap("K:kern\nF:1:helper\n"));
  Resolver.addCodeObject(3, "co3.out", "gfx942", {});
  EXPECT_EQ(&Resolver.outsideDispatch(), Resolver.forCodeObject(3));
  Resolver.add(5, rtd::parse_funcmap("K:other\nU:1:wrong\n"));
  Resolver.addCodeObject(5, "co5.out", "gfx90a", {{0x1000, "_Z3fooe"}});
  EXPECT_EQ(Resolver.outsideDispatch().find(1), nullptr);

  DispatchTarget Named = Resolver.resolveDispatch("kern");
  ASSERT_TRUE(Named.CodeObject);
  EXPECT_EQ(*Named.CodeObject, 3u);
  EXPECT_EQ(Named.Map, Resolver.forCodeObject(3));
  EXPECT_TRUE(Named.Problem.empty());
  EXPECT_EQ(Resolver.rootFrame(3), "code_object_3 (gfx942)");

  DispatchTarget Unnamed = Resolver.resolveDispatch("5 / 0x1000");
  EXPECT_EQ(Unnamed.Kernel, "_Z3fooe");
  EXPECT_EQ(Unnamed.Map, Resolver.forCodeObject(5));

  DispatchTarget Missing = Resolver.resolveDispatch("9 / 0x10");
  EXPECT_EQ(*Missing.CodeObject, 9u);
  EXPECT_EQ(Missing.Kernel, "9 / 0x10");
  EXPECT_EQ(Missing.Map->find(1), nullptr);
  EXPECT_NE(Missing.Problem.find("code object 9 is missing"), std::string::npos);
  EXPECT_EQ(Resolver.rootFrame(9), "code_object_9");

  DispatchTarget Unknown = Resolver.resolveDispatch("mystery");
  EXPECT_FALSE(Unknown.CodeObject);
  EXPECT_EQ(Unknown.Map->find(1), nullptr); // never the union of the maps
  EXPECT_NE(Unknown.Problem.find("'mystery' is in no code object's funcmap"), std::string::npos);
}
