//===- ReplayMain.cpp - runs a fuzz target once on each file given ---------===//
//
// Linked with each target in the normal build so that `make test` replays
// the seed corpus and every input that once crashed, without libFuzzer.
//
//===----------------------------------------------------------------------===//
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size);

int main(int argc, char **argv) {
  for (int I = 1; I < argc; ++I) {
    std::ifstream IS(argv[I], std::ios::binary);
    if (!IS) {
      std::fprintf(stderr, "replay: cannot read %s\n", argv[I]);
      return 1;
    }
    std::vector<uint8_t> Bytes((std::istreambuf_iterator<char>(IS)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(Bytes.data(), Bytes.size());
  }
  std::printf("replayed %d input(s)\n", argc - 1);
  return 0;
}
