// RecordsReaderTest.cpp - the records array reader: its fast path for the
// usual layout and simdjson for everything else must read the same records
// and report the same errors.
#include "sqtt/support/Error.h"
#include "sqtt/uitree/TreeReader.h"

#include "gtest/gtest.h"

#include <random>
#include <string>
#include <vector>

using namespace sqtt;

namespace {

struct Row {
  int64_t Time;
  uint64_t Value;
  unsigned CU, SIMD, Wave, Flags;
};

std::vector<Record> read(const std::string &Text, size_t *Begin = nullptr, size_t *End = nullptr) {
  std::vector<Record> Out;
  size_t B = 0, E = 0;
  readRecordsArray(Text, "t.json", Out, B, E);
  if (Begin)
    *Begin = B, *End = E;
  return Out;
}

std::string errorOf(const std::string &Text) {
  try {
    read(Text);
  } catch (const Error &E) {
    return E.what();
  }
  return "";
}

/// Rows in many layouts: compact, with spaces and newlines, negative times,
/// long numbers (17-20 digits), records longer than 64 bytes.
std::string layout(const std::vector<Row> &Rows, std::mt19937_64 &Rng) {
  std::string Text = "{\"type\":\"shaderdata\",\"records\": [";
  for (size_t I = 0; I < Rows.size(); ++I) {
    const Row &R = Rows[I];
    bool Spaced = Rng() % 50 == 0, Padded = Rng() % 200 == 0;
    std::string Sep = Spaced ? " , " : ",";
    Text += (I ? (Rng() % 3 ? ",\n" : ",") : "");
    Text += Spaced ? "[ " : "[";
    Text += std::to_string(R.Time) + Sep + std::to_string(R.Value) + Sep + std::to_string(R.CU) + Sep +
            std::to_string(R.SIMD) + Sep + std::to_string(R.Wave) + Sep + std::to_string(R.Flags);
    Text += Padded ? std::string(70, ' ') + "]" : "]";
  }
  return Text + "],\"end_time\":1}";
}

} // namespace

TEST(RecordsReader, EveryLayoutReadsTheSameRecords) {
  std::mt19937_64 Rng(7);
  std::vector<Row> Rows;
  for (int I = 0; I < 20000; ++I) {
    Row R;
    unsigned Kind = unsigned(Rng() % 100);
    R.Time = Kind == 0 ? -int64_t(Rng() % 1000)                       // negative
             : Kind == 1 ? int64_t(Rng() % 281474976710656ull)        // up to 2^48, 15 digits
                         : int64_t(Rng() % 100000000000ull);          // up to 11
    R.Value = Kind == 2 ? 18446744073709551615ull                      // 20 digits
              : Kind == 3 ? 1234567890123456ull                        // 16 digits
              : Kind == 4 ? 12345678901234567ull                       // 17 digits
                          : Rng() % 4294967296ull;
    R.CU = unsigned(Rng() % 256), R.SIMD = unsigned(Rng() % 4), R.Wave = unsigned(Rng() % 32);
    R.Flags = unsigned(Rng() % 3);
    Rows.push_back(R);
  }
  std::string Text = layout(Rows, Rng);
  size_t Begin, End;
  std::vector<Record> Out = read(Text, &Begin, &End);
  ASSERT_EQ(Out.size(), Rows.size());
  for (size_t I = 0; I < Rows.size(); ++I) {
    SCOPED_TRACE("record " + std::to_string(I));
    EXPECT_EQ(Out[I].Time, Rows[I].Time);
    EXPECT_EQ(Out[I].Value, uint32_t(Rows[I].Value & 0xFFFFFFFFu));
    EXPECT_EQ(Out[I].CU, Rows[I].CU);
    EXPECT_EQ(Out[I].SIMD, Rows[I].SIMD);
    EXPECT_EQ(Out[I].Wave, Rows[I].Wave);
    EXPECT_EQ(Out[I].Flags, Rows[I].Flags);
  }
  EXPECT_EQ(Text[Begin], '[');
  EXPECT_EQ(Text.substr(End, 16), ",\"end_time\":1}");
}

