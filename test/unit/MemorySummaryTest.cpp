// MemorySummaryTest.cpp - coalescing and LDS bank-conflict figures on
// hand-made accesses with known answers, the summary rows built from them,
// the address store behind the memory tool, and the kernel, dispatch, code
// object and lanes of traces cut out by the analysis.
#include "HeatmapOf.h"
#include "sqtt/support/Error.h"
#include "sqtt/trace/AddressStore.h"
#include "sqtt/trace/MemorySummary.h"
#include "sqtt/trace/TraceAnalysis.h"
#include "sqtt/uitree/TreeReader.h"
#include "sqtt/writers/MemoryWriters.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include "gtest/gtest.h"

#include <algorithm>
#include <map>
#include <cstdlib>
#include <sstream>

using namespace sqtt;

namespace {

/// Lane L's address is Base + L * Stride, for lanes 0..Lanes-1.
std::vector<uint64_t> strided(uint64_t Base, uint64_t Stride, uint32_t Lanes) {
  std::vector<uint64_t> A;
  for (uint32_t L = 0; L < Lanes; ++L)
    A.push_back(Base + L * Stride);
  return A;
}

std::vector<uint32_t> firstLanes(uint32_t N) { return activeLanes(N == 64 ? ~0ull : (1ull << N) - 1, 64); }

AddressTrace trace(AddressKind Kind, uint32_t Marker, uint64_t Exec, unsigned WaveSize,
                   const std::vector<uint64_t> &All, uint32_t Kernel, uint32_t Source) {
  AddressTrace T;
  T.Kind = Kind;
  T.MarkerID = Marker;
  T.Exec = Exec;
  T.WaveSize = uint8_t(WaveSize);
  for (uint32_t L : activeLanes(Exec, WaveSize))
    T.Addresses.push_back(All[L]);
  T.Kernel = Kernel;
  T.SourceLoc = Source;
  T.CodeObject = 1;
  T.Dispatch = 7;
  return T;
}

} // namespace

TEST(MemoryCost, FullyCoalescedFourByteLoadIsOneLinePer32Lanes) {
  EXPECT_EQ(cacheLinesTouched(strided(0x1000, 4, 32), 4), 1u);
  EXPECT_EQ(cacheLinesTouched(strided(0x1000, 4, 64), 4), 2u);
  EXPECT_EQ(idealCacheLines(32, 4), 1u);
  EXPECT_EQ(idealCacheLines(64, 4), 2u);
  EXPECT_EQ(idealCacheLines(33, 4), 2u);
  EXPECT_EQ(idealCacheLines(0, 4), 0u);
  // Misaligned by one word: the 32 words straddle two lines.
  EXPECT_EQ(cacheLinesTouched(strided(0x1004, 4, 32), 4), 2u);
}

TEST(MemoryCost, WideAccessesAreMeasuredAgainstTheirWidth) {
  // A coalesced float4 load on wave64: 64 x 16 bytes = 8 lines, and 8 is
  // the ideal: efficiency 1, where "a 4-byte access" would call it 4x ideal.
  EXPECT_EQ(cacheLinesTouched(strided(0x1000, 16, 64), 16), 8u);
  EXPECT_EQ(idealCacheLines(64, 16), 8u);
  // An 8-byte access at 124 spans lines 0 and 1.
  EXPECT_EQ(cacheLinesTouched({124}, 8), 2u);
  EXPECT_EQ(cacheLinesTouched({120}, 8), 1u);
}

TEST(MemoryCost, Stride128LoadIsOneLinePerLane) {
  EXPECT_EQ(cacheLinesTouched(strided(0x7f0000000000, 128, 32), 4), 32u);
  EXPECT_EQ(cacheLinesTouched(strided(0x7f0000000000, 128, 64), 4), 64u);
  EXPECT_EQ(cacheLinesTouched(strided(0x7f0000000000, 0, 64), 4), 1u); // broadcast
}

