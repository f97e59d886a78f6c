// SvgWritersTest.cpp - the SVG writers stay well-formed XML whatever the
// names in a trace hold (markup characters, control bytes, bytes that are
// not UTF-8, multi-byte characters at a label's cut), and the memory
// heatmap's rows stay within their budget and bounded in memory.
#include "HeatmapOf.h"
#include "sqtt/trace/MemoryHeatmap.h"
#include "sqtt/writers/MemoryWriters.h"
#include "sqtt/writers/TraceWriters.h"

#include "gtest/gtest.h"

#include <sstream>

using namespace sqtt;

namespace {

/// Why \p Doc is not UTF-8 text XML 1.0 allows, or "" when it is.
std::string xmlTextProblem(const std::string &Doc) {
  for (size_t I = 0; I < Doc.size();) {
    unsigned char C = static_cast<unsigned char>(Doc[I]);
    if (C < 0x20 && C != '\t' && C != '\n' && C != '\r')
      return "control byte at " + std::to_string(I);
    size_t N = C < 0x80 ? 1 : (C >> 5) == 0x6 ? 2 : (C >> 4) == 0xE ? 3 : (C >> 3) == 0x1E ? 4 : 0;
    if (N == 0 || I + N > Doc.size())
      return "bad UTF-8 lead at " + std::to_string(I);
    for (size_t K = 1; K < N; ++K)
      if ((static_cast<unsigned char>(Doc[I + K]) & 0xC0) != 0x80)
        return "bad UTF-8 continuation at " + std::to_string(I + K);
    I += N;
  }
  return "";
}

// Markup, a control byte, a stray continuation byte and a truncated
// sequence, then a long run of two-byte characters (an odd cut would split
// one).
const std::string Hostile = "a<b>&\"c'\x01\x80 \xC3";
const std::string Accents = "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
                            "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9";

AddressTrace at(uint32_t Kernel, uint32_t Base, int64_t Time, std::vector<uint64_t> Addresses) {
  AddressTrace T;
  T.Kernel = Kernel, T.Base = Base, T.Time = Time, T.Addresses = std::move(Addresses);
  return T;
}

} // namespace

TEST(SvgWriters, FlamegraphOfHostileNamesIsWellFormed) {
  NameTable Names;
  FoldedStack S;
  S.Frames = {Names.intern(Hostile), Names.intern(Accents + "x")};
  S.Cycles = 100, S.Execs = 1;
  SvgOptions O;
  O.Width = 200; // narrow: the long name's label is cut
  O.Title = Hostile;
  std::ostringstream OS;
  writeFlamegraphSvg(OS, {S}, Names, O);
  std::string Svg = OS.str();
  EXPECT_EQ(xmlTextProblem(Svg), "");
  EXPECT_NE(Svg.find("a&lt;b&gt;&amp;&quot;c&apos;\xEF\xBF\xBD\xEF\xBF\xBD \xEF\xBF\xBD"), std::string::npos);
  EXPECT_EQ(Svg.find("<b>"), std::string::npos);
}

TEST(SvgWriters, HeatmapOfHostileNamesIsWellFormed) {
  NameTable Names;
  uint32_t K = Names.intern(Hostile), A = Names.intern("arg:0:" + Accents), B = Names.intern(Hostile + Accents);
  MemoryHeatmap::Options O;
  MemoryHeatmap Map = heatmapOf({at(K, A, 0, {0x1000}), at(K, B, 10, {0x9000})}, O);
  std::ostringstream OS;
  writeMemoryHeatmapSvg(OS, Map, Names);
  std::string Svg = OS.str();
  EXPECT_EQ(xmlTextProblem(Svg), "");
  EXPECT_NE(Svg.find("arg:0:" + Accents + " (1 page, 1 access)"), std::string::npos); // fits: whole
}