TEST(RecordsReader, DigitBoundariesAndShortArrays) {
  // Every number length from 1 to 16 digits in the value, and up to 15 in
  // the time (16 digits are beyond what a capture can hold, MaxTraceCycles).
  std::string Text = "{\"records\":[";
  std::vector<int64_t> Times, Values;
  for (int Len = 1; Len <= 16; ++Len) {
    int64_t V = 0;
    for (int D = 0; D < Len; ++D)
      V = V * 10 + (D % 9) + 1;
    Values.push_back(V);
    Times.push_back(Len <= 15 ? V : V / 10);
    Text += (Len > 1 ? "," : "") + ("[" + std::to_string(Times.back()) + "," + std::to_string(V) + ",0,1,2,0]");
  }
  Text += "]}";
  std::vector<Record> Out = read(Text);
  ASSERT_EQ(Out.size(), Times.size());
  for (size_t I = 0; I < Times.size(); ++I) {
    EXPECT_EQ(Out[I].Time, Times[I]);
    EXPECT_EQ(Out[I].Value, uint32_t(Values[I] % 4294967296));
    EXPECT_EQ(Out[I].SIMD, 1);
    EXPECT_EQ(Out[I].Wave, 2);
  }
  EXPECT_TRUE(read("{\"records\":[]}").empty());
  EXPECT_EQ(read("{\"records\":[[1,2,3,4,5,6]]}").size(), 1u);
  EXPECT_EQ(read("{\"records\":[[281474976710655,2,3,4,5,6]]}").size(), 1u); // 2^48 - 1
  EXPECT_EQ(errorOf("{\"records\":[[1,2,3,4,5,6],[281474976710656,2,3,4,5,6]]}"),
            "t.json: malformed JSON: record 1: time 281474976710656 is beyond what a capture can hold (2^48 cycles "
            "either way of its start)");
  EXPECT_EQ(errorOf("{\"records\":[[-281474976710656,2,3,4,5,6]]}"),
            "t.json: malformed JSON: record 0: time -281474976710656 is beyond what a capture can hold (2^48 cycles "
            "either way of its start)");
}

TEST(RecordsReader, ErrorsNameTheRecordWhereverItIs) {
  // Thousands of good records first, so the bad one is met on the fast path.
  std::string Good;
  for (int I = 0; I < 5000; ++I)
    Good += "[" + std::to_string(1000 + I) + ",8,1,2,3,0],\n";
  auto Bad = [&](const std::string &Record) { return errorOf("{\"records\":[" + Good + Record + ",[9,9,0,0,0,0]]}"); };
  EXPECT_EQ(Bad("[7000,8,300,2,3,0]"), "t.json: malformed JSON: record 5000: cu 300 is out of range (0-255)");
  EXPECT_EQ(Bad("[7000,8,1,2,-3,0]"), "t.json: malformed JSON: record 5000: wave_id -3 is out of range (0-255)");
  EXPECT_EQ(Bad("[7000,8,1,2,3]"), "t.json: malformed JSON: record 5000 has 5 fields, expected 6");
  EXPECT_EQ(Bad("[7000,8.5,1,2,3,0]"),
            "t.json: malformed JSON: record 5000: value is not an integer of at most 64 bits");
  EXPECT_EQ(Bad("[7000,08,1,2,3,0]"), // JSON has no leading zeros
            "t.json: malformed JSON: record 5000: value is not an integer of at most 64 bits");
  EXPECT_EQ(errorOf("{\"records\":[" + Good + "[7000,8,1,2,3,0]"),
            "t.json: malformed JSON: truncated: the records array does not end");
  EXPECT_EQ(errorOf("{\"records\":[" + Good + "[7000,8,1,2,3,0] x"),
            "t.json: malformed JSON: unexpected text after record 5001");
}
