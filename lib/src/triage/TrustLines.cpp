//===- TrustLines.cpp - what the verdict rests on -------------------------===//
//
// The first lines of the verdict: how many waves are complete (or why that
// could not be checked), whether the markers perturb the code (with
// --plain), how much of the time the plugin's own instructions take, and
// the clock's source. What cannot be checked is said here, never as a
// warning.
//
//===----------------------------------------------------------------------===//
#include "Thresholds.h"
#include "TriageContext.h"

#include <cstdio>

namespace sqtt::triage {

namespace {

std::string format(const char *Fmt, double A, double B = 0) {
  char Buf[160];
  std::snprintf(Buf, sizeof Buf, Fmt, A, B);
  return Buf;
}

} // namespace

std::vector<TrustLine> trustLines(const TriageContext &C) {
  const Measurements &M = C.M;
  std::vector<TrustLine> Lines;
  // What was read.
  {
    std::string T = std::to_string(M.Waves.size()) + " waves in " + std::to_string(M.Dispatches.size()) +
                    " dispatch(es); " + std::to_string(M.Counts.RecordsRead) + " records";
    T += M.HasMarkers ? ", with markers" : ", no markers (only findings that need no scope)";
    if (M.AddressTraces)
      T += "; " + std::to_string(M.AddressTraces) + " address traces";
    if (M.WaveFiles)
      T += "; instruction detail from " + std::to_string(M.WaveFiles) + " wave files";
    Lines.push_back({"capture", T, false});
  }
  // Completeness.
  if (M.Completeness && M.Completeness->Total.Waves) {
    const completeness::Tally &T = M.Completeness->Total;
    Lines.push_back({"completeness",
                     std::to_string(T.Complete) + " of " + std::to_string(T.Waves) +
                         " waves complete (each checked against its kernel's code)" +
                         (T.Complete == T.Waves ? "" : ": the numbers of the others are incomplete"),
                     T.Complete != T.Waves});
  } else if (M.Completeness && M.Completeness->WithoutPluginWaves == M.Completeness->UncheckedWaves &&
             M.Completeness->UncheckedWaves) {
    Lines.push_back({"completeness",
                     "not checked: the kernels were built without the plugin, so no record can be missed", false});
  } else if (!M.HasMarkers) {
    Lines.push_back({"completeness", "not checked: no marker records, so nothing to miss", false});
  } else {
    std::string Why = M.Completeness && !M.Completeness->Unchecked.empty() ? M.Completeness->Unchecked.front()
                                                                          : "the kernels' code is not known";
    Lines.push_back({"completeness", "not checked: " + Why, false});
  }
  // Perturbation.
  if (M.Perturbation) {
    size_t N = M.Perturbation->perturbed();
    Lines.push_back({"perturbation",
                     N ? std::to_string(N) + " kernel(s) changed by the markers beside their own instructions "
                                             "(sqtt-verify --perturbation)"
                       : "the markers change nothing but their own instructions (compared with the plain build)",
                     N > 0});
  } else if (M.HasMarkers) {
    Lines.push_back({"perturbation", "not checked: give the plain build with --plain CODE_OBJECT", false});
  }
  // The plugin's own instructions.
  if (!M.Shares.empty()) {
    // Shares of nested scopes overlap: the largest one is the honest bound.
    double Largest = M.Shares.front().share();
    Lines.push_back({"instrumentation",
                     format("the plugin's own instructions: at most %.1f%% of a traced scope's cycles", 100 * Largest),
                     Largest > OverheadMaxShare});
  } else if (M.HasMarkers && !M.SharesNote.empty()) {
    Lines.push_back({"instrumentation", "the plugin's share not estimated: " + M.SharesNote, false});
  }
  // The plugin's instructions in the instruction detail, where the listing
  // marks them (sqtt-synth's does; rocprofv3's code.json does not).
  uint64_t Cycles = 0, Inserted = 0;
  for (const InstructionRow &R : M.InstructionRows)
    Cycles += R.Total.Cycles, Inserted += R.Inserted.Cycles;
  if (Inserted && Cycles)
    Lines.push_back({"instrumentation",
                     format("the plugin's instructions: %.1f%% of the target CU's instruction cycles (the listing "
                            "marks them)",
                            100.0 * double(Inserted) / double(Cycles)),
                     double(Inserted) > OverheadMaxShare * double(Cycles)});
  // The baseline.
  if (C.Base)
    Lines.push_back({"baseline", baselinePairing(M, *C.Base), false});
  // The clock.
  size_t WithClock = 0;
  std::string Source;
  double GHz = 0;
  for (const auto &[Dir, Clock] : M.Clocks)
    if (Clock) {
      ++WithClock;
      GHz = Clock->GHz;
      if (Source.empty())
        Source = Clock->Carrier + ", " + Clock->describeFit();
    }
  if (WithClock)
    Lines.push_back({"clock",
                     format("shader clock %.4g GHz", GHz) + " from " + Source + " (" + std::to_string(WithClock) +
                         " of " + std::to_string(M.Clocks.size()) + " directories)",
                     false});
  else
    Lines.push_back({"clock", "no realtime samples: the verdict works in cycles", false});
  return Lines;
}

} // namespace sqtt::triage
