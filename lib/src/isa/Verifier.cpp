// Verifier.cpp - the walks of sqtt-verify and what they check on each path.
#include "sqtt/isa/Verifier.h"

#include "CallEffects.h"
#include "HardwareCases.h"

#include <marker_value.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace sqtt::isa {

namespace rtd = rocprof_trace_decoder::codeobj;
namespace mv = sqtt_marker_value;

const char *findingKindName(FindingKind K) {
  switch (K) {
  case FindingKind::ExitWithoutEnter: return "exit-without-enter";
  case FindingKind::OpenAtEnd: return "open-at-end";
  case FindingKind::UnknownMarker: return "unknown-marker";
  case FindingKind::KindMismatch: return "kind-mismatch";
  case FindingKind::PayloadCut: return "payload-cut";
  case FindingKind::M0NotWritten: return "m0-not-written";
  case FindingKind::M0WaitState: return "m0-wait-state";
  case FindingKind::WrongWaves: return "wrong-waves";
  case FindingKind::Undecodable: return "undecodable";
  case FindingKind::Incomplete: return "incomplete";
  }
  return "?";
}

ScopeMasks ScopeMasks::fromConfig(const std::vector<std::vector<std::pair<std::string, std::string>>> &Configs,
                                  std::string &Problem) {
  ScopeMasks Result;
  bool First = true;
  for (const auto &Settings : Configs) {
    ScopeMasks M;
    M.FromConfig = true;
    for (const auto &[Key, Value] : Settings) {
      uint32_t *Into = Key == "scope_wave" ? &M.Wave : Key == "scope_simd" ? &M.Simd
                     : Key == "scope_cu"   ? &M.Cu   : Key == "scope_wg"   ? &M.Wg : nullptr;
      if (Into)
        *Into = uint32_t(std::strtoul(Value.c_str(), nullptr, 0));
    }
    if (First) {
      Result = M;
      First = false;
    } else if (M.Wave != Result.Wave || M.Simd != Result.Simd || M.Cu != Result.Cu || M.Wg != Result.Wg) {
      Problem = "its translation units were built with different scope masks; each unit's markers "
                "follow its own, which the code object does not say per function";
      return ScopeMasks();
    }
  }
  return Result;
}

namespace {

/// What one path carries besides the machine: the open scopes and the
/// records a header still expects.
struct PathContext {
  std::vector<uint32_t> Stack;
  uint32_t Pending = 0;     // records the last payload header still expects
  uint32_t PendingID = 0;
  uint64_t PendingAt = 0;
  bool AfterSaluM0 = false; // the previous instruction was an SALU write of m0
  void appendKey(std::string &Key) const {
    for (uint32_t ID : Stack)
      Key.append(reinterpret_cast<const char *>(&ID), sizeof ID);
    Key.push_back('|');
    Key.append(reinterpret_cast<const char *>(&Pending), sizeof Pending);
    Key.append(reinterpret_cast<const char *>(&PendingID), sizeof PendingID);
    Key.push_back(AfterSaluM0 ? 'h' : '.');
  }
};

struct Work {
  size_t Index;
  ScalarMachine Machine;
  PathContext Context;
};

class FunctionVerifier {
public:
  FunctionVerifier(const CodeObjectIsa &Isa, const rtd::Funcmap *Map, const CallEffects &Effects,
                   const VerifyLimits &Limits, std::vector<Finding> &Findings,
                   std::set<std::tuple<int, std::string, uint64_t>> &Reported)
      : Isa(Isa), Map(Map), Effects(Effects), Limits(Limits), Findings(Findings), Reported(Reported) {}

  /// Walks \p F for one case; returns the (address, value) of every record
  /// emitted on some path, and counts the path ends into \p Paths.
  std::set<std::pair<uint64_t, uint64_t>> walk(const Function &F, const HardwareIds &Hw, size_t &Paths);

