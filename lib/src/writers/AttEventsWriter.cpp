// AttEventsWriter.cpp - a raw buffer's events as text lines.
#include "sqtt/writers/AttEventsWriter.h"

#include <charconv>

namespace sqtt {

namespace {

/// Integers joined by spaces after a word: the hot path of large dumps.
class Line {
public:
  explicit Line(const char *Word) { append(Word); }
  Line &operator<<(int64_t V) {
    Buf[Len++] = ' ';
    Len = size_t(std::to_chars(Buf + Len, Buf + sizeof Buf, V).ptr - Buf);
    return *this;
  }
  Line &operator<<(uint64_t V) {
    Buf[Len++] = ' ';
    Len = size_t(std::to_chars(Buf + Len, Buf + sizeof Buf, V).ptr - Buf);
    return *this;
  }
  void writeTo(std::ostream &OS) {
    Buf[Len++] = '\n';
    OS.write(Buf, std::streamsize(Len));
  }

private:
  void append(const char *S) {
    while (*S)
      Buf[Len++] = *S++;
  }
  char Buf[160];
  size_t Len = 0;
};

} // namespace

void writeAttEvents(std::ostream &OS, const rawatt::AttStream &S) {
  for (const rawatt::WaveEvent &W : S.Waves)
    (Line(W.Start ? "start" : "end") << W.Time << int64_t(W.CU) << int64_t(W.SIMD) << int64_t(W.Slot)).writeTo(OS);
  for (const Record &R : S.Records)
    (Line("data") << R.Time << int64_t(R.CU) << int64_t(R.SIMD) << int64_t(R.Wave) << uint64_t(R.Value)
                  << int64_t(R.Flags))
        .writeTo(OS);
  for (const rawatt::RealtimeSample &R : S.Realtime)
    (Line("realtime") << R.ShaderClock << R.Realtime).writeTo(OS);
  for (int64_t T : S.PacketLoss)
    (Line("lost") << T).writeTo(OS);
}

std::string describeAttStream(const rawatt::AttStream &S) {
  const rawatt::StreamCounts &C = S.Counts;
  std::string Out = std::string(rawatt::generationName(S.Gen)) +
                    (S.Gen == rawatt::Generation::Gfx9 ? " (header version " : " (HEADER version ") +
                    std::to_string(S.Version) + "): " + std::to_string(S.Records.size()) + " records, " +
                    std::to_string(S.Waves.size()) + " wave rows, " + std::to_string(S.Realtime.size()) +
                    " realtime samples, " + std::to_string(S.PacketLoss.size()) + " packet losses, " +
                    std::to_string(C.Tokens) + " tokens";
  std::string Skipped;
  auto Add = [&](uint64_t N, const char *What) {
    if (N)
      Skipped += (Skipped.empty() ? "" : ", ") + std::to_string(N) + " " + What;
  };
  Add(C.UnknownTokens, "unknown tokens");
  Add(C.InvalidRecords, "records marked invalid (gfx11 bit 14)");
  Add(C.BadSlots, "tokens with a slot above 9");
  Add(C.TruncatedBytes, "bytes of a cut last token");
  Add(C.PaddingBytes, "bytes of zeros after the last token");
  Add(C.Headers > 1 ? C.Headers - 1 : 0, "further HEADER tokens");
  return Out + (Skipped.empty() ? "" : "; " + Skipped);
}

} // namespace sqtt