TEST(MemoryCost, LdsConflictFreeAccess) {
  EXPECT_EQ(ldsBankConflicts(firstLanes(32), strided(0, 4, 32), 4, 32).Ways, 1u);
  // Wave64: two 32-lane sets, each conflict-free.
  LdsConflicts Two = ldsBankConflicts(firstLanes(64), strided(0, 4, 64), 4, 64);
  EXPECT_EQ(Two.Ways, 2u);
  EXPECT_EQ(Two.ExtraCycles, 0u);
  // What users read: the worst set's ways, 1 = no conflict (not the sum, 2).
  EXPECT_EQ(Two.WorstWays, 1u);
  // Every lane reading the same word is a broadcast, not a conflict.
  EXPECT_EQ(ldsBankConflicts(firstLanes(32), strided(0x40, 0, 32), 4, 32).Ways, 1u);
  // Only lanes 32..63 active: one set.
  std::vector<uint32_t> Upper = activeLanes(0xFFFFFFFF00000000ull, 64);
  EXPECT_EQ(ldsBankConflicts(Upper, strided(0, 4, 32), 4, 64).Ways, 1u);
}

TEST(MemoryCost, LdsTwoWayConflict) {
  // Stride 8 with 4-byte accesses: words 0, 2, ..., 62 -> each even bank
  // holds two words.
  LdsConflicts C = ldsBankConflicts(firstLanes(32), strided(0, 8, 32), 4, 32);
  EXPECT_EQ(C.Ways, 2u);
  EXPECT_EQ(C.ExtraCycles, 1u);
  // Two lanes only, words 0 and 32: the same bank.
  EXPECT_EQ(ldsBankConflicts({0, 1}, {0, 128}, 4, 64).Ways, 2u);
}

TEST(MemoryCost, Lds32WayConflict) {
  EXPECT_EQ(ldsBankConflicts(firstLanes(32), strided(0, 128, 32), 4, 32).Ways, 32u);
  LdsConflicts C = ldsBankConflicts(firstLanes(64), strided(0, 128, 64), 4, 64);
  EXPECT_EQ(C.Ways, 64u);
  EXPECT_EQ(C.ExtraCycles, 62u);
  EXPECT_EQ(C.WorstWays, 32u);
}

// One set conflicting, the other free: the worst set decides, not the mean.
TEST(MemoryCost, WorstLaneSetDecides) {
  std::vector<uint64_t> Addresses = strided(0, 4, 32);            // lanes 0-31: banks 0-31
  std::vector<uint64_t> Conflicting = strided(0x1000, 128, 32);   // lanes 32-63: bank 0
  Addresses.insert(Addresses.end(), Conflicting.begin(), Conflicting.end());
  LdsConflicts C = ldsBankConflicts(firstLanes(64), Addresses, 4, 64);
  EXPECT_EQ(C.Ways, 33u);
  EXPECT_EQ(C.ExtraCycles, 31u);
  EXPECT_EQ(C.WorstWays, 32u);
}

