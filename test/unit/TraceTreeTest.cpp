// TraceTreeTest.cpp - the one discovery every tool uses: directories and
// code objects among the inputs, each code object ID once.
#include "sqtt/support/Error.h"
#include "sqtt/session/TraceTree.h"

#include "gtest/gtest.h"

#include <filesystem>
#include <map>
#include <optional>
#include <fstream>
#include <string>
#include <unistd.h>

using namespace sqtt;
namespace fs = std::filesystem;

namespace {

struct TempTree {
  fs::path Root = fs::temp_directory_path() / ("sqtt-tree-" + std::to_string(getpid()));
  TempTree() { fs::create_directories(Root); }
  ~TempTree() { fs::remove_all(Root); }
  std::string file(const std::string &Rel) {
    fs::path P = Root / Rel;
    fs::create_directories(P.parent_path());
    std::ofstream(P) << "x";
    return P.string();
  }
};

std::string errorOf(const std::vector<std::string> &Inputs) {
  try {
    gatherTraceInputs(Inputs);
  } catch (const Error &E) {
    return E.what();
  }
  return "";
}

} // namespace

TEST(TraceTree, GathersDirectoriesAndGivenCodeObjects) {
  TempTree T;
  T.file("run/ui_a/shaderdata_0_0.json");
  T.file("run/ui_b/shaderdata_1_0.json");
  std::string Found1 = T.file("run/stats_code_object_id_1.out");
  std::string Found2 = T.file("run/stats_code_object_id_2.out");
  std::string Given1 = T.file("mine/my_code_object_id_1.co");

  // A given file wins over the discovered one with its ID, which is named.
  TraceTree Tree = gatherTraceInputs({(T.Root / "run").string(), Given1, (T.Root / "run/ui_a").string()});
  ASSERT_EQ(Tree.TraceDirs.size(), 2u); // ui_a listed once though found twice
  EXPECT_EQ(fs::path(Tree.TraceDirs[0]).filename(), "ui_a");
  ASSERT_EQ(Tree.CodeObjects.size(), 2u);
  EXPECT_EQ(Tree.CodeObjects[0].ID, 1u);
  EXPECT_EQ(Tree.CodeObjects[0].Path, Given1);
  EXPECT_EQ(Tree.CodeObjects[1].ID, 2u);
  EXPECT_EQ(Tree.CodeObjects[1].Path, Found2);
  ASSERT_EQ(Tree.Warnings.size(), 1u);
  EXPECT_EQ(Tree.Warnings[0], "code object id 1 has two files (" + Given1 + ", " + Found1 + "); using the first");
}

TEST(TraceTree, RefusesWhatItCannotRead) {
  TempTree T;
  std::string Missing = (T.Root / "nothing").string();
  EXPECT_EQ(errorOf({Missing}), Missing + ": does not exist");
  std::string Att = T.file("se0.att");
  EXPECT_NE(errorOf({Att}).find("not a rocprofv3 .att name"), std::string::npos);
  // One file of any name is code object 1; among several, it needs ID=.
  std::string NoID = T.file("kernel.co"), Other = T.file("other.co");
  EXPECT_EQ(errorOf({NoID}), "");
  EXPECT_NE(errorOf({NoID, Other}).find("cannot tell the code object ID from the name; give it as ID="),
            std::string::npos);
  EXPECT_EQ(errorOf({"2=" + NoID, "3=" + Other}), "");
  std::string A = T.file("a_code_object_id_4.out"), B = T.file("b_code_object_id_4.out");
  EXPECT_EQ(errorOf({A, B}), "code object id 4 is given twice (" + B + ")");
}

