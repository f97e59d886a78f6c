//===- FuzzTraceAnalysis.cpp - libFuzzer target: marker streams -----------===//
//
// Any bytes as the records of one shader engine (in memory), against a fixed funcmap with
// functions, scopes, points, payloads and every address-block kind (wave32),
// and eight wave slots launched for the whole trace. The analysis with stacks,
// events and address traces on must account for every record, never crash.
//
// Each record takes 8 bytes: time step, selector, 32-bit value, slot, flags.
// A selector below 192 makes the value a header of one of the map's markers,
// so the streams exercise the rules rather than unknown IDs.
//
//===----------------------------------------------------------------------===//
#include "sqtt/support/Error.h"
#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/trace/TraceAnalysis.h"
#include "sqtt/uitree/TreeReader.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include <cstring>
#include <string>

namespace {

constexpr const char *Funcmap = R"(K:k
F:1:helper
U:2:phase
P:3:tick
P:4:value
R:4:extra_payload_count=1
W:32
P:5:addr_trace_load@k.hip:10
R:5:extra_payload_count=66
P:6:addr_trace_lds_store@k.hip:11
R:6:extra_payload_count=34
P:7:addr_trace_buffer_load@k.hip:12
R:7:extra_payload_count=37
P:8:addr_trace_struct_buffer_store@k.hip:13
R:8:extra_payload_count=69
P:9:addr_trace_ds_bpermute@k.hip:14
R:9:extra_payload_count=34
)";
constexpr unsigned MarkerIDs = 10; // 0 (bare exit) .. 9

sqtt::Occupancy occupancy() {
  std::string Text = R"({"dispatches":{"1":"k"},"0":[)";
  for (unsigned Slot = 0; Slot < 8; ++Slot)
    Text += (Slot ? "," : "") + std::string("[0,") + std::to_string(Slot & 1) + "," +
            std::to_string((Slot >> 1) & 1) + "," + std::to_string(Slot >> 2) + ",1,1]";
  Text += "]}";
  return sqtt::parseOccupancy(Text, "occupancy.json");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static sqtt::NameTable Names;
  static sqtt::MarkerResolver Resolver(Names, /*Demangle=*/false);
  static const sqtt::Occupancy Occ = [] {
    Resolver.add(1, rocprof_trace_decoder::codeobj::parse_funcmap(Funcmap));
    return occupancy();
  }();

  std::vector<sqtt::TraceAnalyzer::EngineRecords> Engines(1);
  std::vector<sqtt::Record> &Records = Engines[0].Records;
  int64_t Time = 100;
  for (size_t I = 0; I + 8 <= Size; I += 8) {
    uint32_t Raw;
    std::memcpy(&Raw, Data + I + 2, 4);
    uint8_t Selector = Data[I + 1], Slot = Data[I + 6];
    Time += Data[I];
    sqtt::Record R;
    R.Time = Time;
    R.Value = Selector < 192 ? ((Selector % MarkerIDs) << 2) | (Raw & 3) : Raw;
    R.CU = Slot & 1, R.SIMD = (Slot >> 1) & 1, R.Wave = (Slot >> 2) & 3;
    R.Flags = Data[I + 7] & 3;
    Records.push_back(R);
  }

  sqtt::AnalysisOptions Options;
  Options.Build.Profile = Options.Build.Timeline = Options.Build.Addresses = Options.Build.Stats = true;
  sqtt::TraceAnalyzer Analyzer(Resolver, Names, Options);
  std::vector<std::string> Warnings;
  try {
    sqtt::DirResult R = Analyzer.analyzeRecords("fuzz", 0, Occ, Engines, Warnings);
    if (R.Counts.RecordsRead != Size / 8)
      __builtin_trap(); // every record is read
  } catch (const sqtt::Error &) {
  }
  return 0;
}
