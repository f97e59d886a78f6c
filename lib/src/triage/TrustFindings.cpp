//===- TrustFindings.cpp - what puts the capture itself in doubt ----------===//
//
// incomplete-trace (the completeness check: waves that lost records, the
// engines whose buffers filled, the buffer that would have held them),
// clock-uncertain (the clock fit's warnings, engines left unaligned) and
// marker-overhead (the markers' share of a scope, a perturbed build).
//
//===----------------------------------------------------------------------===//
#include "Thresholds.h"
#include "TriageContext.h"

#include <algorithm>
#include <map>
#include <set>

namespace sqtt::triage {

void findIncompleteTrace(const TriageContext &C, std::vector<Finding> &Out) {
  if (!C.M.Completeness || C.M.Completeness->Total.Waves == C.M.Completeness->Total.Complete)
    return;
  const completeness::CompletenessReport &R = *C.M.Completeness;
  Finding F;
  F.K = Kind::IncompleteTrace;
  F.Sev = Severity::Error;
  // Per engine: its records, and those its complete waves show a wave needs.
  struct Engine {
    uint64_t Records = 0, Waves = 0, Incomplete = 0;
  };
  std::map<std::pair<uint32_t, uint32_t>, Engine> Engines; // per (directory, SE): each its own buffer
  std::vector<std::vector<uint64_t>> CompleteRecords(R.Kernels.size()); // per kernel (R.Kernels)
  std::vector<uint64_t> IncompleteOf(R.Kernels.size());                 // per kernel
  std::set<std::string> Causes;
  for (const completeness::WaveVerdict &W : R.Waves) {
    Engine &E = Engines[{W.Dir, W.SE}];
    E.Records += W.Records;
    ++E.Waves;
    if (W.Complete) {
      CompleteRecords[W.Kernel].push_back(W.Records);
      continue;
    }
    ++E.Incomplete;
    ++IncompleteOf[W.Kernel];
    Causes.insert(completeness::gapCauseName(W.Cause));
    WaveId Id{W.SE, W.CU, W.SIMD, W.Slot};
    if (F.Waves.size() < IncompleteWavesNamed && std::find(F.Waves.begin(), F.Waves.end(), Id) == F.Waves.end())
      F.Waves.push_back(Id);
  }
  // The kernel with most incomplete waves names the finding.
  uint32_t Kernel = uint32_t(std::max_element(IncompleteOf.begin(), IncompleteOf.end()) - IncompleteOf.begin());
  // Named as the other findings name it: the display name of its dispatch.
  F.Kernel = R.Kernels[Kernel];
  for (const completeness::WaveVerdict &W : R.Waves)
    if (!W.Complete && W.Kernel == Kernel) {
      if (const DispatchShape *D = C.dispatch(C.M.Names.intern(R.dirOf(W)), W.Dispatch)) {
        F.Kernel = C.M.Names.str(D->Kernel);
        F.Dispatch = D->number();
      }
      break;
    }
  F.Scope = F.Kernel;
  // The buffer that would have held the capture: every wave of the fullest
  // engine at the median records of its kernel's complete waves.
  std::vector<uint64_t> MedianOf(R.Kernels.size(), 0);
  for (size_t K = 0; K < R.Kernels.size(); ++K)
    if (std::vector<uint64_t> &V = CompleteRecords[K]; !V.empty()) {
      std::nth_element(V.begin(), V.begin() + V.size() / 2, V.end());
      MedianOf[K] = V[V.size() / 2];
    }
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> Needed;
  for (const completeness::WaveVerdict &W : R.Waves)
    Needed[{W.Dir, W.SE}] += W.Complete ? W.Records : std::max(W.Records, MedianOf[W.Kernel]);
  // The engine whose buffer fell shortest names the sizes.
  std::set<uint32_t> FilledSEs;
  uint64_t HeldBytes = 0, NeededBytes = 0;
  for (auto &[Key, E] : Engines) {
    if (!E.Incomplete)
      continue;
    FilledSEs.insert(Key.second);
    uint64_t Held = E.Records * BytesPerRecord, Need = Needed[Key] * BytesPerRecord;
    if (NeededBytes == 0 || Need - std::min(Need, Held) > NeededBytes - std::min(NeededBytes, HeldBytes))
      HeldBytes = Held, NeededBytes = Need;
  }
  std::string Filled;
  for (uint32_t SE : FilledSEs)
    Filled += (Filled.empty() ? "" : ",") + std::to_string(SE);
  F.add("incomplete_waves", int64_t(R.Total.Waves - R.Total.Complete));
  F.add("checked_waves", int64_t(R.Total.Waves));
  F.add("complete_share", R.Total.completePercent() / 100);
  F.add("engines_with_losses", Filled);
  std::string CauseList;
  for (const std::string &Cause : Causes)
    CauseList += (CauseList.empty() ? "" : ",") + Cause;
  F.add("causes", CauseList);
  F.add("buffer_bytes_held", int64_t(HeldBytes));
  F.add("buffer_bytes_needed", int64_t(NeededBytes));
  F.GainCycles = 0;
  F.GainPercent = 0;
  bool Estimated = NeededBytes > HeldBytes;
  F.Conf = Confidence::High;
  F.add("confidence_reason",
        std::string("each wave matched against its kernel's record automaton; the bytes needed assume each "
                    "incomplete wave writes as many records as its kernel's median complete wave"));
  char Line[300];
  std::snprintf(Line, sizeof Line,
                "%llu of %llu waves lost records%s; the capture needs about %llu KB per shader engine, the "
                "buffer held %llu KB",
                (unsigned long long)(R.Total.Waves - R.Total.Complete), (unsigned long long)R.Total.Waves,
                Filled.empty() ? "" : (" (engines " + Filled + ")").c_str(),
                (unsigned long long)((Estimated ? NeededBytes : HeldBytes) + 1023) / 1024,
                (unsigned long long)(HeldBytes + 1023) / 1024);
  F.Headline = Line;
  F.Action = kindInfo(Kind::IncompleteTrace).Action;
  F.Verify = C.verifyTraceCommand();
  Out.push_back(std::move(F));
}

void findClockUncertain(const TriageContext &C, std::vector<Finding> &Out) {
  for (const auto &[Dir, Clock] : C.M.Clocks) {
    if (!Clock || (Clock->Warnings.empty() && Clock->Unaligned.empty()))
      continue;
    Finding F;
    F.K = Kind::ClockUncertain;
    F.Sev = Severity::Warning;
    F.Scope = Dir;
    F.add("directory", Dir);
    F.add("clock_ghz", Clock->GHz);
    F.add("samples", int64_t(Clock->Samples));
    F.add("residual_cycles", Clock->ResidualCycles);
    F.add("rate_uncertainty", Clock->Uncertainty);
    std::string Unaligned;
    for (uint32_t SE : Clock->Unaligned)
      Unaligned += (Unaligned.empty() ? "" : ",") + std::to_string(SE);
    if (!Unaligned.empty())
      F.add("unaligned_engines", Unaligned);
    std::string Why;
    for (const std::string &W : Clock->Warnings)
      Why += (Why.empty() ? "" : "; ") + W;
    if (!Why.empty())
      F.add("warnings", Why);
    F.Conf = Confidence::High;
    F.add("confidence_reason", std::string("the clock fit's own warnings (D35)"));
    F.Headline = Why.empty() ? "shader engines " + Unaligned + " have no realtime samples: their times stay unaligned"
                             : "the clock rate is doubtful: " + Why;
    F.Action = kindInfo(Kind::ClockUncertain).Action;
    F.Verify = C.statsCommand("");
    Out.push_back(std::move(F));
  }
}

void findMarkerOverhead(const TriageContext &C, std::vector<Finding> &Out) {
  for (const completeness::ScopeShare &S : C.M.Shares) {
    if (S.share() <= OverheadMaxShare)
      continue;
    Finding F;
    F.K = Kind::MarkerOverhead;
    F.Sev = Severity::Warning;
    F.Kernel = S.Kernel;
    F.Scope = C.scopePath(S.Kernel, S.Scope);
    const DispatchShape *D = C.longestOf(S.Kernel);
    if (D)
      F.Dispatch = D->number();
    F.add("share", S.share());
    F.add("instrumentation_cycles", S.instrumentationCycles());
    F.add("scope_cycles", int64_t(S.Cycles));
    F.add("records", int64_t(S.Records));
    F.add("address_blocks", int64_t(S.Address.Blocks));
    F.add("executions", int64_t(S.Executions));
    F.GainCycles = S.Executions ? S.instrumentationCycles() / double(std::max<uint64_t>(1, S.Executions)) : 0;
    F.GainPercent = TriageContext::percent(F.GainCycles, D); // saved by tracing less, not by changing the kernel
    F.Conf = Confidence::Medium;
    F.add("confidence_reason", std::string("issue cycles of the plugin's instructions by the cost model, per record "
                                           "the scope holds; the waits markers cause are not in it"));
    char Line[200];
    std::snprintf(Line, sizeof Line, "the plugin's own instructions take %.0f%% of this scope's cycles",
                  100 * S.share());
    F.Headline = Line;
    F.Action = kindInfo(Kind::MarkerOverhead).Action;
    F.Verify = C.costCommand();
    Out.push_back(std::move(F));
  }
  if (C.M.Perturbation)
    for (const perturbation::KernelPerturbation &K : C.M.Perturbation->Kernels) {
      if (K.Findings.empty())
        continue;
      Finding F;
      F.K = Kind::MarkerOverhead;
      F.Sev = Severity::Warning;
      F.Kernel = K.Name;
      F.Scope = K.Name;
      std::string What;
      for (const std::string &S : K.Findings)
        What += (What.empty() ? "" : "; ") + S;
      F.add("perturbations", int64_t(K.Findings.size()));
      F.add("what", What);
      F.add("plain_waves_per_simd", int64_t(K.PlainWaves));
      F.add("instrumented_waves_per_simd", int64_t(K.InstrumentedWaves));
      F.Conf = Confidence::High;
      F.add("confidence_reason", std::string("the plain and the instrumented build compared instruction by "
                                             "instruction (sqtt-verify --perturbation)"));
      F.Headline = "the markers changed the kernel beside their own instructions: " + What;
      F.Action = kindInfo(Kind::MarkerOverhead).Action;
      F.Verify = C.perturbationCommand();
      Out.push_back(std::move(F));
    }
}

} // namespace sqtt::triage
