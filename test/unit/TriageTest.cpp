// TriageTest.cpp - sqtt-triage's verdict from measurements made by hand
// (D36): the kinds table is closed and in the enum's order; a source
// location's line; each scope's per-wave cycles; a straggler's gain is the
// dispatch's end without its excess, and the tail and occupancy it causes
// are its evidence; uniform waves give nothing above info; an incomplete
// trace is first whatever its gain; the JSON is the sqtt-triage/1 contract.
#include "sqtt/triage/Triage.h"
#include "sqtt/writers/TriageWriters.h"

#include <nlohmann/json.hpp>

#include "gtest/gtest.h"

#include <set>
#include <sstream>

using namespace sqtt;
using namespace sqtt::triage;

namespace {

/// Ten waves of kernel "k" in one dispatch, launched at 0: scope "work"
/// from 100 for Work[i] cycles, each wave ending 100 cycles after it.
struct Capture {
  NameTable Names;
  Measurements M{Names};
  explicit Capture(const std::vector<uint64_t> &Work) {
    uint32_t Dir = Names.intern("dir"), Kernel = Names.intern("k"), Scope = Names.intern("work");
    ScopeStats Stats;
    DirResult R;
    R.Dir = "dir";
    for (uint32_t I = 0; I < Work.size(); ++I) {
      WaveRef W{slotKey(0, I, 0, 0), 0};
      Stats.interval(Kernel, Scope, StatKind::User, Work[I], Work[I], 2, I + 1, W, Dir);
      WaveTime T;
      T.Kernel = Kernel, T.Dir = Dir, T.Dispatch = 1, T.Wave = W, T.Launch = 0, T.End = int64_t(200 + Work[I]);
      T.Scoped = Work[I], T.Traced = true;
      R.WaveTimes.push_back(T);
    }
    R.Stats = Stats;
    R.KernelIds = {1};
    R.Counts.Headers = R.Counts.RecordsRead = 2 * Work.size();
    M.consume(R);
    M.finish();
  }
  TriageReport verdict() { return triage::triage(M, nullptr, TriageOptions{"trace", "", {}, {}, std::nullopt, false}); }
};

std::vector<uint64_t> uniform() {
  std::vector<uint64_t> W;
  for (uint64_t I = 0; I < 10; ++I)
    W.push_back(1000 + 10 * I);
  return W;
}

} // namespace

TEST(Triage, KindTableIsClosedAndInOrder) {
  std::set<std::string> Names;
  for (size_t I = 0; I < kindTable().size(); ++I) {
    EXPECT_EQ(size_t(kindTable()[I].K), I);
    EXPECT_TRUE(Names.insert(kindTable()[I].Name).second) << kindTable()[I].Name;
  }
  EXPECT_EQ(kindTable().size(), size_t(Kind::HotScope) + 1);
  EXPECT_STREQ(kindName(Kind::IncompleteTrace), "incomplete-trace");
  EXPECT_EQ(kindInfo(Kind::IncompleteTrace).Usual, Severity::Error);
  EXPECT_EQ(kindInfo(Kind::HotScope).Usual, Severity::Info);
}

TEST(Triage, SourceLineOfALocation) {
  EXPECT_EQ(sourceLine("k.hip:59"), "k.hip:59");
  EXPECT_EQ(sourceLine("k.hip:59:7"), "k.hip:59");
  EXPECT_EQ(sourceLine("hip_runtime.h:264 -> kernel.hip:59"), "kernel.hip:59");
  EXPECT_EQ(sourceLine("C:/x/k.hip:3:1"), "C:/x/k.hip:3");
  EXPECT_EQ(sourceLine(""), std::nullopt);
}

TEST(Triage, ScopeStatsKeepEachWavesCycles) {
  NameTable Names;
  ScopeStats A, B;
  uint32_t K = Names.intern("k"), S = Names.intern("s"), D = Names.intern("d");
  A.interval(K, S, StatKind::User, 100, 100, 2, 1, {slotKey(0, 0, 0, 0), 0}, D);
  A.interval(K, S, StatKind::User, 50, 50, 2, 1, {slotKey(0, 0, 0, 0), 0}, D); // the same wave again
  B.interval(K, S, StatKind::User, 70, 70, 2, 1, {slotKey(0, 1, 0, 0), 0}, D);
  A.merge(B);
  std::vector<ScopeStats::ScopeWaves> W = A.perWave(Names);
  ASSERT_EQ(W.size(), 1u);
  ASSERT_EQ(W[0].Waves.size(), 2u);
  EXPECT_EQ(W[0].Waves[0].Cycles, 150u);
  EXPECT_EQ(W[0].Waves[1].Cycles, 70u);
  EXPECT_EQ(W[0].Scope, "s");
}

