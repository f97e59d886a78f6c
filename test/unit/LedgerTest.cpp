//===- LedgerTest.cpp - Marker IDs and the Early->Late handoff ------------===//

#include "SQTTLedger.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace sqtt;

namespace {

TEST(Ledger, IDsStartAtOneAndAreShared) {
  MarkerLedger L;
  EXPECT_EQ(L.getOrAddNamedMarker(false, "load", 0), 1u);
  EXPECT_EQ(L.addFunction("_Z1fv", "f.hip:3", 12), 2u);
  EXPECT_EQ(L.addSystemPoint("barrier"), 3u);
  L.addKernel("k", "k.hip:9"); // Kernels take no ID.
  EXPECT_EQ(L.addAddressPoint("addr_trace_load", "k.hip:10", 66), 4u);
  EXPECT_EQ(L.nextID(), 5u);
}

// The ledger owns renumbering: dropped records are gone, kept ones carry
// their new IDs, named markers find their new IDs, and new IDs come after
// the largest one.
TEST(Ledger, RenumberDropsAndMovesRecordsAndTheirIndex) {
  MarkerLedger L;
  uint32_t Named = L.getOrAddNamedMarker(false, "scope", 0); // 1
  uint32_t Small = L.addFunction("_Z5smallv", "", 3);       // 2
  L.addFunction("_Z3bigv", "", 90);                         // 3
  L.addKernel("k", "k.hip:1");
  L.renumber([&](const MarkerRecord &R) -> std::optional<uint32_t> {
    if (R.ID == Small)
      return std::nullopt;
    return R.ID == Named ? 7u : 1u;
  });
  ASSERT_EQ(L.records().size(), 3u); // the kernel stays
  EXPECT_EQ(L.find(2), nullptr);
  EXPECT_EQ(L.find(1)->Name, "_Z3bigv");
  EXPECT_EQ(L.find(7)->Name, "scope");
  EXPECT_EQ(L.getOrAddNamedMarker(false, "scope", 0), 7u); // found, not re-added
  EXPECT_EQ(L.nextID(), 8u);
  L.setFunctionLocation(1, "big.hip:4");
  EXPECT_EQ(L.find(1)->SourceLoc, "big.hip:4");

  // A ledger of merged records: kernels get no ID, counters follow.
  std::vector<MarkerRecord> Rows(2);
  Rows[0].ID = 5, Rows[0].Kind = MarkerKind::User, Rows[0].Name = "u";
  Rows[1].ID = 9, Rows[1].Kind = MarkerKind::Kernel, Rows[1].Name = "k";
  MarkerLedger M = MarkerLedger::fromRecords(Rows);
  EXPECT_EQ(M.records()[1].ID, 0u);
  EXPECT_EQ(M.getOrAddNamedMarker(false, "u", 0), 5u);
  EXPECT_EQ(M.nextID(), 6u);
}

TEST(Ledger, NamedMarkersDeduplicatePerKind) {
  MarkerLedger L;
  uint32_t Enter = L.getOrAddNamedMarker(false, "x", 0);
  uint32_t Point = L.getOrAddNamedMarker(true, "x", 0);
  uint32_t Data = L.getOrAddNamedMarker(true, "x", 1);
  EXPECT_EQ(Enter, 1u);
  EXPECT_EQ(Point, 2u);
  EXPECT_EQ(Data, 3u);
  EXPECT_EQ(L.getOrAddNamedMarker(false, "x", 0), Enter);
  EXPECT_EQ(L.getOrAddNamedMarker(true, "x", 1), Data);
  EXPECT_EQ(L.records().size(), 3u);
  EXPECT_EQ(L.find(3)->ExtraPayloadCount, 1u);
}

TEST(Ledger, EarlyMetadataRoundTrip) {
  LLVMContext Ctx;
  Module M("m", Ctx);
  MarkerLedger Early;
  Early.getOrAddNamedMarker(false, "load_phase", 0);
  Early.addFunction("_Z6helperv", "k.hip:12", 17);
  Early.getOrAddNamedMarker(true, "value", 1);
  Early.writeEarlyMetadata(M);

  std::string IR;
  raw_string_ostream(IR) << M;
  EXPECT_NE(IR.find("!{i32 1, i32 2, !\"load_phase\", i32 0, !\"\", i32 0}"), std::string::npos) << IR;
  EXPECT_NE(IR.find("!{i32 2, i32 0, !\"_Z6helperv\", i32 17, !\"k.hip:12\", i32 0}"), std::string::npos) << IR;

  MarkerLedger Late = MarkerLedger::takeEarlyMetadata(M);
  EXPECT_EQ(M.getNamedMetadata("sqtt.markers.early"), nullptr);
  ASSERT_EQ(Late.records().size(), 3u);
  EXPECT_EQ(Late.records()[1].Name, "_Z6helperv");
  EXPECT_EQ(Late.records()[1].PreOptSize, 17u);
  EXPECT_EQ(Late.records()[1].SourceLoc, "k.hip:12");
  // A marker seen again in Late reuses its Early ID; new IDs follow.
  EXPECT_EQ(Late.getOrAddNamedMarker(false, "load_phase", 0), 1u);
  EXPECT_EQ(Late.getOrAddNamedMarker(true, "value", 1), 3u);
  EXPECT_EQ(Late.getOrAddNamedMarker(false, "fresh", 0), 4u);
}

TEST(Ledger, MalformedEarlyRowsAreSkipped) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(R"IR(
!sqtt.markers.early = !{!0, !1, !2, !3}
!0 = !{i32 1, i32 2, !"good", i32 0, !"", i32 0}
!1 = !{i32 2, i32 2, !"short"}
!2 = !{!"x", i32 2, !"wrong-types", i32 0, !"", i32 0}
!3 = !{i32 3, i32 4, !"system-kind-not-carried", i32 0, !"", i32 0}
)IR", Err, Ctx);
  ASSERT_TRUE(M) << Err.getMessage().str();
  MarkerLedger L = MarkerLedger::takeEarlyMetadata(*M);
  ASSERT_EQ(L.records().size(), 1u);
  EXPECT_EQ(L.records()[0].Name, "good");
  EXPECT_EQ(L.nextID(), 2u);
}

