// UiDirectoryWriter.cpp - rocprofv3's decoded JSON from raw .att files.
#include "sqtt/writers/UiDirectoryWriter.h"
#include "sqtt/support/JsonString.h"
#include "sqtt/trace/MarkerResolver.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <ostream>

namespace sqtt {

namespace {

/// Integers written fast: a shaderdata file has millions.
void put(std::ostream &OS, int64_t V) {
  char Buf[24];
  OS.write(Buf, std::to_chars(Buf, Buf + sizeof Buf, V).ptr - Buf);
}

unsigned gfxipOf(rawatt::Generation G) {
  switch (G) {
  case rawatt::Generation::Gfx9: return 9;
  case rawatt::Generation::Gfx10: return 10;
  case rawatt::Generation::Gfx11: return 11;
  case rawatt::Generation::Gfx12: return 12;
  }
  return 0;
}

} // namespace

UiDirectoryStats writeUiDirectory(AttTraceSource &Source, const std::string &Dir, OutputFiles &Files,
                                  const SymbolLookup &SymbolAt) {
  namespace fs = std::filesystem;
  UiDirectoryStats Stats;
  AttTraceSource::DecodedRows Rows = Source.decodedRows();
  Files.createDirectory(Dir);

  // One shaderdata file per engine with records, in time order.
  std::string Listing;
  const std::vector<uint32_t> &SEs = Source.engines();
  std::vector<Record> Records;
  for (size_t E = 0; E < SEs.size(); ++E) {
    Records.clear();
    Source.readEngine(E, Records);
    if (Records.empty())
      continue;
    std::stable_sort(Records.begin(), Records.end(), [](const Record &A, const Record &B) { return A.Time < B.Time; });
    const std::string Name = "shaderdata_" + std::to_string(SEs[E]) + "_0.json";
    const int64_t Begin = Records.front().Time, End = Records.back().Time;
    Files.write((fs::path(Dir) / Name).string(), [&](std::ostream &OS) {
      OS << "{\"begin_time\":" << Begin << ",\"end_time\":" << End << ",\"records\":[";
      for (size_t I = 0; I < Records.size(); ++I) {
        const Record &R = Records[I];
        OS << (I ? ",[" : "[");
        put(OS, R.Time), OS << ',', put(OS, R.Value), OS << ',', put(OS, R.CU), OS << ',', put(OS, R.SIMD);
        OS << ',', put(OS, R.Wave), OS << ',', put(OS, R.Flags), OS << ']';
      }
      OS << "],\"records_count\":" << Records.size()
         << ",\"records_schema\":[\"time\",\"value\",\"cu\",\"simd\",\"wave_id\",\"flags\"],\"type\":\"shaderdata\"}\n";
    });
    Listing += std::string(Listing.empty() ? "" : ",") + "\"" + std::to_string(SEs[E]) + "\":[[\"" + Name + "\"," +
               std::to_string(Begin) + "," + std::to_string(End) + "]]";
    Stats.Records += Records.size();
    ++Stats.Engines;
  }

  const unsigned Gfxip = gfxipOf(Rows.Gen);
  Files.write((fs::path(Dir) / "filenames.json").string(), [&](std::ostream &OS) {
    OS << "{\"counter_names\":[],\"gfxip\":" << Gfxip << ",\"gfxv\":\"" << (Gfxip > 9 ? "navi" : "vega")
       << "\",\"global_begin_time\":0";
    if (!Listing.empty())
      OS << ",\"shaderdata_filenames\":{" << Listing << "}";
    OS << ",\"version\":\"3.0.0\",\"wave_filenames\":{}}\n";
  });

  // occupancy.json: rows time-sorted per engine (stably), as rocprofv3's.
  Files.write((fs::path(Dir) / "occupancy.json").string(), [&](std::ostream &OS) {
    OS << '{';
    bool First = true;
    for (auto &[SE, List] : Rows.Occupancy) {
      std::stable_sort(List.begin(), List.end(), [](const auto &A, const auto &B) { return A[0] < B[0]; });
      OS << (First ? "\"" : ",\"") << SE << "\":[";
      for (size_t I = 0; I < List.size(); ++I) {
        OS << (I ? ",[" : "[");
        for (size_t F = 0; F < 6; ++F)
          OS << (F ? "," : ""), put(OS, List[I][F]);
        OS << ']';
      }
      OS << ']';
      Stats.WaveRows += List.size();
      First = false;
    }
    OS << (First ? "" : ",") << "\"dispatches\":{";
    bool FirstName = true;
    for (const auto &[Id, Name] : Rows.Dispatches) {
      OS << (FirstName ? "\"" : ",\"") << Id << "\":";
      writeJsonString(OS, Name);
      FirstName = false;
    }
    OS << "},\"version\":\"3.0.0\"}\n";
  });

  // The label row: the one kernel this dispatch ran, as rocprofv3 names it.
  if (Rows.Dispatches.size() == 2 && SymbolAt)
    if (std::optional<UnnamedDispatch> K = parseUnnamedDispatch(Rows.Dispatches.rbegin()->second))
      if (std::string Symbol = SymbolAt(K->CodeObject, K->Vaddr); !Symbol.empty())
        Files.write((fs::path(Dir) / "code.json").string(), [&](std::ostream &OS) {
          OS << "{\"code\":[[";
          writeJsonString(OS, "; " + Symbol);
          OS << ",0,0,\"\"," << K->CodeObject << ',' << K->Vaddr
             << ",0,0,0,0]],\"header\":\"ISA, _, LineNumber, Source, Codeobj, Vaddr, Hit, Latency, Stall, "
                "Idle\",\"version\":\"3.0.0\"}\n";
        });

  if (!Rows.Realtime.empty())
    Files.write((fs::path(Dir) / "realtime.json").string(), [&](std::ostream &OS) {
      OS << '{';
      for (const auto &[SE, Samples] : Rows.Realtime) {
        OS << "\"SE" << SE << "\":[";
        for (size_t I = 0; I < Samples.size(); ++I)
          OS << (I ? ",[" : "[") << Samples[I].ShaderClock << ',' << Samples[I].Realtime << ']';
        OS << "],";
      }
      OS << "\"metadata\":{\"descriptor\":\"[gfx_clock, realtime_clock]\",\"frequency\":100000000}}\n";
    });
  return Stats;
}

} // namespace sqtt
