// Verifier.cpp - the walks of sqtt-verify and what they check on each path.
#include "sqtt/isa/Verifier.h"

#include "CallEffects.h"
#include "HardwareCases.h"
#include "sqtt/support/HexText.h"
#include "sqtt/support/WordList.h"

#include <rocprof_trace_decoder/cxx/config_section.hpp>
#include <rocprof_trace_decoder/cxx/marker_value.hpp>
#include <rocprof_trace_decoder/cxx/scope_mask.hpp>

#include <algorithm>
#include <map>
#include <tuple>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace sqtt::isa {

namespace rtd = rocprof_trace_decoder::codeobj;
namespace mv = sqtt_marker_value;

std::string hexValue(uint64_t V) { return hexText(V); }

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
    // A unit's text names every mask; one that names none leaves them full.
    sqtt_hardware_ids::scope_masks M = every_id();
    for (const auto &[Key, Value] : Settings)
      if (Key == sqtt_config_section::key::unscoped) {
        Result.Unscoped.insert(Value);
      } else if (!sqtt_config_section::apply_scope_setting(M, Key, Value)) {
        Problem = "its configuration has a scope mask that is not a mask (" + Key + "=" + Value + ")";
        return ScopeMasks();
      }
    if (First) {
      static_cast<sqtt_hardware_ids::scope_masks &>(Result) = M;
      Result.FromConfig = true;
      First = false;
    } else if (M != Result) {
      Problem = "its translation units were built with different scope masks; each unit's markers "
                "follow its own, which the code object does not say per function";
      return ScopeMasks();
    }
  }
  return Result;
}

namespace {

/// What one path carries besides the machine: the open scopes, the scopes of
/// the caller a device function closed, and the records a header still
/// expects.
struct PathContext {
  std::vector<uint32_t> Stack;
  uint32_t Underflow = 0;   // a device function's exits past its own enters
  uint32_t Pending = 0;     // records the last payload header still expects
  uint32_t PendingID = 0;
  uint64_t PendingAt = 0;
  bool AfterSaluM0 = false; // the previous instruction was an SALU write of m0
  void appendKey(std::string &Key) const {
    for (uint32_t ID : Stack)
      Key.append(reinterpret_cast<const char *>(&ID), sizeof ID);
    Key.push_back('|');
    for (uint32_t V : {Underflow, Pending, PendingID})
      Key.append(reinterpret_cast<const char *>(&V), sizeof V);
    Key.push_back(AfterSaluM0 ? 'h' : '.');
  }
};

/// What a call does to its caller's scopes: closes Pops of them, then
/// leaves Pushes open.
struct ScopeEffect {
  uint32_t Pops = 0;
  std::vector<uint32_t> Pushes;
  bool operator<(const ScopeEffect &O) const { return std::tie(Pops, Pushes) < std::tie(O.Pops, O.Pushes); }
};

struct WalkResult {
  std::set<std::pair<uint64_t, uint64_t>> Emitted; // (address, known bits << 32 | value)
  std::set<ScopeEffect> Effects;                   // at the returns
  size_t Paths = 0;
};

struct Work {
  size_t Index;
  ScalarMachine Machine;
  PathContext Context;
};

class FunctionVerifier {
public:
  FunctionVerifier(const CodeObjectIsa &Isa, const rtd::Funcmap *Map, const CallEffects &Effects,
                   const std::vector<HardwareCase> &Cases, const VerifyLimits &Limits, std::vector<Finding> &Findings)
      : Isa(Isa), Map(Map), Effects(Effects), Cases(Cases), Limits(Limits), Findings(Findings) {
    computeMarkerFunctions();
  }

  /// \p F walked for case \p Case (once; later calls return the result).
  const WalkResult &result(const Function &F, size_t Case);
  /// Whether \p F or a function it calls records anything.
  bool recordsMarkers(const Function &F) const { return WithMarkers.count(&F) > 0; }