// Where Omniprobe's published lane sets and a naive count of 32-lane groups
// disagree: wide accesses, which the hardware serves in other lane phases.
TEST(MemoryCost, WideLdsAccessesAreServedInTheirLaneSets) {
  // ds_read_b64, lane L at 8 L, wave64: four sets of 16 lanes, each reading
  // dwords 32k..32k+31, one per bank: no conflict (4 ways, 0 extra). A naive
  // 32-lane count of the first dwords sees 2 in each even bank (2 extra).
  LdsConflicts B64 = ldsBankConflicts(firstLanes(64), strided(0, 8, 64), 8, 64);
  EXPECT_EQ(B64.Ways, 4u);
  EXPECT_EQ(B64.ExtraCycles, 0u);
  // ds_read_b128, lane L at 16 L, wave64: lanes {0-3, 20-23} read dwords
  // 0-15 and 80-95, banks 0-15 and 16-31: no conflict in any of the 8 sets
  // (the naive count: 4 dwords in every fourth bank, 6 extra).
  LdsConflicts B128 = ldsBankConflicts(firstLanes(64), strided(0, 16, 64), 16, 64);
  EXPECT_EQ(B128.Ways, 8u);
  EXPECT_EQ(B128.ExtraCycles, 0u);
  // The same b128 access with lanes 0-7 in order at 16 L: lanes 4-7 fall in
  // set {4-7, 16-19}, not with lanes 0-3; a stride of 128 bytes puts every
  // lane of a set in bank 0..3: lanes 0-3 and 20-23 all on banks 0-3, so 8
  // dwords in each of those banks.
  LdsConflicts Strided = ldsBankConflicts(firstLanes(64), strided(0, 128, 64), 16, 64);
  EXPECT_EQ(Strided.Ways, 8u * 8);
  EXPECT_EQ(Strided.ExtraCycles, 8u * 7);
  // Wave32 b128: four sets of 8 lanes in order; lane L at 16 L: conflict-free.
  EXPECT_EQ(ldsBankConflicts(firstLanes(32), strided(0, 16, 32), 16, 32).ExtraCycles, 0u);
  EXPECT_EQ(ldsLaneSets(16, 32).size(), 4u);
  EXPECT_EQ(ldsLaneSets(16, 64)[1], (std::vector<uint32_t>{4, 5, 6, 7, 16, 17, 18, 19}));
  EXPECT_EQ(ldsLaneSets(8, 64).size(), 4u);
}

TEST(MemoryCost, DistinctBytesCountOverlapsOnceAndNeverWrap) {
  EXPECT_EQ(distinctBytes(strided(0x1000, 4, 32), 4), 128u);
  EXPECT_EQ(distinctBytes(strided(0x1000, 0, 64), 4), 4u);   // broadcast
  EXPECT_EQ(distinctBytes(strided(0x1000, 2, 4), 4), 10u);   // overlapping
  EXPECT_EQ(distinctBytes({0x20, 0x0}, 16), 32u);            // any order
  // An address at the top of the space: its bytes stop at 2^64 - 1.
  EXPECT_EQ(distinctBytes({UINT64_MAX - 1}, 16), 2u);
  EXPECT_EQ(cacheLinesTouched({UINT64_MAX - 1}, 16), 1u);
}

TEST(MemoryCost, LdsAccessesWiderThan16BytesAreServedAs16) {
  // A 32-byte width (no single LDS instruction moves more than 16 a lane)
  // counts like ds_read_b128, in its sets, not a 64-dword span per lane.
  LdsConflicts Wide = ldsBankConflicts(firstLanes(64), strided(0, 16, 64), 32, 64);
  LdsConflicts B128 = ldsBankConflicts(firstLanes(64), strided(0, 16, 64), 16, 64);
  EXPECT_EQ(Wide.Ways, B128.Ways);
  EXPECT_EQ(Wide.ExtraCycles, B128.ExtraCycles);
}

