//===- FuzzRocpd.cpp - libFuzzer target: rocprofv3's database ---------------===//
//
// Any bytes as a *_results.db beside a capture: the reader opens it read
// only and either reads it (then every dispatch is described and every code
// object's range placed) or ignores it with a note; never a crash, never an
// exception.
//
//===----------------------------------------------------------------------===//
#include "sqtt/rocpd/RocpdDatabase.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  // SQLite reads files: one scratch file per process, rewritten per input.
  static std::string Path = [] {
    char Name[] = "/tmp/sqtt-fuzz-rocpd-XXXXXX";
    int Fd = mkstemp(Name);
    if (Fd >= 0)
      close(Fd);
    return std::string(Name);
  }();
  FILE *F = std::fopen(Path.c_str(), "wb");
  if (!F)
    return 0;
  std::fwrite(Data, 1, Size, F);
  std::fclose(F);
  std::string Note;
  if (std::optional<sqtt::rocpd::Database> Db = sqtt::rocpd::Database::open(Path, Note)) {
    for (const sqtt::rocpd::Dispatch &D : Db->Dispatches)
      (void)Db->describe(D);
    for (const sqtt::rocpd::CodeObject &O : Db->CodeObjects)
      (void)Db->place(O.LoadBase + O.LoadSize / 2);
  } else if (Note.empty()) {
    std::abort(); // an ignored file is always said why
  }
  return 0;
}
