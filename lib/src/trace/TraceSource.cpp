// TraceSource.cpp - records in memory as a trace source, and what every
// source shares.
#include "sqtt/trace/TraceSource.h"

#include <algorithm>

namespace sqtt {

TraceSource::~TraceSource() = default;

void TraceSource::readEngineFiles(size_t E, std::vector<Record> &Records, std::vector<RecordFile> &Files) const {
  Files.push_back({Records.size(), name() + " (shader engine " + std::to_string(engines()[E]) + ")"});
  readEngine(E, Records);
}

MemoryTraceSource::MemoryTraceSource(std::string Name, Occupancy Occ, std::vector<Engine> Engines,
                                     std::optional<TracedKernel> Traced, std::optional<InstructionCapture> Capture)
    : Name(std::move(Name)), Occ(std::move(Occ)), Engines(std::move(Engines)), Traced(std::move(Traced)),
      Capture(std::move(Capture)) {
  for (const Engine &E : this->Engines)
    SEs.push_back(E.SE);
}

void MemoryTraceSource::readEngine(size_t E, std::vector<Record> &Records) const {
  Records.insert(Records.end(), Engines[E].Records.begin(), Engines[E].Records.end());
}

InstructionCapture MemoryTraceSource::instructions(const CaptureClock *) {
  return Capture ? *Capture : InstructionCapture();
}

} // namespace sqtt