  void report(FindingKind Kind, const Function &F, uint64_t Address, std::string Message) {
    if (!Reported.insert({int(Kind), F.Name, Address}).second)
      return;
    Findings.push_back({Kind, F.Name, Address, Isa.sourceLine(Address), std::move(Message)});
  }
  size_t RuntimeHeaders = 0;
  /// Functions with paths that run into the end of their code (Function::end).
  std::set<std::string> UnreachableEnds;

private:
  /// On a path's stack: a scope entered with an ID computed at run time.
  static constexpr uint32_t RuntimeID = ~0u;
  std::string markerName(uint32_t ID) const {
    if (ID == RuntimeID)
      return "a scope whose ID is computed at run time";
    const rtd::FuncmapEntry *E = Map ? Map->find(ID) : nullptr;
    return E ? "'" + E->name + "' (" + std::to_string(ID) + ")" : "ID " + std::to_string(ID);
  }
  void computeMarkerFunctions();
  WalkResult walk(const Function &F, size_t Case);
  /// Runs \p I, the instruction at \p W's index, on \p W's path (pushing
  /// the other side of an unknown branch onto \p Stack); false when the path
  /// ends there.
  bool step(const Function &F, const Instruction &I, size_t Case, Work &W, std::vector<Work> &Stack, WalkResult &R);
  /// One trace instruction on a path; false ends the path.
  bool trace(const Function &F, const Instruction &I, const ScalarMachine &M, PathContext &C, WalkResult &R);
  /// Closes \p Count scopes of \p C at \p At; false (after a finding) when
  /// fewer are open and \p F is a kernel.
  bool pop(const Function &F, uint64_t At, PathContext &C, uint32_t Count, const std::string &What);
  /// A path leaves the function or calls: no records may be pending.
  void checkPending(const Function &F, const Instruction &I, const PathContext &C);
  /// The scope effect of calling \p Callee in case \p Case.
  const ScopeEffect *calleeEffect(const Function &Caller, const Instruction &Call, const Function &Callee, size_t Case);

  const CodeObjectIsa &Isa;
  const rtd::Funcmap *Map;
  const CallEffects &Effects;
  const std::vector<HardwareCase> &Cases;
  const VerifyLimits &Limits;
  std::vector<Finding> &Findings;
  std::set<std::tuple<int, std::string, uint64_t>> Reported;
  std::map<std::pair<const Function *, size_t>, WalkResult> Results;
  std::set<std::pair<const Function *, size_t>> InProgress;
  std::map<std::pair<const Function *, size_t>, ScopeEffect> Summaries;
  std::unordered_map<const Function *, std::unordered_map<size_t, const Function *>> Callees;
  std::unordered_set<const Function *> WithMarkers;
};

void FunctionVerifier::computeMarkerFunctions() {
  for (const Function &F : Isa.functions()) {
    Callees[&F] = directCallees(Isa, F);
    for (const Instruction &I : F.Insts)
      if (I.isTrace()) {
        WithMarkers.insert(&F);
        break;
      }
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[F, Calls] : Callees)
      if (!WithMarkers.count(F))
        for (const auto &[Index, Callee] : Calls)
          if (WithMarkers.count(Callee)) {
            WithMarkers.insert(F);
            Changed = true;
            break;
          }
  }
}

const WalkResult &FunctionVerifier::result(const Function &F, size_t Case) {
  auto Key = std::make_pair(&F, Case);
  auto It = Results.find(Key);
  if (It != Results.end())
    return It->second;
  InProgress.insert(Key);
  WalkResult R = walk(F, Case);
  InProgress.erase(Key);
  return Results.emplace(Key, std::move(R)).first->second;
}

bool FunctionVerifier::pop(const Function &F, uint64_t At, PathContext &C, uint32_t Count, const std::string &What) {
  for (uint32_t I = 0; I < Count; ++I) {
    if (!C.Stack.empty()) {
      C.Stack.pop_back();
    } else if (!F.Kernel) {
      ++C.Underflow; // closes a scope its caller opened: the call site checks
    } else {
      report(FindingKind::ExitWithoutEnter, F, At, What + " with no scope open on this path");
      return false;
    }
  }
  return true;
}

