//===- FuzzAttStep.cpp - libFuzzer target: the att step's file handling -----===//
//
// Any bytes as the files of one trace directory: sections separated by a
// line "%%" are filenames.json, occupancy.json, code.json, shaderdata_0_0.json,
// shaderdata_0_1.json, shaderdata_1_0.json and the journal of an interrupted
// run (.sqtt-att.journal); a missing section is a missing file. They are
// written to a fresh directory and the att step runs on it with a clock-packed
// code object's tables. It must never crash; when it throws, no file may have
// changed (unless a journal was given: recovery may complete it first) and no
// temporary may remain; when it succeeds, a second run changes nothing.
//
//===----------------------------------------------------------------------===//
#include "sqtt/att/AttStep.h"
#include "sqtt/support/Error.h"

#include <dirent.h>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <string_view>
#include <unistd.h>

namespace {

const char *const Names[] = {"filenames.json",      "occupancy.json",      "code.json",
                             "shaderdata_0_0.json", "shaderdata_0_1.json", "shaderdata_1_0.json",
                             ".sqtt-att.journal"};

sqtt::AttTables tables() {
  sqtt::AttTables T;
  T.Rows = {{1, 0, 'K', "k", "", 0}, {1, 1, 'F', "_Z5outerv", "", 0}, {1, 2, 'U', "inner", "", 0}};
  T.Layouts = {{1, 12, 4}};
  T.Correction.Layouts[1] = {12, 4};
  T.Correction.Known[1] = {1, 2};
  return T;
}

using Snapshot = std::map<std::string, std::string>;

Snapshot snapshot(const std::string &Dir) {
  Snapshot S;
  DIR *D = ::opendir(Dir.c_str());
  if (!D)
    __builtin_trap();
  while (struct dirent *E = ::readdir(D)) {
    std::string Name = E->d_name;
    if (Name == "." || Name == "..")
      continue;
    std::ifstream IS(Dir + "/" + Name, std::ios::binary);
    S[Name] = std::string(std::istreambuf_iterator<char>(IS), std::istreambuf_iterator<char>());
  }
  ::closedir(D);
  return S;
}

void removeAll(const std::string &Dir) {
  for (auto &[Name, Text] : snapshot(Dir))
    ::unlink((Dir + "/" + Name).c_str());
  ::rmdir(Dir.c_str());
}

bool run(const std::string &Dir, const sqtt::AttTables &T) {
  std::vector<std::string> Warnings;
  try {
    sqtt::runAttStep(Dir, T, sqtt::AttOptions(), Warnings);
    return true;
  } catch (const sqtt::Error &) {
    return false;
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const sqtt::AttTables T = tables();
  std::string_view In(reinterpret_cast<const char *>(Data), Size);
  char Template[] = "/tmp/sqtt-fuzz-att-XXXXXX";
  const char *TmpDir = ::mkdtemp(Template);
  if (!TmpDir)
    return 0;
  std::string Dir = TmpDir;
  bool Journal = false;
  for (size_t I = 0; I < std::size(Names) && !In.empty(); ++I) {
    size_t Cut = In.find("\n%%\n");
    std::string_view Section = In.substr(0, Cut);
    In = Cut == std::string_view::npos ? std::string_view() : In.substr(Cut + 4);
    std::ofstream(Dir + "/" + Names[I], std::ios::binary).write(Section.data(), std::streamsize(Section.size()));
    Journal = I == std::size(Names) - 1;
  }
  Snapshot Before = snapshot(Dir);
  bool Done = run(Dir, T);
  Snapshot After = snapshot(Dir);
  for (auto &[Name, Text] : After)
    if (Name.find(".sqtt-att-") != std::string::npos || Name == ".sqtt-att.lock")
      __builtin_trap(); // a temporary or the lock file was left behind
  if (!Done && !Journal && After != Before)
    __builtin_trap(); // a failing run changed the directory
  if (Done) {
    if (!run(Dir, T) || snapshot(Dir) != After)
      __builtin_trap(); // a second run must change nothing
  }
  removeAll(Dir);
  return 0;
}
