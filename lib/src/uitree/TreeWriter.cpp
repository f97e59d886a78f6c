// TreeWriter.cpp - writing a rocprofv3 tree: shaderdata files and whole
// ui_* directories.
#include "sqtt/uitree/TreeWriter.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/JsonString.h"
#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/uitree/TreeLayout.h"

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

} // namespace

ShaderDataWriter::ShaderDataWriter(std::ostream &OS, std::string_view Extra, bool OnePerLine)
    : OS(OS), OnePerLine(OnePerLine) {
  OS << "{\"type\":\"shaderdata\",";
  if (!Extra.empty())
    OS << Extra << ',';
  OS << "\"records_schema\":[\"time\",\"value\",\"cu\",\"simd\",\"wave_id\",\"flags\"],\"records\":[";
}

void ShaderDataWriter::add(int64_t Time, uint32_t Value, unsigned CU, unsigned SIMD, unsigned Wave, unsigned Flags) {
  // One buffer, one write: the simulator streams hundreds of millions.
  char Line[112];
  char *P = Line, *const E = Line + sizeof Line;
  if (Count)
    *P++ = ',';
  if (Count && OnePerLine)
    *P++ = '\n';
  *P++ = '[';
  P = std::to_chars(P, E, Time).ptr, *P++ = ',';
  P = std::to_chars(P, E, Value).ptr, *P++ = ',';
  P = std::to_chars(P, E, CU).ptr, *P++ = ',';
  P = std::to_chars(P, E, SIMD).ptr, *P++ = ',';
  P = std::to_chars(P, E, Wave).ptr, *P++ = ',';
  P = std::to_chars(P, E, Flags).ptr, *P++ = ']';
  OS.write(Line, P - Line);
  if (!Count)
    Begin = Time;
  End = Time;
  ++Count;
}

void ShaderDataWriter::finish() {
  OS << "],\"records_count\":" << Count << ",\"begin_time\":" << Begin << ",\"end_time\":" << End << "}\n";
}

void writeShaderData(std::ostream &OS, const std::vector<Record> &Records) {
  ShaderDataWriter W(OS);
  for (const Record &R : Records)
    W.add(R);
  W.finish();
}

void ShaderDataListing::add(uint32_t SE, const std::string &File, int64_t Begin, int64_t End) {
  Entries += std::string(Entries.empty() ? "" : ",") + "\"" + std::to_string(SE) + "\":[[\"" + File + "\"," +
             std::to_string(Begin) + "," + std::to_string(End) + "]]";
}

UiDirectoryStats writeUiDirectory(TraceSource &Source, const std::string &Dir, OutputFiles &Files,
                                  const SymbolLookup &SymbolAt) {
  namespace fs = std::filesystem;
  std::optional<CaptureRows> Held = Source.captureRows();
  if (!Held)
    throw Error(Source.name() + ": its format holds no occupancy rows to write a ui_* directory from");
  const CaptureRows &Rows = *Held;
  UiDirectoryStats Stats;
  Files.createDirectory(Dir);

  // One shaderdata file per engine with records, in time order.
  ShaderDataListing Listing;
  const std::vector<uint32_t> &SEs = Source.engines();
  std::vector<Record> Records;
  for (size_t E = 0; E < SEs.size(); ++E) {
    Records.clear();
    Source.readEngine(E, Records);
    if (Records.empty())
      continue;
    std::stable_sort(Records.begin(), Records.end(), [](const Record &A, const Record &B) { return A.Time < B.Time; });
    const std::string Name = uitree::shaderDataName(SEs[E]);
    Files.write((fs::path(Dir) / Name).string(), [&](std::ostream &OS) { writeShaderData(OS, Records); });
    Listing.add(SEs[E], Name, Records.front().Time, Records.back().Time);
    Stats.Records += Records.size();
    ++Stats.Engines;
  }

  const unsigned Gfxip = Rows.Gfxip;
  Files.write((fs::path(Dir) / uitree::FilenamesFile).string(), [&](std::ostream &OS) {
    OS << "{\"counter_names\":[],\"gfxip\":" << Gfxip << ",\"gfxv\":\"" << (Gfxip > 9 ? "navi" : "vega")
       << "\",\"global_begin_time\":0";
    if (!Listing.empty())
      OS << ",\"" << uitree::ShaderDataListKey << "\":" << Listing.json();
    OS << ",\"version\":\"3.0.0\",\"" << uitree::WaveListKey << "\":{}}\n";
  });
  // occupancy.json: rows time-sorted per engine (stably), as rocprofv3's.
  Files.write((fs::path(Dir) / uitree::OccupancyFile).string(), [&](std::ostream &OS) {
    OS << '{';
    bool First = true;
    for (auto [SE, List] : Rows.Occupancy) {
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
        Files.write((fs::path(Dir) / uitree::CodeFile).string(), [&](std::ostream &OS) {
          OS << "{\"code\":[[";
          writeJsonString(OS, "; " + Symbol);
          OS << ",0,0,\"\"," << K->CodeObject << ',' << K->Vaddr
             << ",0,0,0,0]],\"header\":\"ISA, _, LineNumber, Source, Codeobj, Vaddr, Hit, Latency, Stall, "
                "Idle\",\"version\":\"3.0.0\"}\n";
        });

  if (!Rows.Realtime.empty())
    Files.write((fs::path(Dir) / uitree::RealtimeFile).string(), [&](std::ostream &OS) {
      OS << '{';
      for (const auto &[SE, Samples] : Rows.Realtime) {
        OS << "\"SE" << SE << "\":[";
        for (size_t I = 0; I < Samples.size(); ++I)
          OS << (I ? ",[" : "[") << Samples[I].first << ',' << Samples[I].second << ']';
        OS << "],";
      }
      OS << "\"metadata\":{\"descriptor\":\"[gfx_clock, realtime_clock]\",\"frequency\":100000000}}\n";
    });
  return Stats;
}

} // namespace sqtt
