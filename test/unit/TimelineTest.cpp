// TimelineTest.cpp - the timeline writers' shared parts and wire formats:
// protobuf encoding, viewer time, dense ids across shader engines, slices
// paired from a wave's events, and both writers on an analysed trace (the
// pftrace read back with a small decoder).
#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/trace/TraceAnalysis.h"
#include "sqtt/uitree/TreeReader.h"
#include "sqtt/writers/Protobuf.h"
#include "sqtt/writers/Timeline.h"
#include "sqtt/writers/TraceWriters.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include "gtest/gtest.h"

#include <map>
#include <set>
#include <sstream>
#include <string>

using namespace sqtt;

namespace {

std::string hex(const std::string &S) {
  std::string Out;
  char Buf[4];
  for (unsigned char C : S) {
    std::snprintf(Buf, sizeof Buf, "%02x", C);
    Out += Buf;
  }
  return Out;
}

/// A minimal protobuf reader: one message's fields (varints and bytes).
struct Field {
  uint32_t Number;
  uint64_t Value = 0;
  std::string Bytes;
};
std::vector<Field> fields(const std::string &Msg) {
  std::vector<Field> Out;
  size_t I = 0;
  auto Varint = [&] {
    uint64_t V = 0;
    for (int Shift = 0;; Shift += 7) {
      uint8_t B = uint8_t(Msg.at(I++));
      V |= uint64_t(B & 0x7F) << Shift;
      if (B < 0x80)
        return V;
    }
  };
  while (I < Msg.size()) {
    uint64_t Key = Varint();
    Field F;
    F.Number = uint32_t(Key >> 3);
    if ((Key & 7) == 0) {
      F.Value = Varint();
    } else if ((Key & 7) == 2) {
      size_t N = Varint();
      F.Bytes = Msg.substr(I, N);
      EXPECT_LE(I + N, Msg.size());
      I += N;
    } else {
      ADD_FAILURE() << "unexpected wire type " << (Key & 7);
      break;
    }
    Out.push_back(F);
  }
  return Out;
}

// Two engines (SE 0 and SE 5, whose 64-bit tids Perfetto used to merge);
// a function scope, a user scope, a point and a data marker with payload.
struct Analysed {
  NameTable Names;
  MarkerResolver Resolver{Names, false};
  DirResult Dir;
  Analysed() {
    Resolver.add(7, rocprof_trace_decoder::codeobj::parse_funcmap(
                        "K:kern\nF:1:f@k.hip:3\nU:2:u\nP:3:p\nP:4:n\nR:4:extra_payload_count=1\n"));
    Occupancy Occ = parseOccupancy(
        R"({"dispatches":{"1":"kern"},"0":[[0,0,0,0,1,1],[500,0,0,0,0,1]],"5":[[0,2,1,3,1,1]]})",
        "occ.json");
    auto Rec = [](int64_t T, uint32_t V, uint8_t CU, uint8_t SIMD, uint8_t W) {
      Record R;
      R.Time = T, R.Value = V, R.CU = CU, R.SIMD = SIMD, R.Wave = W;
      return R;
    };
    std::vector<TraceAnalyzer::EngineRecords> Engines = {
        {0, {Rec(10, (1 << 2) | 2, 0, 0, 0), Rec(20, (2 << 2) | 2, 0, 0, 0), Rec(25, 3 << 2, 0, 0, 0),
             Rec(30, 1, 0, 0, 0), Rec(40, 4 << 2, 0, 0, 0), Rec(41, 12345, 0, 0, 0),
             Rec(50, 1, 0, 0, 0)}},
        {5, {Rec(15, (2 << 2) | 2, 2, 1, 3), Rec(45, (2 << 2) | 3, 2, 1, 3), Rec(60, 1, 2, 1, 3)}}};
    AnalysisOptions Options;
    Options.Build.Timeline = true;
    TraceAnalyzer A(Resolver, Names, Options);
    std::vector<std::string> Warnings;
    Dir = A.analyzeRecords("ui_test", 0, Occ, Engines, Warnings);
  }
};

} // namespace

TEST(Protobuf, EncodesVarintsFieldsAndDoubles) {
  std::string S;
  proto::putUInt(S, 1, 0);
  proto::putUInt(S, 1, 300);
  proto::putInt(S, 2, -1); // int64: ten bytes
  proto::putBytes(S, 60, "ab");
  proto::putDouble(S, 3, 1.0);
  EXPECT_EQ(hex(S), "080008ac0210ffffffffffffffffff01e20302616219000000000000f03f");
}