TEST(MemorySummary, EfficiencyIsDistinctBytesOverLineBytes) {
  NameTable Names;
  uint32_t K = Names.intern("k"), Empty = Names.intern("");
  MemorySummary S(Names);
  // A float4 load, coalesced: 64 x 16 bytes in 8 lines, efficiency 1.
  AddressTrace Wide = trace(AddressKind::load, 1, ~0ull, 64, strided(0x1000, 16, 64), K, Empty);
  Wide.AccessBytes = 16;
  S.add(Wide);
  // A broadcast 4-byte load: one line, 4 distinct bytes: 4 / 128.
  AddressTrace Broadcast = trace(AddressKind::load, 2, ~0ull, 64, strided(0x9000, 0, 64), K, Empty);
  Broadcast.AccessBytes = 4;
  S.add(Broadcast);
  // The same load from a map without widths: 4 bytes assumed.
  AddressTrace Old = trace(AddressKind::load, 3, ~0ull, 64, strided(0x1000, 4, 64), K, Empty);
  S.add(Old);
  std::vector<MemorySummaryRow> Rows = S.rows();
  ASSERT_EQ(Rows.size(), 3u);
  std::map<uint32_t, const MemorySummaryRow *> ByMarker;
  for (const MemorySummaryRow &R : Rows)
    ByMarker[R.MarkerID] = &R;
  EXPECT_EQ(*ByMarker[1]->CacheLines, 8u);
  EXPECT_EQ(*ByMarker[1]->IdealLines, 8u);
  EXPECT_DOUBLE_EQ(*ByMarker[1]->efficiency(), 1.0);
  EXPECT_EQ(*ByMarker[2]->CacheLines, 1u);
  EXPECT_DOUBLE_EQ(*ByMarker[2]->efficiency(), 4.0 / 128);
  EXPECT_TRUE(ByMarker[3]->WidthAssumed);
  EXPECT_EQ(ByMarker[3]->AccessBytes, AssumedAccessBytes);
  EXPECT_EQ(*ByMarker[3]->CacheLines, 2u);
  EXPECT_DOUBLE_EQ(*ByMarker[3]->efficiency(), 1.0);
}

TEST(MemoryCost, LanesAreTheExecBitsOfTheWave) {
  EXPECT_EQ(activeLanes(0x5, 32), (std::vector<uint32_t>{0, 2}));
  EXPECT_EQ(activeLanes(0x8000000000000001ull, 64), (std::vector<uint32_t>{0, 63}));
  EXPECT_EQ(activeLanes(0x8000000000000001ull, 32), (std::vector<uint32_t>{0}));
}

TEST(MemorySummary, RowsPerOperationWithCostsStrideAndRange) {
  NameTable Names;
  uint32_t Empty = Names.intern(""), K = Names.intern("k"), Src = Names.intern("k.hip:3");
  MemorySummary S(Names);
  // Marker 6: a coalesced load, run twice (32 and 2 lanes).
  S.add(trace(AddressKind::load, 6, 0xFFFFFFFF, 32, strided(0x1000, 4, 32), K, Src));
  S.add(trace(AddressKind::load, 6, 0x3, 32, strided(0x1000, 4, 32), K, Src));
  // Marker 10: a stride-128 load, once: 32 lines, costlier than marker 6.
  S.add(trace(AddressKind::load, 10, 0xFFFFFFFF, 32, strided(0x8000, 128, 32), K, Empty));
  // Marker 2: a 2-way LDS conflict on wave64, twice.
  S.add(trace(AddressKind::lds_store, 2, ~0ull, 64, strided(0, 8, 64), K, Empty));
  S.add(trace(AddressKind::lds_store, 2, ~0ull, 64, strided(0, 8, 64), K, Empty));
  // Marker 9: a permute (lanes 0 and 2): no cost figures, so it sorts last.
  S.add(trace(AddressKind::ds_bpermute, 9, 0x5, 32, strided(0, 4, 32), K, Empty));
  std::vector<MemorySummaryRow> Rows = S.rows();
  ASSERT_EQ(Rows.size(), 4u);
  EXPECT_EQ(Rows[0].MarkerID, 10u);
  EXPECT_EQ(Rows[1].MarkerID, 2u);
  EXPECT_EQ(Rows[2].MarkerID, 6u);
  EXPECT_EQ(Rows[3].MarkerID, 9u);

  const MemorySummaryRow &Strided = Rows[0];
  EXPECT_EQ(*Strided.CacheLines, 32u);
  EXPECT_EQ(*Strided.linesVsIdeal(), 32.0);
  EXPECT_EQ(*Strided.DominantStride, 128);
  EXPECT_FALSE(Strided.ConflictWays);

  const MemorySummaryRow &Lds = Rows[1];
  EXPECT_EQ(Lds.Executions, 2u);
  EXPECT_EQ(Lds.ActiveLanes, 128u);
  EXPECT_EQ(Lds.UniqueAddresses, 64u);
  EXPECT_EQ(*Lds.ConflictWays, 8u); // 2 ways x 2 groups x 2 executions
  EXPECT_EQ(*Lds.conflictWaysPerExecution(), 4.0);
  EXPECT_FALSE(Lds.CacheLines);
  EXPECT_EQ(*Lds.MinAddress, 0u);
  EXPECT_EQ(*Lds.MaxAddress, 63u * 8);

  const MemorySummaryRow &Coalesced = Rows[2];
  EXPECT_EQ(Coalesced.Executions, 2u);
  EXPECT_EQ(Coalesced.ActiveLanes, 34u);
  EXPECT_EQ(Coalesced.UniqueAddresses, 32u);
  EXPECT_EQ(*Coalesced.CacheLines, 2u);
  EXPECT_EQ(*Coalesced.IdealLines, 2u);
  EXPECT_EQ(*Coalesced.linesPerExecution(), 1.0);
  EXPECT_EQ(*Coalesced.linesVsIdeal(), 1.0);
  EXPECT_EQ(*Coalesced.DominantStride, 4);
  EXPECT_EQ(Names.str(Coalesced.Source), "k.hip:3");

  // Lanes 0 and 2: not adjacent, so no stride.
  const MemorySummaryRow &Permute = Rows[3];
  EXPECT_FALSE(Permute.CacheLines);
  EXPECT_FALSE(Permute.ConflictWays);
  EXPECT_FALSE(Permute.DominantStride);
  EXPECT_EQ(Permute.cost(), 0u);

  EXPECT_EQ(S.Operations, 6u);
  EXPECT_EQ(S.PerKind.at("load"), 3u);
}

