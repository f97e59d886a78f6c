// FoldedWriter.cpp - folded stacks and the speedscope file.
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/TraceWriters.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unordered_map>

namespace sqtt {

std::vector<FoldedStack> sortedStacks(const FoldedProfile &Profile) {
  std::vector<FoldedStack> Stacks;
  for (const FoldedProfile::Entry &E : Profile.entries())
    Stacks.push_back({Profile.path(E.Node), E.Cycles, E.Execs});
  std::stable_sort(Stacks.begin(), Stacks.end(),
                   [](const FoldedStack &A, const FoldedStack &B) { return A.Cycles > B.Cycles; });
  return Stacks;
}

namespace {

/// "frame;frame;frame" into \p Line.
void appendStack(std::string &Line, const FoldedStack &S, const NameTable &Names) {
  for (size_t I = 0; I < S.Frames.size(); ++I) {
    if (I)
      Line += ';';
    // A folded frame cannot hold ';' or a newline; keep names readable.
    for (char C : Names.str(S.Frames[I]))
      Line += (C == ';' || C == '\n') ? ':' : C;
  }
}

} // namespace

void writeDiffFolded(std::ostream &OS, const std::vector<FoldedStack> &Stacks,
                     const NameTable &Names) {
  std::string Line;
  for (const FoldedStack &S : Stacks) {
    Line.clear();
    appendStack(Line, S, Names);
    Line += ' ' + std::to_string(S.Baseline) + ' ' + std::to_string(S.Cycles) + '\n';
    OS << Line;
  }
}

void writeFolded(std::ostream &OS, const std::vector<FoldedStack> &Stacks, const NameTable &Names,
                 bool WithExecs) {
  std::string Line;
  for (const FoldedStack &S : Stacks) {
    Line.clear();
    appendStack(Line, S, Names);
    Line += ' ';
    Line += std::to_string(S.Cycles);
    if (WithExecs) {
      char Avg[64];
      std::snprintf(Avg, sizeof Avg, "%.0f",
                    S.Execs ? std::nearbyint(double(S.Cycles) / double(S.Execs)) : 0.0);
      Line += ' ' + std::to_string(S.Execs) + ' ' + Avg;
    }
    Line += '\n';
    OS << Line;
  }
}

void writeSpeedscope(std::ostream &OS, const std::vector<FoldedStack> &Stacks,
                     const NameTable &Names) {
  std::unordered_map<uint32_t, size_t> FrameIndex;
  std::vector<uint32_t> Frames;
  for (const FoldedStack &S : Stacks)
    for (uint32_t F : S.Frames)
      if (FrameIndex.try_emplace(F, Frames.size()).second)
        Frames.push_back(F);
  uint64_t Total = 0;
  for (const FoldedStack &S : Stacks)
    Total += S.Cycles;
  OS << "{\n  \"$schema\": \"https://www.speedscope.app/file-format-schema.json\",\n"
     << "  \"shared\": {\n    \"frames\": [";
  for (size_t I = 0; I < Frames.size(); ++I) {
    OS << (I ? ",\n      " : "\n      ") << "{\"name\": ";
    writeJsonString(OS, Names.str(Frames[I]));
    OS << "}";
  }
  OS << (Frames.empty() ? "]\n  },\n" : "\n    ]\n  },\n");
  OS << "  \"profiles\": [\n    {\n      \"type\": \"sampled\",\n      \"name\": \"SQTT Trace\",\n"
     << "      \"unit\": \"none\",\n      \"startValue\": 0,\n      \"endValue\": " << Total
     << ",\n      \"samples\": [";
  for (size_t I = 0; I < Stacks.size(); ++I) {
    OS << (I ? ", " : "") << "[";
    for (size_t J = 0; J < Stacks[I].Frames.size(); ++J)
      OS << (J ? ", " : "") << FrameIndex[Stacks[I].Frames[J]];
    OS << "]";
  }
  OS << "],\n      \"weights\": [";
  for (size_t I = 0; I < Stacks.size(); ++I)
    OS << (I ? ", " : "") << Stacks[I].Cycles;
  OS << "]\n    }\n  ],\n  \"name\": \"SQTT Flamegraph\",\n  \"activeProfileIndex\": 0,\n"
     << "  \"exporter\": \"sqtt-flamegraph\"\n}\n";
}

} // namespace sqtt
