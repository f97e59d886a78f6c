// AttCaptureWriter.cpp - a trace source's records and waves as raw buffers.
//
// Each engine's events are written in time order; at one time, ends before
// launches (a slot relaunched at the cycle it retired must not look like a
// second launch of a running wave) and launches before records. The code
// objects are announced as loaded at distinct 64 GiB-aligned bases, and
// COMPUTE_PGM is written before every launch whose kernel differs from the
// last one's.
#include "sqtt/rawatt/AttCaptureWriter.h"
#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/codeobjects/Elf.h"
#include "sqtt/rawatt/AttWriter.h"
#include "sqtt/support/Error.h"

#include <rocprof_trace_decoder/cxx/hardware_ids.hpp>

#include <algorithm>
#include <filesystem>
#include <set>
#include <stdexcept>

namespace sqtt::rawatt {

namespace {

constexpr uint64_t LoadSpan = uint64_t(1) << 36;
uint64_t loadBase(uint64_t CodeObject) { return (CodeObject + 1) * LoadSpan; }

struct Event {
  int64_t Time;
  int Order; // 0 end, 1 launch, 2 record
  uint8_t CU, SIMD, Slot;
  int64_t Dispatch; // launches
  Record Rec;       // records
};

} // namespace

std::map<std::string, std::vector<KernelPlace>> functionSymbols(const std::vector<CodeObjectPath> &CodeObjects) {
  std::map<std::string, std::vector<KernelPlace>> Out;
  for (const CodeObjectPath &CO : CodeObjects) {
    CodeObjectFile File(CO.Path);
    for (const CodeObject &Obj : File.codeObjects())
      for (const ElfSymbol &S : ElfImage(Obj.Data, Obj.Size, CO.Path).definedSymbols())
        if (S.Type == 2 /* STT_FUNC */) {
          // .symtab and .dynsym may both hold it: one place.
          std::vector<KernelPlace> &Places = Out[S.Name];
          if (std::none_of(Places.begin(), Places.end(),
                           [&](const KernelPlace &P) { return P.CodeObject == CO.ID && P.Vaddr == S.Value; }))
            Places.push_back({CO.ID, S.Value});
        }
  }
  return Out;
}

std::optional<Generation> generationOfTarget(const std::string &Target) {
  // gfx1250 traces in MI400's layout (HEADER version 5), not gfx12's.
  if (Target.rfind("gfx125", 0) == 0)
    return std::nullopt;
  switch (sqtt_hardware_ids::generation_of_target(Target)) {
  case sqtt_hardware_ids::generation::gfx9: return Generation::Gfx9;
  case sqtt_hardware_ids::generation::gfx10: return Generation::Gfx10;
  case sqtt_hardware_ids::generation::gfx11: return Generation::Gfx11;
  case sqtt_hardware_ids::generation::gfx12: return Generation::Gfx12;
  case sqtt_hardware_ids::generation::unknown: break;
  }
  return std::nullopt;
}

std::map<uint32_t, std::string> encodeCapture(TraceSource &Source, Generation G, const KernelPlacer &Place) {
  Occupancy Occ = Source.occupancy();
  std::map<int64_t, uint64_t> PcOf; // dispatch id -> entry address
  std::set<uint64_t> CodeObjects;
  for (const auto &[Id, Name] : Occ.Dispatches)
    if (std::optional<KernelPlace> K = Place(Name)) {
      PcOf[Id] = loadBase(K->CodeObject) + K->Vaddr;
      CodeObjects.insert(K->CodeObject);
    }
  std::map<uint32_t, std::vector<Event>> PerEngine;
  for (const auto &[Slot, Spans] : Occ.Spans) {
    std::vector<Event> &Events = PerEngine[slotSE(Slot)];
    const uint8_t CU = uint8_t(slotCU(Slot)), SIMD = uint8_t(slotSIMD(Slot)), W = uint8_t(slotWave(Slot));
    for (const WaveSpan &S : Spans) {
      Events.push_back({S.Launch, 1, CU, SIMD, W, S.Dispatch, {}});
      if (S.Retire != INT64_MAX)
        Events.push_back({S.Retire, 0, CU, SIMD, W, 0, {}});
    }
  }
  const std::vector<uint32_t> &SEs = Source.engines();
  for (size_t E = 0; E < SEs.size(); ++E) {
    std::vector<Record> Records;
    Source.readEngine(E, Records);
    std::vector<Event> &Events = PerEngine[SEs[E]];
    for (const Record &R : Records)
      Events.push_back({R.Time, 2, R.CU, R.SIMD, R.Wave, 0, R});
  }

  std::map<uint32_t, std::string> Out;
  for (auto &[SE, Events] : PerEngine) {
    std::stable_sort(Events.begin(), Events.end(), [](const Event &A, const Event &B) {
      return A.Time != B.Time ? A.Time < B.Time : A.Order < B.Order;
    });
    AttWriter W(G);
    std::optional<uint64_t> Pc;
    try {
      for (uint64_t CO : CodeObjects)
        W.codeObjectLoad(0, CO, loadBase(CO), LoadSpan);
      for (Event Ev : Events) {
        if (Ev.Time < 0)
          throw std::invalid_argument("a time before the trace's start: " + std::to_string(Ev.Time));
        // gfx9 streams count time in steps of 4 cycles: each event at the
        // step it falls in, as the hardware would stamp it.
        if (G == Generation::Gfx9)
          Ev.Time -= Ev.Time % 4;
        if (Ev.Order == 0) {
          W.waveEnd(Ev.Time, Ev.CU, Ev.SIMD, Ev.Slot);
        } else if (Ev.Order == 1) {
          auto It = PcOf.find(Ev.Dispatch);
          const uint64_t Want = It == PcOf.end() ? 0 : It->second;
          if (Pc != Want)
            W.kernelStart(Ev.Time, Want);
          Pc = Want;
          W.waveStart(Ev.Time, Ev.CU, Ev.SIMD, Ev.Slot);
        } else {
          W.shaderData(Ev.Time, Ev.CU, Ev.SIMD, Ev.Slot, Ev.Rec.Value, Ev.Rec.Flags);
        }
      }
    } catch (const std::invalid_argument &Why) {
      throw Error(Source.name() + ": shader engine " + std::to_string(SE) + " cannot be written as a " +
                  generationName(G) + " stream: " + Why.what());
    }
    Out[SE] = W.bytes();
  }
  return Out;
}

} // namespace sqtt::rawatt
