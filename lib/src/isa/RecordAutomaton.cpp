// RecordAutomaton.cpp - the walk that turns a kernel's code into the record
// sequences one wave can produce.
#include "sqtt/isa/RecordAutomaton.h"

#include <rocprof_trace_decoder/cxx/marker_value.hpp>

#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

namespace sqtt::isa {

namespace hwid = sqtt_hardware_ids;
namespace rtd = rocprof_trace_decoder::codeobj;
namespace mv = sqtt_marker_value;

namespace {

/// A callee the walk is inside of: where it returns to, and what the calling
/// convention restores there.
struct Frame {
  const Function *F;
  size_t Return;
  ScalarMachine AtCall;
};

struct Path {
  const Function *F;
  size_t At;
  std::vector<Frame> Calls;
  uint32_t Prev; // the state of the last record on this path
  ScalarMachine M;
  uint32_t Pending = 0; // payload records the last header still expects
};

/// Calls deeper than this are not followed (recursion): the automaton is cut.
constexpr size_t MaxCallDepth = 32;

void appendPointer(std::string &Key, const void *P) {
  Key.append(reinterpret_cast<const char *>(&P), sizeof P);
}
void appendIndex(std::string &Key, size_t I) { Key.append(reinterpret_cast<const char *>(&I), sizeof I); }

/// Where a path is: its call context and instruction.
std::string placeKey(const Path &P) {
  std::string Key;
  for (const Frame &Fr : P.Calls) {
    appendPointer(Key, Fr.F);
    appendIndex(Key, Fr.Return);
  }
  appendPointer(Key, P.F);
  appendIndex(Key, P.At);
  appendIndex(Key, P.Pending);
  return Key;
}

class Builder {
public:
  Builder(const CodeObjectIsa &Isa, const HardwareIds &Hw, const rtd::Funcmap *Map, size_t MaxSteps)
      : Isa(Isa), Hw(Hw), Map(Map), MaxSteps(MaxSteps) {
    Addresses.push_back(0);
    Ends.push_back(0);
  }

  void walk(const Function &Kernel) {
    std::vector<Path> Work;
    Work.push_back({&Kernel, 0, {}, 0, ScalarMachine(Kernel.WaveSize)});
    std::unordered_map<std::string, ScalarMachine> Seen;
    size_t Steps = 0;
    while (!Work.empty()) {
      Path P = std::move(Work.back());
      Work.pop_back();
      while (true) {
        if (++Steps > MaxSteps) {
          Cut = true;
          return;
        }
        if (P.At >= P.F->Insts.size()) {
          Ends[P.Prev] = 1; // runs off its function: the model follows no further
          break;
        }
        // Paths meeting at a branch target after the same record are joined
        // (the new one goes on only with what it adds), so loops end.
        if (joinPoint(*P.F, P.At)) {
          std::string Key = placeKey(P);
          appendIndex(Key, P.Prev);
          auto [It, New] = Seen.try_emplace(std::move(Key), P.M);
          if (!New) {
            if (!It->second.joinWith(P.M))
              break;
            P.M = It->second;
          }
        }
        const Instruction &I = P.F->Insts[P.At];
        if (I.isTrace()) {
          Bits V = P.M.traceValue(I);
          P.Pending = P.Pending ? P.Pending - 1 : payloadAfter(V);
          uint32_t To = stateOf(P, I.Address);
          EdgeSet.insert({P.Prev, To, V.V & V.Known, V.Known});
          P.Prev = To;
        }
        if (I.Kind == Flow::End || I.Kind == Flow::Indirect || (I.Kind == Flow::Return && P.Calls.empty())) {
          Ends[P.Prev] = 1;
          break;
        }
        if (I.Kind == Flow::Return) {
          Frame Back = std::move(P.Calls.back());
          P.Calls.pop_back();
          P.M.returnTo(Back.AtCall);
          P.F = Back.F;
          P.At = Back.Return;
          continue;
        }
        if (I.Kind == Flow::Call) {
          std::optional<uint64_t> Target = P.M.callTarget(I);
          const Function *Callee = Target ? Isa.functionAt(*Target) : nullptr;
          size_t Entry = Callee ? Callee->indexOf(*Target) : Function::npos;
          if (Entry == Function::npos || P.Calls.size() >= MaxCallDepth) {
            // A callee the model cannot follow may record anything.
            Cut = true;
            P.M.execute(I, Hw);
            ++P.At;
            continue;
          }
          P.M.execute(I, Hw, &NoEffect);
          P.Calls.push_back({P.F, P.At + 1, P.M});
          P.F = Callee;
          P.At = Entry;
          continue;
        }
        if (I.Kind == Flow::Branch || I.Kind == Flow::CondBranch) {
          std::optional<bool> Taken = P.M.branchTaken(I);
          size_t Target = I.Target ? P.F->indexOf(*I.Target) : Function::npos;
          if (Target == Function::npos) {
            if (!Taken || *Taken)
              Ends[P.Prev] = 1; // leaves the code the model knows
            if (Taken && *Taken)
              break;
            ++P.At;
            continue;
          }
          if (!Taken) {
            Path Other = P;
            Other.At = Target;
            Work.push_back(std::move(Other));
            ++P.At;
          } else {
            P.At = *Taken ? Target : P.At + 1;
          }
          continue;
        }
        P.M.execute(I, Hw);
        ++P.At;
      }
    }
  }

private:
  /// The records the header \p V says follow it (its R: row): none for an
  /// enter, an exit, a value whose ID or flags the code does not fix.
  uint32_t payloadAfter(Bits V) const {
    if (!Map)
      return 0;
    uint32_t Needed = Map->marker_encoding.marker_id_mask() | mv::flag_mask;
    if ((V.Known & Needed) != Needed)
      return 0;
    uint32_t Flags = V.V & mv::flag_mask;
    if ((Flags & mv::enter_flag) || Flags == mv::exit_prev_flag)
      return 0;
    const rtd::FuncmapEntry *E = Map->find(rtd::decode_marker_value(V.V, Map->marker_encoding).id);
    return E ? E->extra_payload_count : 0;
  }

