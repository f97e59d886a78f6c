//===- TriageTextWriter.cpp - sqtt-triage's verdict as text ---------------===//
//
// The lines saying what the verdict rests on, then one paragraph per
// finding, the most valuable first: rank, severity, kind, where, the gain,
// the headline, the evidence by name, what to do and the command that shows
// it.
//
//===----------------------------------------------------------------------===//
#include "sqtt/writers/TriageWriters.h"

#include <cmath>
#include <cstdio>

namespace sqtt {

namespace {

std::string value(const triage::EvidenceValue &V) {
  if (auto *I = std::get_if<int64_t>(&V))
    return std::to_string(*I);
  if (auto *D = std::get_if<double>(&V)) {
    char Buf[32];
    // Cycles as integers; shares and ratios to four digits.
    std::snprintf(Buf, sizeof Buf, std::fabs(*D) >= 1000 ? "%.0f" : "%.4g", *D);
    return Buf;
  }
  return std::get<std::string>(V);
}

std::string waveName(const triage::WaveId &W) {
  return "SE" + std::to_string(W[0]) + "/CU" + std::to_string(W[1]) + "/SIMD" + std::to_string(W[2]) + "/W" +
         std::to_string(W[3]);
}

} // namespace

void writeTriageText(std::ostream &OS, const triage::TriageReport &R) {
  OS << "verdict on " << R.Trace;
  if (R.Baseline)
    OS << " against the baseline " << *R.Baseline;
  OS << '\n';
  for (const triage::TrustLine &T : R.Trust)
    OS << "  " << T.Topic << ": " << T.Text << (T.Doubtful ? " [doubtful]" : "") << '\n';
  if (R.Findings.empty()) {
    OS << "\nno findings\n";
    return;
  }
  for (const triage::Finding &F : R.Findings) {
    char Gain[96];
    std::snprintf(Gain, sizeof Gain, "gain %.0f cycles (%.1f%% of the dispatch)", F.GainCycles, F.GainPercent);
    OS << '\n'
       << F.Rank << ". [" << triage::severityName(F.Sev) << "] " << triage::kindName(F.K) << ": " << F.Headline
       << '\n';
    OS << "   where: " << (F.Scope.empty() ? std::string("(the capture)") : F.Scope);
    if (F.Dispatch)
      OS << ", dispatch " << *F.Dispatch;
    if (F.Source)
      OS << ", " << *F.Source;
    if (!F.Waves.empty()) {
      OS << ", waves";
      size_t Shown = 0;
      for (const triage::WaveId &W : F.Waves) {
        if (Shown++ == 8) {
          OS << " and " << F.Waves.size() - 8 << " more";
          break;
        }
        OS << ' ' << waveName(W);
      }
    }
    OS << '\n' << "   " << Gain << ", confidence " << triage::confidenceName(F.Conf) << '\n';
    OS << "   evidence:";
    for (const auto &[Name, V] : F.Facts)
      OS << ' ' << Name << '=' << value(V) << ';';
    OS << '\n' << "   do: " << F.Action << '\n' << "   show: " << F.Verify << '\n';
  }
}

} // namespace sqtt