TEST(Triage, AStragglersGainIsTheDispatchsEndWithoutItsExcess) {
  std::vector<uint64_t> Work = uniform();
  Work[9] = 20000; // 20x the rest
  Capture C(Work);
  TriageReport R = C.verdict();
  ASSERT_FALSE(R.Findings.empty());
  const Finding &F = R.Findings.front();
  EXPECT_EQ(F.K, Kind::StragglerWaves);
  EXPECT_EQ(F.Rank, 1u);
  EXPECT_EQ(F.Scope, "k;work");
  ASSERT_EQ(F.Waves.size(), 1u);
  EXPECT_EQ(F.Waves[0], (WaveId{0, 9, 0, 0}));
  // Ends at 20200; the others' last end is 200 + 1080; the median (1045)
  // would end it at 1245, before that: 20200 - 1280.
  EXPECT_DOUBLE_EQ(F.GainCycles, 18920);
  EXPECT_EQ(F.Sev, Severity::Warning);
  std::set<std::string> Absorbed(F.Absorbed.begin(), F.Absorbed.end());
  EXPECT_TRUE(Absorbed.count("tail"));
  EXPECT_TRUE(Absorbed.count("low-occupancy"));
  for (const Finding &G : R.Findings)
    EXPECT_NE(G.K, Kind::Tail);
}

TEST(Triage, UniformWavesGiveNothingAboveInfo) {
  Capture C(uniform());
  for (const Finding &F : C.verdict().Findings)
    EXPECT_EQ(F.Sev, Severity::Info) << kindName(F.K);
}

TEST(Triage, AnIncompleteTraceIsFirst) {
  std::vector<uint64_t> Work = uniform();
  Work[9] = 20000;
  Capture C(Work);
  completeness::CompletenessReport Report;
  Report.Dirs = {"dir"};
  Report.Kernels = {"k"};
  completeness::WaveVerdict Lost;
  Lost.Dir = 0, Lost.CU = 3, Lost.Kernel = 0, Lost.Dispatch = 1, Lost.Complete = false, Lost.Records = 4;
  Lost.Cause = completeness::GapCause::Loss;
  completeness::WaveVerdict Whole = Lost;
  Whole.CU = 4, Whole.Complete = true, Whole.Records = 10;
  Report.Waves = {Lost, Whole};
  Report.Total.add(Lost);
  Report.Total.add(Whole);
  C.M.Completeness = Report;
  TriageReport R = C.verdict();
  ASSERT_GE(R.Findings.size(), 2u);
  EXPECT_EQ(R.Findings[0].K, Kind::IncompleteTrace);
  EXPECT_EQ(R.Findings[0].Sev, Severity::Error);
  EXPECT_EQ(std::get<int64_t>(*R.Findings[0].fact("incomplete_waves")), 1);
  // Its buffer: the complete wave's 10 records for the incomplete one too.
  EXPECT_EQ(std::get<int64_t>(*R.Findings[0].fact("buffer_bytes_needed")), 20 * 8);
  EXPECT_EQ(R.Findings[1].K, Kind::StragglerWaves);
  bool Said = false;
  for (const TrustLine &T : R.Trust)
    Said |= T.Topic == "completeness" && T.Doubtful && T.Text.rfind("1 of 2 waves complete", 0) == 0;
  EXPECT_TRUE(Said);
}

TEST(Triage, JsonIsTheContract) {
  std::vector<uint64_t> Work = uniform();
  Work[9] = 20000;
  Capture C(Work);
  std::ostringstream OS;
  writeTriageJson(OS, C.verdict());
  nlohmann::json J = nlohmann::json::parse(OS.str());
  EXPECT_EQ(J["schema"], "sqtt-triage/1");
  EXPECT_TRUE(J["baseline"].is_null());
  ASSERT_TRUE(J["findings"].is_array());
  const nlohmann::json &F = J["findings"][0];
  for (const char *Key : {"rank", "kind", "severity", "kernel", "dispatch", "scope", "source", "waves", "gain_cycles",
                          "gain_percent", "confidence", "evidence", "action", "verify"})
    EXPECT_TRUE(F.contains(Key)) << Key;
  EXPECT_EQ(F["rank"], 1);
  EXPECT_EQ(F["kind"], "straggler-waves");
  EXPECT_EQ(F["waves"][0], nlohmann::json::array({0, 9, 0, 0}));
  EXPECT_TRUE(F["source"].is_null());
  EXPECT_EQ(F["evidence"]["stragglers"], 1);
  EXPECT_TRUE(F["evidence"]["confidence_reason"].is_string());
}
