//===- InstructionWaits.cpp - memory-wait and barrier-wait by source line -===//
//
// From the instruction detail of the capture's wave files (the per-scope
// rows of sqtt-stats --instructions, every ISA line): the stall cycles of
// each s_waitcnt and s_barrier line of a scope. A wait is a finding when
// its stalls are WaitMinShare of the scope's instruction cycles. The
// operation a counter wait waited for is the nearest memory instruction of
// that counter before it in the code, past the N newest a wait down to N
// leaves outstanding (vmcnt: vector memory loads; lgkmcnt: LDS and scalar
// loads), among the lines the capture executed, in address order (straight
// code; across a loop's back edge it names the nearest one above). No markers
// needed: without scopes, the kernel's own row is used.
//
// The gain is per wave: the stalls no other wave of the SIMD hid by issuing
// meanwhile (HiddenStalls.cpp: a stall other waves hide saves nothing), over
// the waves that ran the scope. Where that could not be measured, every
// stall counts and the confidence says so.
//
//===----------------------------------------------------------------------===//
#include "Thresholds.h"
#include "TriageContext.h"

#include <algorithm>
#include <cstdlib>
#include <map>

namespace sqtt::triage {

namespace {

bool startsWith(const std::string &S, const char *P) { return S.rfind(P, 0) == 0; }

/// The counter a wait line waits on ("vmcnt", "lgkmcnt", ...), or "".
std::string counterOf(const std::string &Isa) {
  for (const char *Counter : {"vmcnt", "lgkmcnt", "vscnt", "expcnt", "loadcnt", "dscnt", "kmcnt", "storecnt"})
    if (Isa.find(Counter) != std::string::npos)
      return Counter;
  return "";
}

/// The count a wait on \p Counter waits down to ("vmcnt(2)": 2), 0 when
/// the text does not say.
unsigned countOf(const std::string &Isa, const std::string &Counter) {
  size_t At = Isa.find(Counter + "(");
  if (At == std::string::npos)
    return 0;
  return unsigned(std::strtoul(Isa.c_str() + At + Counter.size() + 1, nullptr, 10));
}

/// Whether \p Isa is an operation \p Counter counts.
bool countedBy(const std::string &Isa, const std::string &Counter) {
  bool VectorLoad = startsWith(Isa, "global_load") || startsWith(Isa, "buffer_load") || startsWith(Isa, "flat_load") ||
                    startsWith(Isa, "scratch_load") || startsWith(Isa, "global_atomic") ||
                    startsWith(Isa, "buffer_atomic");
  bool Lds = startsWith(Isa, "ds_");
  bool Scalar = startsWith(Isa, "s_load") || startsWith(Isa, "s_buffer_load");
  if (Counter == "vmcnt" || Counter == "loadcnt")
    return VectorLoad;
  if (Counter == "lgkmcnt")
    return Lds || Scalar;
  if (Counter == "dscnt")
    return Lds;
  if (Counter == "kmcnt")
    return Scalar;
  if (Counter == "vscnt" || Counter == "storecnt")
    return startsWith(Isa, "global_store") || startsWith(Isa, "buffer_store") || startsWith(Isa, "flat_store");
  return false;
}

} // namespace

void findInstructionWaits(const TriageContext &C, std::vector<Finding> &Out) {
  // Every executed line of each kernel's code objects, by address.
  std::map<std::pair<std::string, uint64_t>, std::map<uint64_t, const InstructionRow::IsaLine *>> Code;
  for (const InstructionRow &R : C.M.InstructionRows)
    for (const InstructionRow::IsaLine &L : R.TopIsa)
      Code[{R.Kernel, L.CodeObject}][L.Vaddr] = &L;
  for (const InstructionRow &R : C.M.InstructionRows) {
    if (R.Total.Cycles == 0)
      continue;
    for (const InstructionRow::IsaLine &L : R.TopIsa) {
      bool Barrier = startsWith(L.Isa, "s_barrier");
      bool Wait = startsWith(L.Isa, "s_waitcnt") || startsWith(L.Isa, "s_wait_");
      if ((!Barrier && !Wait) || L.Inserted)
        continue;
      // The part of the stalls no other wave of the SIMD hid (HiddenStalls.cpp),
      // this line's share of it when the line also runs in other scopes.
      double Unhidden = double(L.Cost.Stall);
      auto Measured = C.M.WaitStalls.find({L.CodeObject, L.Vaddr});
      bool Known = C.M.StallsMeasured && Measured != C.M.WaitStalls.end() && Measured->second.Stall;
      if (Known)
        Unhidden *= double(Measured->second.Unhidden) / double(Measured->second.Stall);
      double Share = Unhidden / double(R.Total.Cycles);
      if (Share < WaitMinShare)
        continue;
      Finding F;
      F.K = Barrier ? Kind::BarrierWait : Kind::MemoryWait;
      F.Kernel = R.Kernel;
      F.Scope = R.Kind == StatKind::Kernel ? R.Kernel : C.scopePath(R.Kernel, R.Scope);
      F.Source = sourceLine(L.Source);
      const DispatchShape *D = C.longestOf(R.Kernel);
      if (D)
        F.Dispatch = D->number();
      uint64_t Waves = std::max<uint64_t>(1, R.Waves);
      F.GainCycles = Unhidden / double(Waves);
      F.GainPercent = TriageContext::percent(F.GainCycles, D);
      F.add("instruction", L.Isa);
      F.add("stall_cycles", int64_t(L.Cost.Stall));
      F.add("unhidden_stall_cycles", int64_t(Unhidden + 0.5));
      F.add("executions", int64_t(L.Cost.Count));
      F.add("scope_instruction_cycles", int64_t(R.Total.Cycles));
      F.add("share", Share);
      F.add("waves", int64_t(R.Waves));
      std::string For;
      if (Wait) {
        // A counter of in-order operations waiting down to N is satisfied
        // once all but the N newest are done: it waits for the one before
        // those N.
        std::string Counter = counterOf(L.Isa);
        unsigned Newer = countOf(L.Isa, Counter);
        const auto &Lines = Code[{R.Kernel, L.CodeObject}];
        for (auto It = Lines.lower_bound(L.Vaddr); It != Lines.begin();) {
          --It;
          if (countedBy(It->second->Isa, Counter) && Newer-- == 0) {
            std::string Op = It->second->Isa.substr(0, It->second->Isa.find(' '));
            std::optional<std::string> At = sourceLine(It->second->Source);
            For = Op + (At ? " at " + *At : "");
            F.add("waited_for", It->second->Isa);
            if (At)
              F.add("waited_for_source", *At);
            break;
          }
        }
      }
      F.Conf = Known ? Confidence::High : Confidence::Medium;
      F.add("confidence_reason",
            std::string(Known ? "stall cycles of the target CU's waves, counted only while no other wave of the "
                                "SIMD issued"
                              : "stall cycles of the target CU's waves; whether another wave of the SIMD issued "
                                "meanwhile is not known, so some of it may be hidden"));
      char Line[320];
      std::snprintf(Line, sizeof Line, "%s%s%s waited %.0f cycles a wave%s%s (%.0f%% of the scope's instruction cycles)",
                    L.Isa.c_str(), F.Source ? " at " : "", F.Source ? F.Source->c_str() : "", F.GainCycles,
                    For.empty() ? "" : " for the ", For.c_str(), 100 * Share);
      F.Headline = Line;
      F.Action = kindInfo(F.K).Action;
      F.Verify = C.statsCommand("--instructions --top 20 " + TriageContext::kernelFilter(R.Kernel));
      Out.push_back(std::move(F));
    }
  }
}

} // namespace sqtt::triage