TEST(MemorySummary, DominantStrideTiesGoToTheSmallestMagnitude) {
  NameTable Names;
  uint32_t K = Names.intern("k");
  MemorySummary S(Names);
  // Lanes 0..3: steps -8, +8, +16, once each: the smallest magnitude wins,
  // and of -8 and +8 the positive one.
  S.add(trace(AddressKind::load, 1, 0xF, 32, {0x108, 0x100, 0x108, 0x118}, K, K));
  EXPECT_EQ(*S.rows()[0].DominantStride, 8);
}

TEST(MemorySummary, TextTableIsAlignedAndSaysHowToGetSourceLines) {
  NameTable Names;
  uint32_t Empty = Names.intern(""), K = Names.intern("kernel_with_a_long_name");
  MemorySummary S(Names);
  for (uint32_t M : {10u, 6u, 100u})
    S.add(trace(AddressKind::load, M, 0xFFFFFFFF, 32, strided(0x1000, 4, 32), K, Empty));
  std::vector<MemorySummaryRow> Rows = S.rows();
  std::ostringstream OS;
  writeMemorySummaryText(OS, S, Rows, Names);
  std::string Text = OS.str();
  // Equal cost: numeric marker order (6 before 10 before 100).
  size_t P6 = Text.find("kernel_with_a_long_name       6"),
         P10 = Text.find("kernel_with_a_long_name      10"),
         P100 = Text.find("kernel_with_a_long_name     100");
  ASSERT_NE(P6, std::string::npos) << Text;
  ASSERT_NE(P10, std::string::npos) << Text;
  ASSERT_NE(P100, std::string::npos) << Text;
  EXPECT_LT(P6, P10);
  EXPECT_LT(P10, P100);
  size_t Note = Text.find("note: code object 1 has no source locations");
  ASSERT_NE(Note, std::string::npos) << Text;
  EXPECT_NE(Text.find("-gline-tables-only"), std::string::npos);
  EXPECT_EQ(Text.find("note:", Note + 1), std::string::npos) << "said once";
}