  void report(FindingKind Kind, const Function &F, uint64_t Address, std::string Message) {
    if (!Reported.insert({int(Kind), F.Name, Address}).second)
      return;
    Findings.push_back({Kind, F.Name, Address, Isa.sourceLine(Address), std::move(Message)});
  }

private:
  static std::string hex(uint64_t V) {
    char B[24];
    std::snprintf(B, sizeof B, "0x%llx", (unsigned long long)V);
    return B;
  }
  std::string markerName(uint32_t ID) const {
    const rtd::FuncmapEntry *E = Map ? Map->find(ID) : nullptr;
    return E ? "'" + E->name + "' (" + std::to_string(ID) + ")" : "ID " + std::to_string(ID);
  }
  /// One trace instruction on a path; false ends the path.
  bool trace(const Function &F, const Instruction &I, const ScalarMachine &M, PathContext &C,
             std::set<std::pair<uint64_t, uint64_t>> &Emitted);
  /// A path leaves the function (s_endpgm, a return, a call): nothing may
  /// be pending, and at the end nothing open.
  void leave(const Function &F, const Instruction &I, const PathContext &C, bool End);

  const CodeObjectIsa &Isa;
  const rtd::Funcmap *Map;
  const CallEffects &Effects;
  const VerifyLimits &Limits;
  std::vector<Finding> &Findings;
  std::set<std::tuple<int, std::string, uint64_t>> &Reported;
  std::unordered_map<size_t, const Function *> Callees;
  const Function *CalleesOf = nullptr;

public:
  std::set<uint64_t> RuntimeHeaderSites;
  size_t RuntimeHeaders = 0;
};

bool FunctionVerifier::trace(const Function &F, const Instruction &I, const ScalarMachine &M, PathContext &C,
                             std::set<std::pair<uint64_t, uint64_t>> &Emitted) {
  bool FromM0 = I.Mnemonic == "s_ttracedata";
  if (FromM0 && !M.m0Written())
    report(FindingKind::M0NotWritten, F, I.Address,
           "s_ttracedata records m0, which no instruction on this path has written");
  if (FromM0 && C.AfterSaluM0 && Isa.generation() == 9)
    report(FindingKind::M0WaitState, F, I.Address,
           "s_ttracedata reads m0 in the instruction right after an SALU write of it; gfx9 needs one wait "
           "state (s_nop 0) between them, else it records the old value");
  Bits V = M.traceValue(I);
  Emitted.insert({I.Address, (uint64_t(V.Known) << 32) | V.V});
  if (C.Pending > 0) {
    --C.Pending; // a payload record: any value
    return true;
  }
  rtd::MarkerEncoding Encoding = Map ? Map->marker_encoding : rtd::MarkerEncoding();
  uint32_t Needed = Encoding.marker_id_mask() | mv::flag_mask;
  if ((V.Known & Needed) != Needed) {
    ++RuntimeHeaders; // a value computed at run time: nothing to check
    return true;
  }
  rtd::MarkerValue Value = rtd::decode_marker_value(V.V, Encoding);
  uint32_t Flags = V.V & mv::flag_mask;
  if (Flags & mv::exit_prev_flag) {
    if (C.Stack.empty()) {
      report(FindingKind::ExitWithoutEnter, F, I.Address,
             "an exit (" + hex(V.V) + ") with no scope open on this path");
      return false;
    }
    C.Stack.pop_back();
  }
  if (Flags == mv::exit_prev_flag)
    return true;
  const rtd::FuncmapEntry *E = Map ? Map->find(Value.id) : nullptr;
  bool Enter = Flags & mv::enter_flag;
  if (!E) {
    report(FindingKind::UnknownMarker, F, I.Address,
           std::string(Enter ? "an enter" : "a point") + " of marker ID " + std::to_string(Value.id) + " (" +
               hex(V.V) + ") that has no row in the funcmap" + (Map ? "" : " (the code object has none)"));
  } else if (Enter != (E->type == rtd::FuncmapEntryType::User || E->type == rtd::FuncmapEntryType::Function)) {
    report(FindingKind::KindMismatch, F, I.Address,
           std::string(Enter ? "an enter of " : "a point of ") + markerName(Value.id) + ", which the funcmap lists as " +
               (E->type == rtd::FuncmapEntryType::Point ? "a point" : "a scope"));
  }
  if (Enter) {
    C.Stack.push_back(Value.id);
    if (C.Stack.size() > Limits.MaxDepth) {
      report(FindingKind::OpenAtEnd, F, I.Address,
             "scopes opened here are never closed: " + std::to_string(C.Stack.size()) +
                 " open on one path (a loop enters without exiting)");
      return false;
    }
  } else if (E && E->extra_payload_count) {
    C.Pending = E->extra_payload_count;
    C.PendingID = Value.id;
    C.PendingAt = I.Address;
  }
  return true;
}

void FunctionVerifier::leave(const Function &F, const Instruction &I, const PathContext &C, bool End) {
  if (C.Pending)
    report(FindingKind::PayloadCut, F, C.PendingAt,
           "the header of " + markerName(C.PendingID) + " expects " +
               std::to_string(Map->find(C.PendingID)->extra_payload_count) +
               " records (its R: row); a path reaches " + I.Mnemonic + " at " + hex(I.Address) + " with " +
               std::to_string(C.Pending) + " still missing");
  if (End && !C.Stack.empty())
    report(FindingKind::OpenAtEnd, F, I.Address,
           std::string(F.Kernel ? "the wave ends" : "the function returns") + " with " + markerName(C.Stack.back()) +
               (C.Stack.size() > 1 ? " and " + std::to_string(C.Stack.size() - 1) + " more" : "") +
               " still open on this path");
}

std::set<std::pair<uint64_t, uint64_t>> FunctionVerifier::walk(const Function &F, const HardwareIds &Hw, size_t &Paths) {
  std::set<std::pair<uint64_t, uint64_t>> Emitted;
  if (CalleesOf != &F) {
    Callees = directCallees(Isa, F);
    CalleesOf = &F;
  }
  ScalarMachine Start(F.WaveSize);
  if (!F.Kernel) {
    // A device function starts with its caller's state: EXEC and m0 are
    // whatever the caller had.
    Start.set(reg::ExecLo, Bits());
    Start.set(reg::ExecHi, F.WaveSize == 64 ? Bits() : Bits::of(0));
    Start.assumeM0Written();
  }
  std::vector<Work> Stack;
  Stack.push_back({0, Start, PathContext()});
  std::unordered_set<std::string> Seen;
  std::unordered_map<size_t, std::pair<ScalarMachine, unsigned>> FirstState;
  size_t Steps = 0;
  std::string Key;
  static const bool Debug = std::getenv("SQTT_VERIFY_DEBUG") != nullptr;
  while (!Stack.empty()) {
    Work W = std::move(Stack.back());
    Stack.pop_back();
    while (true) {
      if (++Steps > Limits.MaxSteps) {
        report(FindingKind::Incomplete, F, F.Address,
               "the walk stopped after " + std::to_string(Limits.MaxSteps) +
                   " steps (--max-steps): this function is not proven");
        return Emitted;
      }
      if (W.Index >= F.Insts.size()) {
        report(FindingKind::Undecodable, F, F.Address + F.Size, "a path runs past the end of the function");
        ++Paths;
        break;
      }
      auto First = FirstState.try_emplace(W.Index, W.Machine, 0).first;
      if (++First->second.second > Limits.StatesPerInstruction)
        W.Machine.widen(First->second.first);
      Key.assign(reinterpret_cast<const char *>(&W.Index), sizeof W.Index);
      W.Machine.appendKey(Key);
      W.Context.appendKey(Key);
      if (!Seen.insert(Key).second)
        break;
      const Instruction &I = F.Insts[W.Index];
      if (Debug)
        std::fprintf(stderr, "  %llx %s  vcc_lo=%x/%x exec=%x/%x scc=%x/%x depth=%zu\n", (unsigned long long)I.Address,
                     I.Text.c_str(), W.Machine.get(reg::VccLo).V, W.Machine.get(reg::VccLo).Known,
                     W.Machine.get(reg::ExecLo).V, W.Machine.get(reg::ExecLo).Known, W.Machine.get(reg::Scc).V,
                     W.Machine.get(reg::Scc).Known, W.Context.Stack.size());
      if (W.Index + 1 < F.Insts.size() && I.Address + I.Size != F.Insts[W.Index + 1].Address &&
          I.Kind != Flow::End && I.Kind != Flow::Return && I.Kind != Flow::Branch) {
        // The next bytes did not decode.
        report(FindingKind::Undecodable, F, I.Address + I.Size,
               "a path reaches bytes that do not decode as an instruction for " + Isa.target());
      }
      if (I.isTrace() && !trace(F, I, W.Machine, W.Context, Emitted)) {
        ++Paths;
        break;
      }
      bool SaluM0 = I.isScalar() && I.writes(reg::M0);
      if (I.Kind == Flow::End || I.Kind == Flow::Return) {
        leave(F, I, W.Context, true);
        ++Paths;
        break;
      }
      if (I.Kind == Flow::Indirect) {
        leave(F, I, W.Context, false);
        ++Paths;
        break;
      }
      if (I.Kind == Flow::Call) {
        leave(F, I, W.Context, false);
        auto Callee = Callees.find(W.Index);
        const CallEffect &E = Effects.of(Callee == Callees.end() ? nullptr : Callee->second);
        W.Machine.execute(I, Hw, &E);
        W.Context.AfterSaluM0 = false;
        ++W.Index;
        continue;
      }
      if (I.Kind == Flow::Branch || I.Kind == Flow::CondBranch) {
        std::optional<bool> Taken = W.Machine.branchTaken(I);
        size_t Target = I.Target ? F.indexOf(*I.Target) : Function::npos;
        W.Context.AfterSaluM0 = false;
        if (Target == Function::npos && (!Taken || *Taken)) {
          report(FindingKind::Undecodable, F, I.Address, "a branch to an address that is not an instruction of the function");
          ++Paths;
          break;
        }
        if (!Taken) {
          Stack.push_back({Target, W.Machine, W.Context});
          ++W.Index;
        } else {
          W.Index = *Taken ? Target : W.Index + 1;
        }
        continue;
      }
      W.Machine.execute(I, Hw);
      W.Context.AfterSaluM0 = SaluM0;
      ++W.Index;
    }
  }
  return Emitted;
}

} // namespace

