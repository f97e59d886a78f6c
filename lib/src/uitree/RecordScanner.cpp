// RecordScanner.cpp - the records array of a shaderdata file: a fast path
// for the layout rocprofv3 writes, simdjson for anything else and for every
// error message.
#include "TreeReaders.h"
#include "sqtt/support/Error.h"

#include <climits>
#include <cstring>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace sqtt {


const char *const RecordFields[] = {"time", "value", "cu", "simd", "wave_id", "flags"};

/// A record from its six fields, in range; the value masked to 32 bits.
static Record recordOf(const int64_t (&V)[6]) {
  Record R;
  R.Time = V[0];
  R.Value = uint32_t(uint64_t(V[1]) & 0xFFFFFFFFu);
  R.CU = uint8_t(V[2]);
  R.SIMD = uint8_t(V[3]);
  R.Wave = uint8_t(V[4]);
  R.Flags = uint8_t(V[5]);
  return R;
}

/// Parses one chunk "[[t,v,cu,simd,wave,flags],...]" of a records array.
size_t parseRecordChunk(simdjson::ondemand::parser &Parser, const simdjson::padded_string &Chunk,
                        const std::string &Path, size_t FirstRow, std::vector<Record> &Out) {
  simdjson::ondemand::document Doc;
  simdjson::ondemand::array Rows;
  if (Parser.iterate(Chunk).get(Doc) || Doc.get_array().get(Rows))
    malformed(Path, "\"records\" near record " + std::to_string(FirstRow) + " is not valid JSON");
  size_t Row = FirstRow;
  for (auto Item : Rows) {
    simdjson::ondemand::array Fields;
    if (Item.get_array().get(Fields))
      malformed(Path, "record " + std::to_string(Row) + " is not an array");
    int64_t V[6];
    size_t N = 0;
    for (auto F : Fields) {
      if (N < 6) {
        int64_t X;
        if (F.get_int64().get(X)) {
          uint64_t U;
          if (F.get_uint64().get(U))
            malformed(Path, "record " + std::to_string(Row) + ": " + RecordFields[N] +
                                " is not an integer of at most 64 bits");
          X = int64_t(U);
        }
        V[N] = X;
      }
      ++N;
    }
    if (N < 6)
      malformed(Path, "record " + std::to_string(Row) + " has " + std::to_string(N) +
                          " fields, expected 6");
    if (V[0] <= -MaxTraceCycles || V[0] >= MaxTraceCycles)
      malformed(Path, "record " + std::to_string(Row) + ": time " + std::to_string(V[0]) +
                          " is beyond what a capture can hold (2^48 cycles either way of its start)");
    for (size_t F = 2; F < 6; ++F)
      if (V[F] < 0 || V[F] > 255)
        malformed(Path, "record " + std::to_string(Row) + ": " + RecordFields[F] + " " +
                            std::to_string(V[F]) + " is out of range (0-255)");
    Out.push_back(recordOf(V));
    ++Row;
  }
  return Row - FirstRow;
}

bool isSpace(char C) { return C == ' ' || C == '\n' || C == '\r' || C == '\t'; }

/// An upper bound of the records from \p Pos on: each takes at least 13
/// bytes ("[t,v,c,s,w,f]"), or the file's records_count when it states a
/// smaller one. Reserving it lets the caller allocate once (growing by
/// doubling would briefly hold three times the records); only the part the
/// records fill is ever touched, so an estimate above the real count costs
/// address space, not memory, and no pass over the text counts them first.
size_t recordsBound(std::string_view Text, size_t Pos, uint64_t Count) {
  return size_t(std::min<uint64_t>(Count, (Text.size() - Pos) / 13 + 1));
}

/// Eight digits, the first in the lowest byte, each as 0-9: their value
/// (fast_float's SWAR conversion).
static inline uint64_t eightDigits(uint64_t V) {
  constexpr uint64_t Mask = 0x000000FF000000FF, Mul1 = 100 + (1000000ull << 32), Mul2 = 1 + (10000ull << 32);
  V = V * 10 + (V >> 8);
  return (((V & Mask) * Mul1) + (((V >> 16) & Mask) * Mul2)) >> 32;
}

/// Bit I set where P[I] is a digit, for I < 64 (without SSE2, a byte of
/// 0x80 or more may clear the bits above it; the record then fails its checks).
static inline uint64_t digitMask(const char *P) {
  uint64_t Mask = 0;
#ifdef __SSE2__
  const __m128i Below = _mm_set1_epi8('0' - 1), Above = _mm_set1_epi8('9' + 1);
  for (unsigned I = 0; I < 4; ++I) {
    __m128i V = _mm_loadu_si128(reinterpret_cast<const __m128i *>(P + 16 * I));
    __m128i Digit = _mm_and_si128(_mm_cmpgt_epi8(V, Below), _mm_cmplt_epi8(V, Above));
    Mask |= uint64_t(uint32_t(_mm_movemask_epi8(Digit))) << (16 * I);
  }
#else
  for (unsigned I = 0; I < 8; ++I) {
    uint64_t W;
    std::memcpy(&W, P + 8 * I, 8);
    uint64_t D = W ^ 0x3030303030303030ull; // '0'-'9' -> 0-9
    uint64_t Digit = ~((D + 0x7676767676767676ull) | D) & 0x8080808080808080ull;
    Mask |= (((Digit >> 7) * 0x0102040810204080ull) >> 56) << (8 * I);
  }
#endif
  return Mask;
}