// D32: .att files make a trace directory of their dispatch, named as the
// ui_* directory rocprofv3 writes for it; read where there is none, or for
// every dispatch under --from att; two files of one engine are an error.
TEST(TraceTree, AttCapturesAreTraceDirectories) {
  TempTree T;
  T.file("out/host/77_5_shader_engine_0_3.att");
  T.file("out/host/77_5_shader_engine_1_3.att");
  T.file("out/host/77_5_shader_engine_0_4.att");
  T.file("out/host/77_gfx942_code_object_id_1.out");
  T.file("out/ui_output_agent_5_dispatch_4/occupancy.json");
  const std::string Out = (T.Root / "out").string();
  const std::string D3 = Out + "/ui_output_agent_5_dispatch_3", D4 = Out + "/ui_output_agent_5_dispatch_4";

  TraceTree Auto = gatherTraceInputs({Out});
  EXPECT_EQ(Auto.TraceDirs, (std::vector<std::string>{D3, D4}));
  ASSERT_EQ(Auto.AttCaptures.size(), 1u);
  const AttCapture &C = Auto.AttCaptures.at(D3);
  EXPECT_EQ(C.Pid, 77u);
  ASSERT_EQ(C.Files.size(), 2u);
  EXPECT_EQ(C.Files[1].first, 1u);
  EXPECT_EQ(Auto.DirProcess.at(D3), 77u);

  TraceTree Att = gatherTraceInputs({Out}, TraceFrom::Att);
  EXPECT_EQ(Att.TraceDirs, (std::vector<std::string>{D3, D4}));
  EXPECT_EQ(Att.AttCaptures.size(), 2u);
  TraceTree Json = gatherTraceInputs({Out}, TraceFrom::Json);
  EXPECT_EQ(Json.TraceDirs, (std::vector<std::string>{D4}));
  EXPECT_TRUE(Json.AttCaptures.empty());

  T.file("out/other/77_5_shader_engine_1_3.att"); // a second file for SE 1 of dispatch 3
  EXPECT_NE(errorOf({Out}).find("shader engine 1 of this dispatch also has"), std::string::npos);
}

// D23: a code object without a process prefix (given by hand) stands for its
// ID in every process, instead of that process's own file, and says so;
// directories go with their process.
TEST(TraceTree, ProcessGroupsKeepOneFilePerID) {
  TraceTree Tree;
  Tree.TraceDirs = {"/t/ui_output_agent_1_dispatch_1", "/t/ui_output_agent_2_dispatch_1"};
  Tree.DirProcess = {{"/t/ui_output_agent_1_dispatch_1", 1111}, {"/t/ui_output_agent_2_dispatch_1", 2222}};
  Tree.CodeObjects = {{3, "/mine/kern_code_object_id_3.out", std::nullopt},
                      {3, "/t/h/1111_1_code_object_id_3.out", 1111},
                      {3, "/t/h/2222_1_code_object_id_3.out", 2222},
                      {4, "/t/h/2222_1_code_object_id_4.out", 2222}};
  std::vector<std::string> Warnings;
  ProcessGroups G = groupByProcess(Tree, std::nullopt, Warnings);
  ASSERT_EQ(G.Groups.size(), 2u);
  ASSERT_EQ(G.TraceDirs.size(), 2u);
  for (size_t D = 0; D < 2; ++D) {
    const ProcessInputs &P = G.Groups[G.GroupOfDir[D]];
    std::map<uint64_t, std::string> ByID;
    for (const CodeObjectPath &CO : P.CodeObjects)
      EXPECT_TRUE(ByID.emplace(CO.ID, CO.Path).second) << "two files of id " << CO.ID;
    EXPECT_EQ(ByID[3], "/mine/kern_code_object_id_3.out");
  }
  EXPECT_EQ(G.Groups[G.GroupOfDir[1]].Pid, std::optional<uint64_t>(2222));
  EXPECT_EQ(G.Groups[G.GroupOfDir[1]].CodeObjects.size(), 2u); // ids 3 (given) and 4
  ASSERT_EQ(Warnings.size(), 2u);
  EXPECT_EQ(Warnings[0], "code object id 3: /mine/kern_code_object_id_3.out is used instead of "
                         "/t/h/1111_1_code_object_id_3.out (process 1111)");
  // One process selected: only its directory.
  Warnings.clear();
  ProcessGroups One = groupByProcess(Tree, 2222, Warnings);
  ASSERT_EQ(One.TraceDirs.size(), 1u);
  EXPECT_EQ(One.TraceDirs[0], "/t/ui_output_agent_2_dispatch_1");
}