bool FunctionVerifier::trace(const Function &F, const Instruction &I, const ScalarMachine &M, PathContext &C,
                             WalkResult &R) {
  bool FromM0 = I.What.Kind == Family::TraceM0;
  if (FromM0 && !M.m0Written())
    report(FindingKind::M0NotWritten, F, I.Address,
           "s_ttracedata records m0, which no instruction on this path has written");
  if (FromM0 && C.AfterSaluM0 && Isa.generation() == sqtt_hardware_ids::generation::gfx9)
    report(FindingKind::M0WaitState, F, I.Address,
           "s_ttracedata reads m0 in the instruction right after an SALU write of it; gfx9 needs one wait "
           "state (s_nop 0) between them, else it records the old value");
  Bits V = M.traceValue(I);
  R.Emitted.insert({I.Address, (uint64_t(V.Known) << 32) | V.V});
  if (C.Pending > 0) {
    --C.Pending; // a payload record: any value
    return true;
  }
  rtd::MarkerEncoding Encoding = Map ? Map->marker_encoding : rtd::MarkerEncoding();
  uint32_t Needed = Encoding.marker_id_mask() | mv::flag_mask;
  if ((V.Known & Needed) != Needed) {
    // A value computed at run time: its ID cannot be checked, but when the
    // code fixes its flags (a numeric marker of a register ID) it still
    // opens or closes a scope.
    ++RuntimeHeaders;
    if ((V.Known & mv::flag_mask) != mv::flag_mask)
      return true;
    if ((V.V & mv::exit_prev_flag) && !pop(F, I.Address, C, 1, "an exit (" + hexValue(V.V & mv::flag_mask) + ")"))
      return false;
    if (V.V & mv::enter_flag)
      C.Stack.push_back(RuntimeID);
    return true;
  }
  rtd::MarkerValue Value = rtd::decode_marker_value(V.V, Encoding);
  uint32_t Flags = V.V & mv::flag_mask;
  if ((Flags & mv::exit_prev_flag) && !pop(F, I.Address, C, 1, "an exit (" + hexValue(V.V) + ")"))
    return false;
  if (Flags == mv::exit_prev_flag)
    return true;
  const rtd::FuncmapEntry *E = Map ? Map->find(Value.id) : nullptr;
  bool Enter = Flags & mv::enter_flag;
  if (!E) {
    report(FindingKind::UnknownMarker, F, I.Address,
           std::string(Enter ? "an enter" : "a point") + " of marker ID " + std::to_string(Value.id) + " (" +
               hexValue(V.V) + ") that has no row in the funcmap" + (Map ? "" : " (the code object has none)"));
  } else if (Enter != (E->type == rtd::FuncmapEntryType::User || E->type == rtd::FuncmapEntryType::Function)) {
    report(FindingKind::KindMismatch, F, I.Address,
           std::string(Enter ? "an enter of " : "a point of ") + markerName(Value.id) +
               ", which the funcmap lists as " + (E->type == rtd::FuncmapEntryType::Point ? "a point" : "a scope"));
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

void FunctionVerifier::checkPending(const Function &F, const Instruction &I, const PathContext &C) {
  if (C.Pending)
    report(FindingKind::PayloadCut, F, C.PendingAt,
           "the header of " + markerName(C.PendingID) + " expects " +
               std::to_string(Map->find(C.PendingID)->extra_payload_count) + " records (its R: row); a path reaches " +
               I.Mnemonic + " at " + hexValue(I.Address) + " with " + std::to_string(C.Pending) + " still missing");
}

const ScopeEffect *FunctionVerifier::calleeEffect(const Function &Caller, const Instruction &Call,
                                                  const Function &Callee, size_t Case) {
  auto Key = std::make_pair(&Callee, Case);
  if (InProgress.count(Key))
    return nullptr; // recursion: taken as balanced
  auto S = Summaries.find(Key);
  if (S != Summaries.end())
    return &S->second;
  const WalkResult &R = result(Callee, Case);
  ScopeEffect E;
  if (!R.Effects.empty())
    E = *R.Effects.begin();
  if (R.Effects.size() > 1)
    report(FindingKind::OpenAtEnd, Callee, Callee.Address,
           "returns with different scopes open on different paths (called at " + Caller.Name + " " + hexValue(Call.Address) +
               "): its callers cannot balance them");
  return &Summaries.emplace(Key, E).first->second;
}

WalkResult FunctionVerifier::walk(const Function &F, size_t Case) {
  WalkResult R;
  ScalarMachine Start(F.WaveSize);
  if (!F.Kernel) {
    // A device function starts with its caller's state: EXEC and m0 are
    // whatever the caller had.
    Start.set(reg::ExecLo, Bits());
    Start.set(reg::ExecHi, F.WaveSize == 64 ? Bits() : Bits::of(0));
    Start.assumeM0Written();
  }
  std::vector<char> JoinPoint(F.Insts.size(), 0);
  for (const Instruction &I : F.Insts)
    if (I.Target && (I.Kind == Flow::Branch || I.Kind == Flow::CondBranch))
      if (size_t T = F.indexOf(*I.Target); T != Function::npos)
        JoinPoint[T] = 1;
  std::vector<Work> Stack;
  Stack.push_back({0, Start, PathContext()});
  std::unordered_map<std::string, ScalarMachine> Seen;
  size_t Steps = 0;
  std::string Key;
  auto EndPath = [&] { ++R.Paths; };
  while (!Stack.empty()) {
    Work W = std::move(Stack.back());
    Stack.pop_back();
    while (true) {
      if (++Steps > Limits.MaxSteps) {
        report(FindingKind::Incomplete, F, F.Address,
               "the walk stopped after " + std::to_string(Limits.MaxSteps) +
                   " steps (--max-steps): this function is not proven");
        return R;
      }
      if (W.Index >= F.Insts.size()) {
        UnreachableEnds.insert(F.Name);
        EndPath();
        break;
      }
      // Paths that reach an instruction with the same scopes and pending
      // records are joined: the walk goes on only with what the new path
      // adds to what was seen there (less known), so loops and diamonds end.
      // Records a header still expects are part of the key, so a loop that
      // emits them runs its count exactly.
      // Only branch targets have two ways in, so only they join.
      if (JoinPoint[W.Index]) {
        Key.assign(reinterpret_cast<const char *>(&W.Index), sizeof W.Index);
        W.Context.appendKey(Key);
        auto [At, New] = Seen.try_emplace(Key, W.Machine);
        if (!New) {
          if (!At->second.joinWith(W.Machine))
            break;
          W.Machine = At->second;
        }
      }
      const Instruction &I = F.Insts[W.Index];
      if (W.Index + 1 < F.Insts.size() && I.Address + I.Size != F.Insts[W.Index + 1].Address &&
          I.Kind != Flow::End && I.Kind != Flow::Return && I.Kind != Flow::Branch)
        report(FindingKind::Undecodable, F, I.Address + I.Size,
               "a path reaches bytes that do not decode as an instruction for " + Isa.target());
      if ((I.isTrace() && !trace(F, I, W.Machine, W.Context, R)) || !step(F, I, Case, W, Stack, R)) {
        EndPath();
        break;
      }
    }
  }
  return R;
}

bool FunctionVerifier::step(const Function &F, const Instruction &I, size_t Case, Work &W, std::vector<Work> &Stack,
                            WalkResult &R) {
  const HardwareIds &Hw = Cases[Case].Ids;
  const std::unordered_map<size_t, const Function *> &Calls = Callees[&F];
  bool SaluM0 = I.isScalar() && I.writes(reg::M0);
  if (I.Kind == Flow::End || (I.Kind == Flow::Return && F.Kernel)) {
    checkPending(F, I, W.Context);
    if (!W.Context.Stack.empty())
      report(FindingKind::OpenAtEnd, F, I.Address,
             "the wave ends with " + markerName(W.Context.Stack.back()) +
                 (W.Context.Stack.size() > 1 ? " and " + std::to_string(W.Context.Stack.size() - 1) + " more" : "") +
                 " still open on this path");
    return false;
  }
  if (I.Kind == Flow::Return) {
    checkPending(F, I, W.Context);
    R.Effects.insert({W.Context.Underflow, W.Context.Stack});
    return false;
  }
  if (I.Kind == Flow::Indirect) {
    checkPending(F, I, W.Context);
    return false;
  }
  if (I.Kind == Flow::Call) {
    checkPending(F, I, W.Context);
    auto Callee = Calls.find(W.Index);
    const Function *Target = Callee == Calls.end() ? nullptr : Callee->second;
    if (Target && recordsMarkers(*Target))
      if (const ScopeEffect *E = calleeEffect(F, I, *Target, Case)) {
        if (!pop(F, I.Address, W.Context, E->Pops,
                 "a call of " + Target->Name + " that closes " + std::to_string(E->Pops) + " scope(s)"))
          return false;
        W.Context.Stack.insert(W.Context.Stack.end(), E->Pushes.begin(), E->Pushes.end());
      }
    W.Machine.execute(I, Hw, &Effects.of(Target));
    W.Context.AfterSaluM0 = false;
    ++W.Index;
    return true;
  }
  if (I.Kind == Flow::Branch || I.Kind == Flow::CondBranch) {
    std::optional<bool> Taken = W.Machine.branchTaken(I);
    size_t Target = !I.Target ? Function::npos : *I.Target == F.end() ? F.Insts.size() : F.indexOf(*I.Target);
    W.Context.AfterSaluM0 = false;
    if (Target == Function::npos && (!Taken || *Taken)) {
      report(FindingKind::Undecodable, F, I.Address,
             "a branch to an address that is not an instruction of the function");
      return false;
    }
    if (!Taken) {
      Stack.push_back({Target, W.Machine, W.Context});
      ++W.Index;
    } else {
      W.Index = *Taken ? Target : W.Index + 1;
    }
    return true;
  }
  W.Machine.execute(I, Hw);
  W.Context.AfterSaluM0 = SaluM0;
  ++W.Index;
  return true;
}

} // namespace

VerifyReport verifyCodeObject(const CodeObjectIsa &Isa, const rtd::Funcmap *Map, const ScopeMasks &Masks,
                              const VerifyLimits &Limits) {
  VerifyReport R;
  CallEffects Effects(Isa);
  std::vector<HardwareCase> Cases = hardwareCases(Isa.generation(), Masks, Limits);
  R.Cases = Cases.size();
  R.Filters = filterCoverage(Isa.generation(), Masks, Cases);
  if (Isa.generation() == sqtt_hardware_ids::generation::unknown)
    R.Notes.push_back("target " + Isa.target() + ": its hardware-id layout is not known, so which waves record "
                      "is not checked");
  FunctionVerifier V(Isa, Map, Effects, Cases, Limits, R.Findings);
  size_t UnscopedOnPurpose = 0;
  if (!Masks.FromConfig)
    R.Notes.push_back("no configuration section: markers are assumed unscoped (every wave records)");
  for (const Function &F : Isa.functions()) {
    FunctionResult FR;
    FR.Name = F.Name;
    FR.Kernel = F.Kernel;
    for (const Instruction &I : F.Insts)
      FR.Traces += I.isTrace();
    // Kernels, and device functions that record (their scope tests and
    // payloads are theirs; their balance is judged where they are called).
    if (F.Kernel || FR.Traces) {
      const std::set<std::pair<uint64_t, uint64_t>> *SelectedSet = nullptr;
      std::string SelectedLabel;
      bool AnyEmits = false;
      // The plugin says it could not scope this function's markers.
      bool MasksApply = !Masks.Unscoped.count(F.Name);
      UnscopedOnPurpose += !MasksApply && FR.Traces && !R.Filters.empty();
      for (size_t C = 0; C < Cases.size(); ++C) {
        const WalkResult &W = V.result(F, C);
        FR.Paths += W.Paths;
        ++FR.Cases;
        AnyEmits |= !W.Emitted.empty();
        if (R.Filters.empty() || !MasksApply)
          continue;
        if (!Cases[C].Selected && !W.Emitted.empty()) {
          V.report(FindingKind::WrongWaves, F, W.Emitted.begin()->first,
                   "records on a wave the scope masks exclude (" + Cases[C].Label + ")");
        } else if (Cases[C].Selected) {
          if (!SelectedSet) {
            SelectedSet = &W.Emitted;
            SelectedLabel = Cases[C].Label;
          } else if (*SelectedSet != W.Emitted) {
            uint64_t At = F.Address;
            for (const auto &E : W.Emitted)
              if (!SelectedSet->count(E)) {
                At = E.first;
                break;
              }
            V.report(FindingKind::WrongWaves, F, At,
                     "records different markers on two waves the masks both select (" + SelectedLabel + ", " +
                         Cases[C].Label + ")");
          }
        }
      }
      // Its own markers fire on no wave at all although the masks select
      // some: the code tests other ids than the configuration names.
      if (SelectedSet && !AnyEmits && FR.Traces)
        V.report(FindingKind::WrongWaves, F, F.Address,
                 "records on none of the waves the scope masks select (" + SelectedLabel + ")");
    }
    R.Functions.push_back(FR);
  }
  if (UnscopedOnPurpose)
    R.Notes.push_back(std::to_string(UnscopedOnPurpose) + " function(s) record on every wave: the plugin left their "
                      "markers unscoped (a pixel shader, an explicit register budget or GWS instructions; its "
                      "configuration names them), so the scope masks are not checked there");
  if (!V.UnreachableEnds.empty())
    R.Notes.push_back(wordList(V.UnreachableEnds) + ": some paths reach the end of the code with no s_endpgm or " +
                      "return (an IR `unreachable`, as after a trap or a call that does not return; the wave cannot " +
                      "run on): they end there, their open scopes not held against them");
  if (V.RuntimeHeaders)
    R.Notes.push_back("some marker values are computed at run time (numeric markers of a variable ID): their "
                      "IDs and kinds are not checked, their enters and exits are where the code fixes the flags");
  std::sort(R.Findings.begin(), R.Findings.end(), [](const Finding &A, const Finding &B) {
    return std::tie(A.Function, A.Address, A.Kind) < std::tie(B.Function, B.Address, B.Kind);
  });
  return R;
}

} // namespace sqtt::isa