/// The value of the \p N (1-16) digits at \p P (16 readable bytes),
/// without a branch on N: the time and value columns mix 3- and 10-digit
/// numbers, and a branch on their length mispredicts every few records.
static inline uint64_t digitsValue(const char *P, unsigned N) {
  static constexpr uint64_t Pow10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
  uint64_t High, Low;
  std::memcpy(&High, P, 8);
  std::memcpy(&Low, P + 8, 8);
  unsigned A = N < 8 ? N : 8, B = N - A;
  High = (High ^ 0x3030303030303030ull) << (64 - 8 * A);
  Low = ((Low ^ 0x3030303030303030ull) << ((64 - 8 * B) & 63)) & (0 - uint64_t(B != 0));
  return eightDigits(High) * Pow10[B] + eightDigits(Low);
}

/// The value of the \p N (1-8) digits at \p P (8 readable bytes).
static inline uint64_t shortDigitsValue(const char *P, unsigned N) {
  uint64_t W;
  std::memcpy(&W, P, 8);
  return eightDigits((W ^ 0x3030303030303030ull) << (64 - 8 * N));
}

static inline void skipSpace(const char *&P, const char *End) {
  while (P < End && isSpace(*P))
    ++P;
}

/// The fast path of the records reader: parses records in the usual form
/// ("[t,v,cu,simd,wave,flags]", plain non-negative integers of at most 16
/// digits, slot fields in range, then ',' or the array's ']') from \p Pos
/// until \p Limit. Returns where it stopped: after a ',' (at \p Limit or
/// beyond), at the array's ']' (with \p Closed set), or at the start of a
/// record it did not take, which simdjson then parses or names what is wrong
/// with. The six numbers are found from one mask of the record's digits, so
/// parsing them does not wait on one another; a per-field on-demand parse
/// cost more than all of the analysis.
size_t plainRecords(std::string_view Text, size_t Pos, size_t Limit, std::vector<Record> &Out, size_t &Rows,
                    bool &Closed) {
  const char *P = Text.data() + Pos, *End = Text.data() + Text.size(), *Stop = Text.data() + Limit;
  // A record is read 64 bytes at a time and numbers 16 bytes past their
  // start: the last records are left to simdjson.
  const char *Last = End - std::min<size_t>(Text.size(), 80);
  // The digit mask of 64 bytes serves the records that start in its first
  // half (about three); a record that does not fit is retried with the mask
  // taken at its start.
  const char *Window = nullptr;
  uint64_t WindowDigits = 0;
  while (P < Stop && P <= Last && *P == '[') {
    size_t Offset = size_t(P - Window);
    if (!Window || Offset > 32) {
      Window = P;
      WindowDigits = digitMask(P);
      Offset = 0;
    }
    uint64_t Digits = WindowDigits >> Offset;
    uint64_t Starts = Digits & ~(Digits << 1), Ends = Digits & ~(Digits >> 1);
    unsigned S[6], E[6];
    bool Ok = true;
    for (unsigned K = 0; K < 6; ++K) {
      Ok &= Starts != 0;
      S[K] = unsigned(__builtin_ctzll(Starts | (1ull << 63)));
      E[K] = unsigned(__builtin_ctzll(Ends | (1ull << 63)));
      Starts &= Starts - 1;
      Ends &= Ends - 1;
    }
    Ok &= S[0] == 1 && P[E[5] + 1] == ']';
    for (unsigned K = 0; K < 5; ++K)
      Ok &= S[K + 1] == E[K] + 2 && P[E[K] + 1] == ',';
    int64_t V[6];
    for (unsigned K = 0; K < 2; ++K) {
      unsigned N = E[K] - S[K] + 1;
      Ok &= N <= 16 && (N == 1 || P[S[K]] != '0');
      V[K] = int64_t(digitsValue(P + S[K], std::min(N, 16u)));
    }
    for (unsigned K = 2; K < 6; ++K) { // 0-255: at most 3 digits
      unsigned N = E[K] - S[K] + 1;
      Ok &= N <= 3 && (N == 1 || P[S[K]] != '0');
      V[K] = int64_t(shortDigitsValue(P + S[K], std::min(N, 3u)));
    }
    Ok &= (uint64_t(V[2]) | uint64_t(V[3]) | uint64_t(V[4]) | uint64_t(V[5])) <= 255;
    Ok &= V[0] < MaxTraceCycles; // else simdjson's path says what is wrong
    if (!Ok && Offset) {
      Window = nullptr; // Perhaps cut by the mask's end: again from its start.
      continue;
    }
    const char *Next = P + E[5] + 2;
    skipSpace(Next, End);
    if (!Ok || Next == End || (*Next != ',' && *Next != ']'))
      break;
    Out.push_back(recordOf(V));
    ++Rows;
    P = Next;
    if (*P == ']') {
      Closed = true;
      break;
    }
    ++P;
    skipSpace(P, End);
  }
  return size_t(P - Text.data());
}


} // namespace sqtt
