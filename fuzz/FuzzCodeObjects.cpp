//===- FuzzCodeObjects.cpp - libFuzzer target: code objects and bundles ----===//
//
// Any bytes as a code-object file (ELF, plain or compressed offload bundle,
// host binary with .hip_fatbin), then the funcmap table of every code object
// found: a list or sqtt::Error, never a crash or an out-of-bounds read.
//
//===----------------------------------------------------------------------===//
#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/support/Error.h"
#include "sqtt/codeobjects/FuncmapTable.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const std::string Path = "input.co";
  try {
    sqtt::CodeObjectFile File(Data, Size, Path);
    for (const sqtt::CodeObject &CO : File.codeObjects()) {
      try {
        (void)sqtt::buildFuncmapTable(CO, Path, /*Demangle=*/true);
      } catch (const sqtt::Error &) {
      }
    }
  } catch (const sqtt::Error &) {
  }
  return 0;
}