TEST(Timeline, ClockKeepsCyclesOrConvertsToWholeNanoseconds) {
  TimelineClock Cycles, Real;
  Real.GHz = 2.1;
  EXPECT_EQ(Cycles.ns(123456789), 123456789);
  EXPECT_EQ(Real.ns(2100), 1000);
  EXPECT_EQ(Real.ns(100), 48); // 47.6 rounds to nearest
  EXPECT_NE(Cycles.note().find("cycles shown as ns"), std::string::npos);
  EXPECT_NE(Real.note().find("2.1 GHz"), std::string::npos);
}

TEST(Timeline, PairsSlicesAndAttachesPayloads) {
  std::vector<TimelineEvent> E(7);
  E[0].Ph = TimelineEvent::Begin, E[0].Time = 10;
  E[1].Ph = TimelineEvent::Begin, E[1].Time = 20;
  E[2].Ph = TimelineEvent::Instant, E[2].Time = 25;
  E[3].Ph = TimelineEvent::Payload, E[3].Name = 99;
  E[4].Ph = TimelineEvent::End, E[4].Time = 30;
  E[5].Ph = TimelineEvent::End, E[5].Time = 50;
  E[6].Ph = TimelineEvent::Instant, E[6].Time = 60;
  std::vector<TimelineItem> Items;
  timelineItems(E, Items);
  ASSERT_EQ(Items.size(), 4u);
  EXPECT_TRUE(Items[0].Slice);
  EXPECT_EQ(Items[0].Begin, 10);
  EXPECT_EQ(Items[0].End, 50);
  EXPECT_EQ(Items[1].End, 30);
  EXPECT_FALSE(Items[2].Slice);
  EXPECT_EQ(Items[2].Payload, 1u);
  EXPECT_EQ(Items[3].Payload, 0u);
}

TEST(Timeline, DenseIdsInShaderEngineOrder) {
  Analysed T;
  TimelineLayout L(T.Dir);
  ASSERT_EQ(L.Processes.size(), 1u);
  EXPECT_EQ(L.Processes[0].Pid, 1u);
  EXPECT_EQ(L.Processes[0].Kernel, "kern");
  EXPECT_EQ(L.Processes[0].CodeObject, 7u);
  ASSERT_EQ(L.Threads.size(), 2u);
  EXPECT_EQ(L.Threads[0].Name, "SE0/CU0/SIMD0/W0#0");
  EXPECT_EQ(L.Threads[0].Tid, 1u);
  EXPECT_EQ(L.Threads[1].Name, "SE5/CU2/SIMD1/W3#0");
  EXPECT_EQ(L.Threads[1].Tid, 2u);
}

TEST(Timeline, ChromeJsonHasMicrosecondsArgumentsAndCounters) {
  Analysed T;
  std::ostringstream OS;
  writeChromeTrace(OS, T.Dir, T.Names, TimelineClock{});
  std::string J = OS.str();
  EXPECT_EQ(J.find("displayTimeUnit"), std::string::npos);
  EXPECT_NE(J.find("\"time_unit\":\"SQTT shader clock cycles shown as ns"), std::string::npos);
  EXPECT_NE(J.find("{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":1,\"tid\":2,\"args\":{\"sort_index\":2}}"),
            std::string::npos);
  // f: 10..50 cycles = 0.01 us for 0.04 us (written a hair short, see the
  // writer; 0.0399999 rounds to 40 ns), with its marker's arguments only.
  EXPECT_NE(J.find("{\"ph\":\"X\",\"ts\":0.01,\"dur\":0.0399999,\"pid\":1,\"tid\":1,\"name\":\"f\",\"cat\":"
                   "\"sqtt.function\",\"args\":{\"marker_id\":1,\"kind\":\"function\",\"source\":"
                   "\"k.hip:3\"}}"),
            std::string::npos)
      << J;
  // The wave's arguments are its thread's, once.
  EXPECT_NE(J.find("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1,\"args\":{\"name\":"
                   "\"SE0/CU0/SIMD0/W0#0\",\"kernel\":\"kern\",\"code_object\":7,\"se\":0,\"cu\":0,"
                   "\"simd\":0,\"slot\":0,\"instance\":0}}"),
            std::string::npos)
      << J;
  EXPECT_EQ(J.find("\"cycle\""), std::string::npos);
  EXPECT_NE(J.find("\"kind\":\"data\",\"value\":12345}}"), std::string::npos);
  EXPECT_NE(J.find("{\"ph\":\"C\",\"name\":\"n\",\"ts\":0.04,\"pid\":1,\"args\":{\"value\":12345}}"),
            std::string::npos);
  EXPECT_NE(J.find("{\"ph\":\"C\",\"name\":\"waves\",\"ts\":0,\"pid\":1,\"args\":{\"in flight\":2}}"),
            std::string::npos);
  EXPECT_NE(J.find("\"ts\":0.5,\"pid\":1,\"args\":{\"in flight\":1}}"), std::string::npos);
  // The nested u ends a little earlier still, so its end never passes f's.
  EXPECT_NE(J.find("\"ts\":0.02,\"dur\":0.0099998,"), std::string::npos);
  // The fused exit/enter of u on SE 5 gives two u slices, the second 45..60.
  EXPECT_NE(J.find("\"ts\":0.045,\"dur\":0.0149999,\"pid\":1,\"tid\":2,\"name\":\"u\""), std::string::npos);
  EXPECT_EQ(J.find("\"ph\":\"B\""), std::string::npos);
}