TEST(AddressStore, KeepsEveryFieldAndSlotOrder) {
  AddressStore Store;
  AddressTrace A;
  A.Kind = AddressKind::buffer_load;
  A.MarkerID = 42;
  A.Time = -5;
  A.SE = 1, A.CU = 2, A.SIMD = 3, A.Wave = 4;
  A.Exec = 0x8000000000000001ull;
  A.Addresses = {1, 0xFFFFFFFFFFFFFFFFull};
  A.SourceLoc = 9;
  A.WaveSize = 64;
  A.Dispatch = 0;
  A.Kernel = 3;
  A.CodeObject = 12;
  AddressTrace B; // no dispatch, no code object, no addresses
  B.Kind = AddressKind::lds_load;
  AddressStore::Range R1 = Store.append({A, B});
  AddressStore::Range R2 = Store.append({B});
  EXPECT_EQ(Store.size(), 3u);
  EXPECT_EQ(R1.Count, 2u);
  std::vector<AddressTrace> Out;
  Store.read(R1, Out);
  ASSERT_EQ(Out.size(), 2u);
  EXPECT_EQ(Out[0].Kind, A.Kind);
  EXPECT_EQ(Out[0].MarkerID, 42u);
  EXPECT_EQ(Out[0].Time, -5);
  EXPECT_EQ(Out[0].Wave, 4);
  EXPECT_EQ(Out[0].Exec, A.Exec);
  EXPECT_EQ(Out[0].Addresses, A.Addresses);
  EXPECT_EQ(Out[0].SourceLoc, 9u);
  EXPECT_EQ(Out[0].WaveSize, 64);
  EXPECT_EQ(Out[0].Dispatch, std::optional<int64_t>(0));
  EXPECT_EQ(Out[0].Kernel, 3u);
  EXPECT_EQ(Out[0].CodeObject, std::optional<uint64_t>(12));
  EXPECT_FALSE(Out[1].Dispatch);
  EXPECT_FALSE(Out[1].CodeObject);
  EXPECT_TRUE(Out[1].Addresses.empty());
  Store.read(R2, Out);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Kind, AddressKind::lds_load);
}

TEST(AddressStore, UnusableTemporaryDirectoryIsOneClearError) {
  const char *Old = std::getenv("TMPDIR");
  std::string Saved = Old ? Old : "";
  setenv("TMPDIR", "/nonexistent-sqtt-dir", 1);
  AddressStore Store;
  try {
    Store.append(std::vector<AddressTrace>(1));
    ADD_FAILURE() << "no error";
  } catch (const Error &E) {
    EXPECT_NE(std::string(E.what()).find("/nonexistent-sqtt-dir/sqtt-addresses-"), std::string::npos)
        << E.what();
    EXPECT_NE(std::string(E.what()).find("for the address traces"), std::string::npos) << E.what();
  }
  if (Old)
    setenv("TMPDIR", Saved.c_str(), 1);
  else
    unsetenv("TMPDIR");
}

// The analysis ties each trace to its wave's dispatch, the kernel as named
// in occupancy.json, and the code object whose map decoded it.
TEST(MemoryTrace, TracesSayWhereTheyComeFrom) {
  NameTable Names;
  MarkerResolver Resolver(Names, true);
  Resolver.add(5, rocprof_trace_decoder::codeobj::parse_funcmap(
                      "K:_Z1kPi\nW:32\nP:3:addr_trace_lds_load@k.hip:7\nR:3:extra_payload_count=34\n"));
  Occupancy Occ = parseOccupancy(R"({"dispatches":{"4":"_Z1kPi"},"0":[[0,0,0,0,1,4]]})", "occ.json");
  std::vector<Record> Block;
  auto Rec = [](int64_t T, uint32_t V) {
    Record R;
    R.Time = T, R.Value = V;
    return R;
  };
  Block.push_back(Rec(10, 3 << 2));
  Block.push_back(Rec(10, 0x6)); // lanes 1 and 2
  Block.push_back(Rec(10, 0));
  for (uint32_t L = 0; L < 32; ++L)
    Block.push_back(Rec(10, L * 4));
  AnalysisOptions Options;
  Options.Build.Addresses = true;
  TraceAnalyzer A(Resolver, Names, Options);
  std::vector<std::string> Warnings;
  DirResult R = A.analyzeRecords("mem", 0, Occ, {{0, Block}}, Warnings);
  std::vector<AddressTrace> Got;
  forEachAddressTrace(R, [&](const AddressTrace &T) { Got.push_back(T); });
  ASSERT_EQ(Got.size(), 1u);
  EXPECT_EQ(Got[0].Dispatch, std::optional<int64_t>(4));
  EXPECT_EQ(Got[0].CodeObject, std::optional<uint64_t>(5));
  EXPECT_EQ(Names.str(Got[0].Kernel), "k(int*)"); // demangled: the resolver was asked to
  EXPECT_EQ(Got[0].Addresses, (std::vector<uint64_t>{4, 8}));
  std::ostringstream OS;
  MemoryTraceJsonWriter W(OS, Names);
  W.add(Got[0]);
  W.finish();
  EXPECT_NE(OS.str().find("\"lanes\": [1, 2]"), std::string::npos) << OS.str();
  EXPECT_NE(OS.str().find("\"kernel\": \"k(int*)\""), std::string::npos) << OS.str();
}