TEST(Ledger, LinkMetadataKeepsEveryRecord) {
  // What Late leaves on a unit's map global for the -fgpu-rdc link phase:
  // every kind, kernels included, round-trips.
  MarkerLedger L;
  L.getOrAddNamedMarker(false, "load", 0);
  L.addFunction("_Z1fv", "f.hip:3", 12);
  L.addKernel("k", "k.hip:9");
  L.addSystemPoint("barrier");
  L.addAddressPoint("addr_trace_load", "k.hip:10", 66);
  L.getOrAddNamedMarker(true, "value", 1);
  LLVMContext Ctx;
  MarkerLedger Back = MarkerLedger::fromMetadata(*L.toMetadata(Ctx));
  ASSERT_EQ(Back.records().size(), L.records().size());
  for (size_t I = 0; I < L.records().size(); ++I) {
    const MarkerRecord &A = L.records()[I], &B = Back.records()[I];
    EXPECT_EQ(A.ID, B.ID);
    EXPECT_EQ(A.Kind, B.Kind);
    EXPECT_EQ(A.Name, B.Name);
    EXPECT_EQ(A.SourceLoc, B.SourceLoc);
    EXPECT_EQ(A.PreOptSize, B.PreOptSize);
    EXPECT_EQ(A.ExtraPayloadCount, B.ExtraPayloadCount);
  }
  // The dedup index is rebuilt: the same named marker keeps its ID.
  EXPECT_EQ(Back.getOrAddNamedMarker(true, "value", 1), 5u);
  EXPECT_EQ(Back.nextID(), 6u);
}

} // namespace
