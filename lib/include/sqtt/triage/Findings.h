// Findings.h - sqtt-triage's verdict as plain data (D36): ranked findings,
// each with its evidence by name, the cycles fixing it could save, a
// confidence, an action and a command of these tools that shows the
// evidence; and the lines saying what the verdict rests on.
//
// The model is data only: the analyses (lib/src/triage/) fill it, one
// writer per format (lib/src/writers/Triage*Writer.cpp) prints it, so a new
// format is a new writer beside them.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace sqtt::triage {

/// The closed list of what a finding can be. kindTable() describes each one
/// once; docs/TRIAGE.md's table is checked against it.
enum class Kind : uint8_t {
  IncompleteTrace,
  Regression,
  StragglerWaves,
  BarrierWait,
  MemoryWait,
  LdsBankConflict,
  UncoalescedAccess,
  Divergence,
  LowOccupancy,
  Tail,
  MarkerOverhead,
  ClockUncertain,
  HotScope,
};

enum class Severity : uint8_t { Info, Warning, Error };
enum class Confidence : uint8_t { High, Medium, Low };

/// One kind: its name in the JSON contract, its usual severity, whether it
/// needs markers (scopes) or address traces, what it measures, the rule that
/// raises it and what to do about it (docs/TRIAGE.md spells the same).
struct KindInfo {
  Kind K;
  const char *Name;
  Severity Usual;
  bool NeedsMarkers; // a finding of this kind names a scope
  const char *Measures;
  const char *Threshold;
  const char *Action;
};
/// Every kind, in the enum's order.
const std::vector<KindInfo> &kindTable();
const KindInfo &kindInfo(Kind K);
const char *kindName(Kind K);
const char *severityName(Severity S);
const char *confidenceName(Confidence C);

/// One number or word of evidence.
using EvidenceValue = std::variant<int64_t, double, std::string>;
/// The evidence of a finding, by name, in the order it was found.
using Evidence = std::vector<std::pair<std::string, EvidenceValue>>;

/// A wave as findings name it: [se, cu, simd, slot].
using WaveId = std::array<uint32_t, 4>;

struct Finding {
  unsigned Rank = 0; // 1..n once ranked
  Kind K = Kind::HotScope;
  Severity Sev = Severity::Info;
  std::string Kernel;             // "" when the capture does not name it
  std::optional<int64_t> Dispatch;
  std::string Scope;              // the scope path joined by ';', or the kernel
  std::optional<std::string> Source; // file:line
  std::vector<WaveId> Waves;
  double GainCycles = 0, GainPercent = 0;
  Confidence Conf = Confidence::Medium;
  Evidence Facts;
  std::string Headline; // one sentence: what was found, with its main number
  std::string Action;
  std::string Verify;   // a command line of these tools that shows the evidence
  /// Findings of the same cause folded into this one (root causes, not
  /// symptoms): "tail", "low-occupancy", "hot-scope", ...
  std::vector<std::string> Absorbed;

  void add(const std::string &Name, EvidenceValue V) { Facts.emplace_back(Name, std::move(V)); }
  const EvidenceValue *fact(const std::string &Name) const {
    for (const auto &[N, V] : Facts)
      if (N == Name)
        return &V;
    return nullptr;
  }
};

/// What the verdict rests on: the first lines of the text, "trust" in JSON.
struct TrustLine {
  std::string Topic; // "completeness", "clock", "perturbation", "instrumentation", "capture"
  std::string Text;
  bool Doubtful = false; // the capture cannot be fully trusted on this
};

struct TriageReport {
  std::string Trace;
  std::optional<std::string> Baseline;
  std::vector<TrustLine> Trust;
  std::vector<Finding> Findings; // ranked
};

/// Schema name of the JSON contract.
inline constexpr const char *TriageSchema = "sqtt-triage/1";

} // namespace sqtt::triage