// The heatmap's cells by hand: 4 time bins over cycles 0..100, at most 2
// rows. Object a touches pages 1 and 3, object b page 0: three pages for two
// rows, so each object gets one row. Lanes: a at cycle 0 (two, page 1) and
// 100 (one, page 3), b at 50 (two, page 0): columns 0, 3 and 1.
TEST(MemoryHeatmap, CountsLaneAccessesByTimeBinAndPageRow) {
  NameTable Names;
  uint32_t K = Names.intern("k"), A = Names.intern("arg:0:a"), B = Names.intern("lds:b");
  auto At = [&](int64_t Time, uint32_t Base, std::vector<uint64_t> Addresses) {
    AddressTrace T;
    T.Kernel = K, T.Base = Base, T.Time = Time, T.Addresses = std::move(Addresses);
    return T;
  };
  std::vector<AddressTrace> Traces = {At(0, A, {0x1000, 0x1004}), At(50, B, {0x10, 0x20}), At(100, A, {0x3000})};
  MemoryHeatmap::Options O;
  O.Columns = 4, O.MaxRows = 2, O.PageBits = 12;
  MemoryHeatmap Map = heatmapOf(Traces, O);
  std::vector<const MemoryHeatmap::Panel *> Panels = Map.panels(Names);
  ASSERT_EQ(Panels.size(), 1u);
  const MemoryHeatmap::Panel &P = *Panels[0];
  EXPECT_EQ(P.Begin, 0);
  EXPECT_EQ(P.End, 100);
  ASSERT_EQ(P.Rows, 2u);
  ASSERT_EQ(P.Objects.size(), 2u);
  EXPECT_EQ(P.Objects[0].Base, A);
  EXPECT_EQ(P.Objects[0].Pages, 2u);
  EXPECT_EQ(P.Objects[0].Accesses, 3u);
  EXPECT_EQ(P.Objects[1].Base, B);
  EXPECT_EQ(P.Counts, (std::vector<uint32_t>{2, 0, 0, 1, 0, 2, 0, 0}));
  EXPECT_EQ(P.MaxCount, 2u);
  EXPECT_EQ(Map.Accesses, 5u);
  std::ostringstream OS;
  writeMemoryHeatmapSvg(OS, Map, Names);
  std::string Svg = OS.str();
  EXPECT_NE(Svg.find("arg:0:a (2 pages, 3 accesses)"), std::string::npos);
  // Three cells drawn: (0, 0) with 2 and (0, 3) with 1 of a, (1, 1) of b
  // (after the legend's swatches).
  size_t Cells = 0;
  for (size_t At = Svg.find("fill-opacity", Svg.find("class=\"panel\"")); At != std::string::npos;
       At = Svg.find("fill-opacity", At + 1))
    ++Cells;
  EXPECT_EQ(Cells, 3u);
}
