// TriageContext.h - what every kind's analysis looks up in the measurements:
// a wave's lifetime and dispatch, a kernel's dispatches, a gain as a share
// of its dispatch's time, and the verify command lines (VerifyCommands.cpp).
// The library's own header, not installed.
#pragma once

#include "sqtt/triage/Triage.h"

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace sqtt::triage {

class TriageContext {
public:
  TriageContext(const Measurements &M, const Measurements *Base, const TriageOptions &O);

  const Measurements &M;
  const Measurements *Base;
  const TriageOptions &O;

  /// The lifetime of wave \p W of trace directory \p Dir (interned), if
  /// occupancy has it.
  const WaveTime *wave(uint32_t Dir, WaveRef W) const;
  /// The waves of a dispatch (indices into M.Waves).
  const std::vector<size_t> &wavesOf(uint32_t Dir, int64_t Dispatch) const;
  /// The dispatch of \p Dir and \p Dispatch.
  const DispatchShape *dispatch(uint32_t Dir, int64_t Dispatch) const;
  /// The longest dispatch of kernel \p Kernel (display name), or null.
  const DispatchShape *longestOf(const std::string &Kernel) const;
  /// The --dispatch that narrows a command to \p D, when the tools can
  /// narrow to it (its directory has records, or the capture has none).
  std::optional<int64_t> narrowTo(const DispatchShape &D) const {
    if (D.Records == 0 && M.Counts.RecordsRead > 0)
      return std::nullopt;
    return D.number();
  }
  /// \p Gain as a percentage of \p D's time (0 without it).
  static double percent(double Gain, const DispatchShape *D);
  /// [se, cu, simd, slot] of \p W.
  static WaveId waveId(WaveRef W);
  /// The path of scope \p Scope of \p Kernel joined by ';' from the kernel
  /// (the folded profile's stack of it that took the most cycles: a scope
  /// entered under several parents is named by its heaviest), or
  /// "kernel;scope" when the profile has none.
  std::string scopePath(const std::string &Kernel, const std::string &Scope) const;

  // Verify commands (VerifyCommands.cpp): command lines of these tools that
  // show a finding's evidence, the paths as the user gave them.
  /// sqtt-stats with \p Extra; \p Dispatch narrows it to one dispatch
  /// (--dispatch given to sqtt-triage wins).
  std::string statsCommand(const std::string &Extra, std::optional<int64_t> Dispatch = std::nullopt) const;
  std::string memoryCommand() const;
  std::string verifyTraceCommand() const;
  std::string costCommand() const;
  std::string perturbationCommand() const;
  std::string baselineCommand() const;
  /// --kernel with an anchored, escaped regular expression of \p Kernel.
  static std::string kernelFilter(const std::string &Kernel);
  /// \p S quoted for a POSIX shell when it needs to be.
  static std::string shellQuote(const std::string &S);

private:
  std::unordered_map<uint64_t, std::vector<size_t>> WaveIndex; // WaveRef key -> M.Waves indices
  std::map<std::pair<uint32_t, int64_t>, std::vector<size_t>> ByDispatch;
  std::string codeObjectArgs() const;
};

// Each kind's analysis appends its findings (evidence, gain, action,
// verify); triage() folds root causes and ranks them.
void findIncompleteTrace(const TriageContext &C, std::vector<Finding> &Out);
void findClockUncertain(const TriageContext &C, std::vector<Finding> &Out);
void findMarkerOverhead(const TriageContext &C, std::vector<Finding> &Out);
void findStragglers(const TriageContext &C, std::vector<Finding> &Out);
void findDispatchShape(const TriageContext &C, std::vector<Finding> &Out); // tail, low-occupancy
void findRegressions(const TriageContext &C, std::vector<Finding> &Out);
void findMemoryAccess(const TriageContext &C, std::vector<Finding> &Out); // lds, coalescing, divergence
void findInstructionWaits(const TriageContext &C, std::vector<Finding> &Out); // memory-, barrier-wait
void findHotScopes(const TriageContext &C, std::vector<Finding> &Out);

/// The path of \p Scope of \p Kernel in \p M (TriageContext::scopePath's).
std::string scopePathOf(const Measurements &M, const std::string &Kernel, const std::string &Scope);
/// How many scopes and kernels of \p M pair with \p Base's (Regressions.cpp).
std::string baselinePairing(const Measurements &M, const Measurements &Base);

/// What the verdict rests on (TrustLines.cpp).
std::vector<TrustLine> trustLines(const TriageContext &C);

/// Folds findings that share a cause into the more specific one and ranks
/// the rest (RootCauses.cpp).
void foldAndRank(std::vector<Finding> &Findings);

} // namespace sqtt::triage
