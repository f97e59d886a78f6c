//===- FuncMapTest.cpp - .sqtt_funcmap text --------------------------------===//

#include "SQTTFuncMap.h"
#include "SQTTLedger.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace llvm;
using namespace sqtt;

namespace {

std::string build(const MarkerLedger &L, const FuncMapLayout &Layout,
                  std::vector<std::string> *Warnings = nullptr) {
  return buildFuncMapText(L, Layout, [&](const Twine &W) {
    if (Warnings)
      Warnings->push_back(W.str());
  });
}

TEST(FuncMap, RowOrderFollowsTheSpecification) {
  MarkerLedger L;
  L.getOrAddNamedMarker(false, "outer", 0);          // 1
  L.addFunction("_Z4workv", "w.hip:7", 20);          // 2
  L.getOrAddNamedMarker(true, "data", 1);            // 3
  L.addFunction("_Z4aaaav", "", 20);                 // 4
  L.addKernel("kernel", "k.hip:30");
  L.addSystemPoint("barrier_signal");                // 5
  L.addAddressPoint("addr_trace_load", "k.hip:31 -> k.hip:40", 66); // 6
  L.addKernel("kernel2", "");
  // F rows are sorted by ID, so renumbering may reorder them.
  L.renumber([](const MarkerRecord &R) -> std::optional<uint32_t> { return R.ID == 2 ? 9 : R.ID; });

  FuncMapLayout Layout;
  Layout.ShaderClockBits = 12;
  Layout.ShaderClockShift = 4;
  Layout.AddrTraceWaveSize = 32;
  EXPECT_EQ(build(L, Layout),
            "M:shader_clock_bits=12;shader_clock_shift=4\n"
            "F:4:_Z4aaaav\n"
            "F:9:_Z4workv@w.hip:7\n"
            "K:kernel@k.hip:30\n"
            "K:kernel2\n"
            "U:1:outer\n"
            "P:3:data\n"
            "R:3:extra_payload_count=1\n"
            "P:5:barrier_signal\n"
            "W:32\n"
            "P:6:addr_trace_load@k.hip:31 -> k.hip:40\n"
            "R:6:extra_payload_count=66\n");
}

TEST(FuncMap, NoLayoutRowsWithoutPackingOrAddresses) {
  MarkerLedger L;
  L.addKernel("k", "");
  EXPECT_EQ(build(L, FuncMapLayout()), "K:k\n");
}

TEST(FuncMap, NamesThatWouldBreakARowAreSanitized) {
  MarkerLedger L;
  L.getOrAddNamedMarker(false, "two\nlines", 0);
  L.getOrAddNamedMarker(true, "user@home", 0);
  L.getOrAddNamedMarker(true, std::string("nul\0x", 5), 0);
  L.getOrAddNamedMarker(true, "plain:colon", 0);
  std::vector<std::string> Warnings;
  EXPECT_EQ(build(L, FuncMapLayout(), &Warnings),
            "U:1:two_lines\nP:2:user_home\nP:3:nul_x\nP:4:plain:colon\n");
  ASSERT_EQ(Warnings.size(), 3u);
  EXPECT_EQ(Warnings[0], "marker name 'two\\nlines' contains a character that "
                         "would break .sqtt_funcmap; written as 'two_lines'");
}

TEST(FuncMap, SanitizeKeepsAtInLocations) {
  std::string Loc = "a@b.hip:3";
  EXPECT_FALSE(sanitizeFuncMapField(Loc, /*AllowAt=*/true));
  EXPECT_TRUE(sanitizeFuncMapField(Loc, /*AllowAt=*/false));
  EXPECT_EQ(Loc, "a_b.hip:3");
}

} // namespace