  bool joinPoint(const Function &F, size_t At) {
    auto [It, New] = JoinPoints.try_emplace(&F);
    if (New) {
      It->second.assign(F.Insts.size(), 0);
      for (const Instruction &I : F.Insts)
        if (I.Target && (I.Kind == Flow::Branch || I.Kind == Flow::CondBranch))
          if (size_t T = F.indexOf(*I.Target); T != Function::npos)
            It->second[T] = 1;
    }
    return It->second[At];
  }

  uint32_t stateOf(const Path &P, uint64_t Address) {
    auto [It, New] = States.try_emplace(placeKey(P), uint32_t(Addresses.size()));
    if (New) {
      Addresses.push_back(Address);
      Ends.push_back(0);
    }
    return It->second;
  }

  const CodeObjectIsa &Isa;
  const HardwareIds &Hw;
  const rtd::Funcmap *Map;
  size_t MaxSteps;
  const CallEffect NoEffect; // a callee walked into changes what it executes, no more
  std::unordered_map<const Function *, std::vector<char>> JoinPoints;
  std::unordered_map<std::string, uint32_t> States;

public:
  // What the walk found: per state its address and whether the wave may
  // end there; the edges (from, to, value, known bits), sorted by from.
  std::vector<uint64_t> Addresses;
  std::vector<char> Ends;
  std::set<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t>> EdgeSet;
  bool Cut = false;
};

} // namespace

RecordAutomaton RecordAutomaton::build(const CodeObjectIsa &Isa, const Function &Kernel, const HardwareIds &Hw,
                                       const rtd::Funcmap *Map, size_t MaxSteps) {
  Builder B(Isa, Hw, Map, MaxSteps);
  B.walk(Kernel);
  RecordAutomaton A;
  A.EdgeBegin.assign(B.Addresses.size() + 1, 0);
  for (const auto &E : B.EdgeSet)
    ++A.EdgeBegin[std::get<0>(E) + 1];
  for (size_t S = 0; S < B.Addresses.size(); ++S)
    A.EdgeBegin[S + 1] += A.EdgeBegin[S];
  A.Edges.reserve(B.EdgeSet.size());
  for (const auto &[From, To, Value, Known] : B.EdgeSet)
    A.Edges.push_back({To, {Value, Known}});
  A.Address = std::move(B.Addresses);
  A.MayEnd = std::move(B.Ends);
  A.Cut = B.Cut;
  return A;
}

HardwareIdsRead hardwareIdsRead(const CodeObjectIsa &Isa) {
  HardwareIdsRead R;
  for (const Function &F : Isa.functions())
    for (const Instruction &I : F.Insts)
      if (I.What.Kind == Family::GetReg && I.Ops.size() > 1 && I.op(1).isImm()) {
        hwid::field Field = hwid::field_of_getreg_imm(uint32_t(I.op(1).Imm));
        uint32_t Bits = Field.bits();
        if (Field.hwreg == hwid::hw_id)
          R.HwId |= Bits;
        else if (Field.hwreg == hwid::hw_id1)
          R.HwId1 |= Bits;
        else if (Field.hwreg == hwid::hw_id2)
          R.HwId2 |= Bits;
      }
  return R;
}

HardwareIds traceWaveIds(hwid::generation Generation, const HardwareIdsRead &Read, uint32_t SE, uint32_t CU,
                         uint32_t SIMD, uint32_t Slot) {
  HardwareIds Ids;
  if (Generation == hwid::generation::unknown)
    return Ids;
  // Every register starts unknown; a field the trace tells becomes known.
  Ids.HwId = Ids.HwId1 = Ids.HwId2 = 0;
  Ids.UnknownHwId = Ids.UnknownHwId1 = Ids.UnknownHwId2 = ~0u;
  auto Set = [&](hwid::field F, uint32_t Id) {
    if (!F.valid())
      return;
    std::optional<uint32_t> &R = Ids.registerOf(F.hwreg);
    R = F.insert(*R, Id);
    Ids.unknownOf(F.hwreg) &= ~F.bits();
  };
  Set(hwid::field_of(Generation, hwid::dimension::wave), Slot);
  Set(hwid::field_of(Generation, hwid::dimension::simd), SIMD);
  Set(hwid::field_of(Generation, hwid::dimension::cu), CU);
  Set(hwid::se_field(Generation), SE);
  // Bits no instruction reads are left unknown, so waves that differ only
  // there share a key.
  Ids.UnknownHwId |= ~Read.HwId;
  Ids.UnknownHwId1 |= ~Read.HwId1;
  Ids.UnknownHwId2 |= ~Read.HwId2;
  *Ids.HwId &= ~Ids.UnknownHwId;
  *Ids.HwId1 &= ~Ids.UnknownHwId1;
  *Ids.HwId2 &= ~Ids.UnknownHwId2;
  return Ids;
}

std::array<uint32_t, 3> hardwareIdsKey(const HardwareIds &Hw) {
  return {Hw.HwId.value_or(0) | Hw.UnknownHwId, Hw.HwId1.value_or(0) | Hw.UnknownHwId1,
          Hw.HwId2.value_or(0) | Hw.UnknownHwId2};
}

} // namespace sqtt::isa
