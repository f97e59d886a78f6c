// Real hardware buffers (test/data/rawatt/, tinygrad's public captures of
// gfx950, gfx1100 and gfx1200 runs) read by this project's reader equal the
// records worked out for them from AMD's decoder source (the .expected file
// beside each buffer; README.md there says how): every wave launch and end,
// shader-data record, realtime sample and packet loss.
#include "sqtt/rawatt/AttTraceSource.h"
#include "sqtt/writers/AttEventsWriter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace fs = std::filesystem;
using namespace sqtt;

namespace {

/// Lines of one kind ("start", "data", ...) of an event listing; wave rows
/// sorted (the decoder emits a missing start before the rows it has).
std::map<std::string, std::vector<std::string>> byKind(std::istream &In) {
  std::map<std::string, std::vector<std::string>> Out;
  std::string Line;
  while (std::getline(In, Line)) {
    if (Line.empty() || Line[0] == '#')
      continue;
    Out[Line.substr(0, Line.find(' '))].push_back(Line);
  }
  for (const char *Kind : {"start", "end"})
    std::sort(Out[Kind].begin(), Out[Kind].end());
  return Out;
}

std::vector<fs::path> buffers() {
  std::vector<fs::path> Out;
  for (const auto &E : fs::recursive_directory_iterator(SQTT_TEST_DATA_DIR "/rawatt"))
    if (E.path().extension() == ".att")
      Out.push_back(E.path());
  std::sort(Out.begin(), Out.end());
  return Out;
}

} // namespace

TEST(AttRealBuffers, EqualTheRecordsOfAmdsDecoderSource) {
  std::map<rawatt::Generation, size_t> Files, Waves, Realtime;
  uint64_t Invalid = 0;
  for (const fs::path &P : buffers()) {
    rawatt::AttStream S = readAttFile(P.string(), {true, true});
    std::stringstream Ours;
    writeAttEvents(Ours, S);
    std::ifstream Expected(P.string() + ".expected");
    ASSERT_TRUE(Expected) << P << " has no .expected file";
    auto Want = byKind(Expected), Got = byKind(Ours);
    for (const char *Kind : {"start", "end", "data", "realtime", "lost"})
      EXPECT_EQ(Got[Kind], Want[Kind]) << P << ": " << Kind << " lines differ";
    ++Files[S.Gen];
    Waves[S.Gen] += S.Waves.size();
    Realtime[S.Gen] += S.Realtime.size();
    Invalid += S.Counts.InvalidRecords;
  }
  // What the fixtures must keep covering: every generation with real data,
  // its waves, the RDNA realtime samples and gfx1100's bit-14 records.
  for (rawatt::Generation G : {rawatt::Generation::Gfx9, rawatt::Generation::Gfx11, rawatt::Generation::Gfx12}) {
    EXPECT_GE(Files[G], 4u) << rawatt::generationName(G);
    EXPECT_GE(Waves[G], 100u) << rawatt::generationName(G);
  }
  EXPECT_GT(Realtime[rawatt::Generation::Gfx11], 0u);
  EXPECT_GT(Realtime[rawatt::Generation::Gfx12], 0u);
  EXPECT_GT(Invalid, 0u);
}