TEST(Timeline, PftraceReadsBackAsTracksAndEvents) {
  Analysed T;
  std::ostringstream OS;
  writePerfettoTrace(OS, T.Dir, T.Names, TimelineClock{});
  std::vector<Field> Packets = fields(OS.str());
  ASSERT_GT(Packets.size(), 10u);
  std::map<uint64_t, std::pair<std::string, uint64_t>> Tracks; // uuid -> name, parent
  std::map<std::string, int> Types;
  std::vector<uint64_t> Times;
  bool Cleared = false;
  uint64_t DefaultTrack = 0;
  std::set<uint64_t> EventTracks; // of slices and instants
  for (const Field &P : Packets) {
    ASSERT_EQ(P.Number, 1u);
    uint64_t Flags = 0, Time = 0;
    for (const Field &F : fields(P.Bytes)) {
      if (F.Number == 13)
        Flags = F.Value;
      if (F.Number == 8)
        Time = F.Value;
      if (F.Number == 60) {
        std::string Name;
        uint64_t Uuid = 0, Parent = 0;
        for (const Field &D : fields(F.Bytes))
          D.Number == 1 ? Uuid = D.Value : D.Number == 5 ? Parent = D.Value : 0;
        for (const Field &D : fields(F.Bytes))
          if (D.Number == 2)
            Name = D.Bytes;
        Tracks[Uuid] = {Name, Parent};
      }
      if (F.Number == 59) { // TracePacketDefaults: the wave's track for what follows
        EXPECT_EQ(Flags, 1u) << "defaults outside the packet that clears the sequence";
        for (const Field &D : fields(F.Bytes))
          if (D.Number == 11)
            for (const Field &U : fields(D.Bytes))
              if (U.Number == 11)
                DefaultTrack = U.Value;
      }
      if (F.Number == 11) {
        EXPECT_TRUE(Cleared) << "interned data used before the sequence was cleared";
        uint64_t Track = DefaultTrack;
        for (const Field &E : fields(F.Bytes))
          if (E.Number == 11)
            Track = E.Value;
        for (const Field &E : fields(F.Bytes))
          if (E.Number == 9 && E.Value != 4)
            EventTracks.insert(Track);
        for (const Field &E : fields(F.Bytes))
          if (E.Number == 9) {
            ++Types[E.Value == 1 ? "begin" : E.Value == 2 ? "end" : E.Value == 3 ? "instant" : "counter"];
            // Begins and instants name interned strings.
            EXPECT_EQ(Flags, E.Value == 1 || E.Value == 3 ? 2u : 0u);
          }
        Times.push_back(Time);
      }
    }
    Cleared |= Flags == 1;
  }
  // Slices and instants sit on the two wave tracks, named by the defaults
  // of the packet that starts each wave (the events carry no track_uuid).
  ASSERT_EQ(EventTracks.size(), 2u);
  for (uint64_t Track : EventTracks)
    EXPECT_TRUE(Track && Tracks[Track].first.find("/W") != std::string::npos) << Track;
  // f, u; u, u (fused) = 4 slices; p and n = 2 instants; 2 + 1 waves-in-flight points and n's value;
  // the dispatch ran on two SEs, so each SE's counter adds its points (3).
  EXPECT_EQ(Types["begin"], 4);
  EXPECT_EQ(Types["end"], 4);
  EXPECT_EQ(Types["instant"], 2);
  EXPECT_EQ(Types["counter"], 6);
  size_t SeCounters = 0;
  for (auto &[Uuid, Track] : Tracks)
    SeCounters += Track.first.size() > 2 && Track.first.rfind("SE", 0) == 0 &&
                  Track.first.find(" waves in flight") != std::string::npos;
  EXPECT_EQ(SeCounters, 2u);
  // The hierarchy of the SE 5 wave.
  std::vector<std::string> Chain;
  for (auto &[Uuid, Track] : Tracks)
    if (Track.first == "SE5/CU2/SIMD1/W3#0")
      for (uint64_t U = Uuid; U; U = Tracks[U].second)
        Chain.push_back(Tracks[U].first);
  std::vector<std::string> Want = {"SE5/CU2/SIMD1/W3#0", "SIMD1", "CU2", "SE5",
                                   "dispatch 1: kern (code object 7)", "ui_test (GPU; SQTT cycles shown as ns)"};
  EXPECT_EQ(Chain, Want);
}
