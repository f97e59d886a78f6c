//===- NamedMarkersTest.cpp - Resolving marker names -----------------------===//

#include "SQTTNamedMarkers.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace sqtt;

namespace {

class NamedMarkers : public ::testing::Test {
protected:
  void parse(StringRef IR) {
    SMDiagnostic Err;
    M = parseAssemblyString(IR, Err, Ctx);
    ASSERT_TRUE(M) << Err.getMessage().str();
  }

  /// The name argument of the first sentinel call in \p Fn.
  std::optional<std::string> firstName(StringRef Fn) {
    for (Instruction &I : instructions(*M->getFunction(Fn)))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (classifySentinel(*CB))
          return resolveMarkerName(CB->getArgOperand(0));
    ADD_FAILURE() << "no sentinel call in " << Fn.str();
    return std::nullopt;
  }

  LLVMContext Ctx;
  std::unique_ptr<Module> M;
};

TEST_F(NamedMarkers, ClassifiesByCalleeNameOnly) {
  parse(R"IR(
declare void @__sqtt_named_marker_enter(i64)
declare void @__sqtt_named_marker_data(ptr, i32)
declare void @__sqtt_named_marker_other(ptr)
define void @f(ptr %p) {
  call void @__sqtt_named_marker_enter(i64 1)
  call void @__sqtt_named_marker_data(ptr %p, i32 2)
  call void @__sqtt_named_marker_other(ptr %p)
  ret void
}
)IR");
  auto I = inst_begin(*M->getFunction("f"));
  EXPECT_EQ(classifySentinel(cast<CallBase>(*I++)), SentinelKind::Enter);
  EXPECT_EQ(classifySentinel(cast<CallBase>(*I++)), SentinelKind::Data);
  EXPECT_EQ(classifySentinel(cast<CallBase>(*I++)), std::nullopt);
}

TEST_F(NamedMarkers, ResolvesLiteralsThroughCasts) {
  parse(R"IR(
@.str = private unnamed_addr addrspace(4) constant [5 x i8] c"load\00"
declare void @__sqtt_named_marker_enter(ptr)
define void @f() {
  call void @__sqtt_named_marker_enter(ptr addrspacecast (ptr addrspace(4) @.str to ptr))
  ret void
}
)IR");
  EXPECT_EQ(firstName("f"), "load");
}

TEST_F(NamedMarkers, ResolvesThroughASingleStoreStackSlot) {
  // The shape the always-inliner leaves at -O0.
  parse(R"IR(
@.str = private unnamed_addr constant [4 x i8] c"o0a\00"
declare void @__sqtt_named_marker_point(ptr)
define void @f() {
  %slot = alloca ptr, addrspace(5)
  %cast = addrspacecast ptr addrspace(5) %slot to ptr
  store ptr @.str, ptr %cast
  %v = load ptr, ptr %cast
  call void @__sqtt_named_marker_point(ptr %v)
  ret void
}
)IR");
  EXPECT_EQ(firstName("f"), "o0a");
}

TEST_F(NamedMarkers, RefusesSlotsStoredTwice) {
  parse(R"IR(
@a = private unnamed_addr constant [2 x i8] c"a\00"
@b = private unnamed_addr constant [2 x i8] c"b\00"
declare void @__sqtt_named_marker_point(ptr)
define void @f(i1 %c) {
  %slot = alloca ptr, addrspace(5)
  store ptr @a, ptr addrspace(5) %slot
  br i1 %c, label %t, label %e
t:
  store ptr @b, ptr addrspace(5) %slot
  br label %e
e:
  %v = load ptr, ptr addrspace(5) %slot
  call void @__sqtt_named_marker_point(ptr %v)
  ret void
}
)IR");
  EXPECT_EQ(firstName("f"), std::nullopt);
}

TEST_F(NamedMarkers, StripsExactlyOneTerminator) {
  parse(R"IR(
@s = private unnamed_addr constant [4 x i8] c"ab\00\00"
declare void @__sqtt_named_marker_point(ptr)
define void @f() {
  call void @__sqtt_named_marker_point(ptr @s)
  ret void
}
)IR");
  EXPECT_EQ(firstName("f"), std::string("ab\0", 3));
}

TEST_F(NamedMarkers, NonLiteralsDoNotResolve) {
  parse(R"IR(
@g = global ptr null
declare void @__sqtt_named_marker_enter(ptr)
define void @wrapper(ptr %name) {
  call void @__sqtt_named_marker_enter(ptr %name)
  ret void
}
define void @f() {
  %p = load ptr, ptr @g
  call void @__sqtt_named_marker_enter(ptr %p)
  ret void
}
)IR");
  EXPECT_EQ(firstName("wrapper"), std::nullopt);
  EXPECT_EQ(firstName("f"), std::nullopt);
  EXPECT_TRUE(isMarkerWrapper(*M->getFunction("wrapper")));
  // A name that is not a literal here (an RAII scope's member, say) makes
  // the function's markers its callers' (D28).
  EXPECT_TRUE(isMarkerWrapper(*M->getFunction("f")));
}

// D28: a function whose literal enters and exits pair up keeps its own
// frame; one that only enters (or only exits) is inlined into its callers.
TEST_F(NamedMarkers, WrappersAreFunctionsWhoseMarkersAreTheirCallers) {
  parse(R"IR(
@a = private unnamed_addr constant [2 x i8] c"a\00"
declare void @__sqtt_named_marker_enter(ptr)
declare void @__sqtt_named_marker_exit(ptr)
declare void @sqtt_marker_exit_id(i32)
define void @balanced() {
  call void @__sqtt_named_marker_enter(ptr @a)
  call void @__sqtt_named_marker_exit(ptr @a)
  ret void
}
define void @begin() {
  call void @__sqtt_named_marker_enter(ptr @a)
  ret void
}
define void @end() {
  call void @sqtt_marker_exit_id(i32 3)
  ret void
}
define amdgpu_kernel void @k() {
  call void @__sqtt_named_marker_enter(ptr @a)
  ret void
}
)IR");
  EXPECT_FALSE(isMarkerWrapper(*M->getFunction("balanced")));
  EXPECT_TRUE(isMarkerWrapper(*M->getFunction("begin")));
  EXPECT_TRUE(isMarkerWrapper(*M->getFunction("end")));
  EXPECT_FALSE(isMarkerWrapper(*M->getFunction("k"))); // a kernel never is
}

} // namespace
