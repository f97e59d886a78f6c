// DifferentialStacksTest.cpp - --baseline pairs stacks by kernel and scope
// path whatever the code-object frames say (rocprofv3's load-order IDs, the
// build's target), or by every frame when asked.
#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/writers/TraceWriters.h"

#include "gtest/gtest.h"

#include <sstream>

using namespace sqtt;

namespace {

FoldedStack stack(NameTable &Names, const std::string &Folded, uint64_t Cycles) {
  FoldedStack S;
  std::stringstream In(Folded);
  for (std::string Frame; std::getline(In, Frame, ';');)
    S.Frames.push_back(Names.intern(Frame));
  S.Cycles = Cycles;
  return S;
}

std::string diffFolded(const DifferentialProfile &P, const NameTable &Names) {
  std::ostringstream OS;
  writeDiffFolded(OS, P.Stacks, Names);
  return OS.str();
}

} // namespace

TEST(DifferentialStacks, RootFramesAreKnownBySpelling) {
  EXPECT_TRUE(MarkerResolver::isRootFrame("code_object_3"));
  EXPECT_TRUE(MarkerResolver::isRootFrame("code_object_3 (gfx942)"));
  EXPECT_TRUE(MarkerResolver::isRootFrame("code_object_12 (gfx1100, pid 77)"));
  EXPECT_FALSE(MarkerResolver::isRootFrame("code_object_"));
  EXPECT_FALSE(MarkerResolver::isRootFrame("code_object_3x"));
  EXPECT_FALSE(MarkerResolver::isRootFrame("_Z6kernelPfi"));
}

TEST(DifferentialStacks, KernelAndScopePathPairAcrossCodeObjectsAndTargets) {
  NameTable Names, BaseNames;
  std::vector<FoldedStack> After = {stack(Names, "code_object_2 (gfx1100);k;A", 110),
                                    stack(Names, "code_object_2 (gfx1100);k;A;B", 50),
                                    stack(Names, "code_object_2 (gfx1100);k;C", 40),
                                    stack(Names, "code_object_2 (gfx1100);k;E", 5)};
  std::vector<FoldedStack> Before = {stack(BaseNames, "code_object_1 (gfx942);k;A", 110),
                                     stack(BaseNames, "code_object_1 (gfx942);k;A;B", 20),
                                     stack(BaseNames, "code_object_1 (gfx942);k;C", 70),
                                     stack(BaseNames, "code_object_1 (gfx942);k;D", 25)};
  DifferentialProfile P = differentialStacks(After, Before, BaseNames, Names);
  EXPECT_EQ(diffFolded(P, Names), "code_object_2 (gfx1100);k;A 110 110\n"
                                  "code_object_2 (gfx1100);k;A;B 20 50\n"
                                  "code_object_2 (gfx1100);k;C 70 40\n"
                                  "code_object_2 (gfx1100);k;E 0 5\n"
                                  "code_object_2 (gfx1100);k;D 25 0\n"); // gone, beside its kernel's scopes
  EXPECT_EQ(P.BaselineStacks, 4u);
  EXPECT_EQ(P.Matched, 3u);
  EXPECT_EQ(P.AcrossCodeObjects, 3u);
  EXPECT_EQ(P.OnlyInTrace, 1u);
  ASSERT_EQ(P.CodeObjectPairs.size(), 1u);
  EXPECT_EQ(P.CodeObjectPairs[0].first, "code_object_1 (gfx942)");
  EXPECT_EQ(P.CodeObjectPairs[0].second, "code_object_2 (gfx1100)");

  // By every frame: nothing pairs, as before the kernel rule.
  DifferentialProfile Strict = differentialStacks(After, Before, BaseNames, Names, BaselineMatch::CodeObject);
  EXPECT_EQ(Strict.Matched, 0u);
  EXPECT_EQ(Strict.OnlyInTrace, 4u);
  EXPECT_EQ(Strict.Stacks.size(), 8u);
}

TEST(DifferentialStacks, TheSameCodeObjectPairsExactlyEitherWay) {
  NameTable Names, BaseNames;
  std::vector<FoldedStack> After = {stack(Names, "code_object_1 (gfx942);k;A", 10),
                                    stack(Names, "code_object_1 (gfx942);k", 4)};
  std::vector<FoldedStack> Before = {stack(BaseNames, "code_object_1 (gfx942);k;A", 7),
                                     stack(BaseNames, "code_object_1 (gfx942);k", 3),
                                     stack(BaseNames, "code_object_1 (gfx942);other;A", 9)};
  for (BaselineMatch M : {BaselineMatch::Kernel, BaselineMatch::CodeObject}) {
    DifferentialProfile P = differentialStacks(After, Before, BaseNames, Names, M);
    EXPECT_EQ(diffFolded(P, Names), "code_object_1 (gfx942);k;A 7 10\n"
                                    "code_object_1 (gfx942);k 3 4\n"
                                    "code_object_1 (gfx942);other;A 9 0\n");
    EXPECT_EQ(P.Matched, 2u);
    EXPECT_EQ(P.AcrossCodeObjects, 0u);
    EXPECT_TRUE(P.CodeObjectPairs.empty());
  }
}

TEST(DifferentialStacks, TwoCodeObjectsOfOneKernelInTheBaselineAddUp) {
  // The baseline loaded the kernel's code object twice (two IDs): both pair
  // with the trace's stack.
  NameTable Names, BaseNames;
  std::vector<FoldedStack> After = {stack(Names, "code_object_5;k;A", 10)};
  std::vector<FoldedStack> Before = {stack(BaseNames, "code_object_1;k;A", 3),
                                     stack(BaseNames, "code_object_2;k;A", 4)};
  DifferentialProfile P = differentialStacks(After, Before, BaseNames, Names);
  EXPECT_EQ(diffFolded(P, Names), "code_object_5;k;A 7 10\n");
  EXPECT_EQ(P.Matched, 2u);
  EXPECT_EQ(P.CodeObjectPairs.size(), 2u);
}