VerifyReport verifyCodeObject(const CodeObjectIsa &Isa, const rtd::Funcmap *Map, const ScopeMasks &Masks,
                              const VerifyLimits &Limits) {
  VerifyReport R;
  CallEffects Effects(Isa);
  std::set<std::tuple<int, std::string, uint64_t>> Reported;
  FunctionVerifier V(Isa, Map, Effects, Limits, R.Findings, Reported);
  std::vector<HardwareCase> Cases = hardwareCases(Isa.generation(), Masks, Limits);
  R.Cases = Cases.size();
  if (!Masks.FromConfig)
    R.Notes.push_back("no configuration section: markers are assumed unscoped (every wave records)");
  for (const Function &F : Isa.functions()) {
    FunctionResult FR;
    FR.Name = F.Name;
    FR.Kernel = F.Kernel;
    for (const Instruction &I : F.Insts)
      FR.Traces += I.isTrace();
    if (FR.Traces == 0 && !F.Kernel) {
      R.Functions.push_back(FR);
      continue;
    }
    std::optional<std::set<std::pair<uint64_t, uint64_t>>> SelectedSet;
    std::string SelectedLabel;
    for (const HardwareCase &C : Cases) {
      std::set<std::pair<uint64_t, uint64_t>> Emitted = V.walk(F, C.Ids, FR.Paths);
      ++FR.Cases;
      if (!Masks.filtered())
        continue;
      if (!C.Selected && !Emitted.empty()) {
        V.report(FindingKind::WrongWaves, F, Emitted.begin()->first,
                 "records on a wave the scope masks exclude (" + C.Label + ")");
      } else if (C.Selected) {
        if (!SelectedSet) {
          SelectedSet = Emitted;
          SelectedLabel = C.Label;
        } else if (*SelectedSet != Emitted) {
          uint64_t At = F.Address;
          for (const auto &E : Emitted)
            if (!SelectedSet->count(E)) {
              At = E.first;
              break;
            }
          V.report(FindingKind::WrongWaves, F, At,
                   "records different markers on two waves the masks both select (" + SelectedLabel + ", " + C.Label + ")");
        }
      }
    }
    R.Functions.push_back(FR);
  }
  if (V.RuntimeHeaders)
    R.Notes.push_back("some marker values are computed at run time (numeric markers of a variable ID): their "
                      "IDs and kinds are not checked");
  std::sort(R.Findings.begin(), R.Findings.end(), [](const Finding &A, const Finding &B) {
    return std::tie(A.Function, A.Address, A.Kind) < std::tie(B.Function, B.Address, B.Kind);
  });
  return R;
}

} // namespace sqtt::isa