TEST(SvgWriters, HeatmapCutsLongLabelsOnCharactersWithTheFullNameAsTooltip) {
  NameTable Names;
  std::string Long = "lds:";
  for (int I = 0; I < 5; ++I)
    Long += Accents;
  uint32_t K = Names.intern("k"), A = Names.intern(Long);
  MemoryHeatmap::Options O;
  MemoryHeatmap Map = heatmapOf({at(K, A, 0, {0x1000})}, O);
  std::ostringstream OS;
  writeMemoryHeatmapSvg(OS, Map, Names);
  std::string Svg = OS.str();
  EXPECT_EQ(xmlTextProblem(Svg), "");
  EXPECT_NE(Svg.find("<title>" + Long + " (1 page, 1 access)</title>"), std::string::npos);
  // The name's 104 characters cut to the 45 the 64 leave beside the counts'
  // 19: its first 22 ("lds:" and 18 é), "…", its last 22.
  auto E = [](int N) {
    std::string S;
    for (int I = 0; I < N; ++I)
      S += "\xC3\xA9";
    return S;
  };
  EXPECT_NE(Svg.find(">lds:" + E(18) + "\xE2\x80\xA6" + E(22) + " (1 page, 1 access)</text>"), std::string::npos)
      << Svg;
}

TEST(MemoryHeatmap, RowsNeverPassTheBudget) {
  NameTable Names;
  uint32_t K = Names.intern("k");
  std::vector<AddressTrace> Traces;
  // Five objects of one page and one of 100 pages, 8 rows at most.
  for (uint32_t O = 0; O < 5; ++O)
    Traces.push_back(at(K, Names.intern("small" + std::to_string(O)), 0, {0x100000ull * (O + 1)}));
  std::vector<uint64_t> Big;
  for (uint64_t P = 0; P < 100; ++P)
    Big.push_back(0x10000000 + P * 4096);
  Traces.push_back(at(K, Names.intern("big"), 5, Big));
  MemoryHeatmap::Options O;
  O.MaxRows = 8;
  MemoryHeatmap Map = heatmapOf(Traces, O);
  const MemoryHeatmap::Panel &P = *Map.panels(Names)[0];
  EXPECT_LE(P.Rows, 8u);
  uint32_t Rows = 0;
  for (const MemoryHeatmap::ObjectRows &R : P.Objects) {
    EXPECT_GE(R.Rows, 1u);
    Rows += R.Rows;
  }
  EXPECT_EQ(Rows, P.Rows);
  EXPECT_EQ(Map.Accesses, 105u);
}

TEST(MemoryHeatmap, ObjectsWithTooManyPagesSplitTheirRangeEvenly) {
  NameTable Names;
  uint32_t K = Names.intern("k"), A = Names.intern("arg:0:a");
  // Pages 0..99 of 4 KiB, one access each, in scattered order; past 4
  // distinct pages the object goes coarse: 10 rows of 10 pages each.
  std::vector<uint64_t> Addresses;
  for (uint64_t P = 0; P < 100; ++P)
    Addresses.push_back(((P * 37) % 100) * 4096 + 8);
  MemoryHeatmap::Options O;
  O.Columns = 1, O.MaxRows = 10, O.CoarseAfterPages = 4;
  MemoryHeatmap Map = heatmapOf({at(K, A, 0, Addresses)}, O);
  const MemoryHeatmap::Panel &P = *Map.panels(Names)[0];
  ASSERT_EQ(P.Objects.size(), 1u);
  EXPECT_TRUE(P.Objects[0].Coarse);
  EXPECT_EQ(P.Objects[0].FirstPage, 0u);
  EXPECT_EQ(P.Objects[0].LastPage, 99u);
  ASSERT_EQ(P.Rows, 10u);
  EXPECT_EQ(P.Counts, std::vector<uint32_t>(10, 10));
  // An address range as wide as the address space does not overflow.
  MemoryHeatmap Wide = heatmapOf({at(K, A, 0, {0, 8192, 16384, 24576, 32768, UINT64_MAX})}, O);
  const MemoryHeatmap::Panel &W = *Wide.panels(Names)[0];
  EXPECT_EQ(W.Rows, 10u);
  EXPECT_EQ(W.Counts.front(), 5u);
  EXPECT_EQ(W.Counts.back(), 1u);
  EXPECT_EQ(Wide.Accesses, 6u);
}
