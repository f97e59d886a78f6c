// SynthWave.cpp - one simulated wave slot: its waves' records, in the
// random mode drawn from the funcmap, and the truth they add. The truth
// follows the tools' rules: self time between consecutive scope records of a
// wave is attributed to the open stack; points and payloads do not split
// intervals. Packed gfx12 headers carry (issue + phase) in their clock field
// and arrive after a random delay; the first header of each SIMD arrives
// undelayed, so the att step can recover issue times to within its sampling
// buckets.
#include "SynthWave.h"
#include "sqtt/trace/TraceModel.h"

#include <rocprof_trace_decoder/cxx/marker_value.hpp>

#include <algorithm>
#include <cstdio>

namespace sqtt {

SlotGen::SlotGen(const SynthScenario &S, const SynthCO &CO, uint32_t Dispatch, uint32_t DirIdx, uint32_t SE,
                 uint32_t CU, uint32_t SIMD, uint32_t Wave, int64_t Phase, bool &FirstOfSimd, Truth &T)
    : S(S), CO(&CO), Dispatch(Dispatch), DirIdx(DirIdx), SE(SE), CU(CU), SIMD(SIMD), Wave(Wave), Phase(Phase),
      FirstOfSimd(FirstOfSimd), T(T),
      Rng(S.Seed * 0x9E3779B97F4A7C15ull ^ (uint64_t(DirIdx) << 48) ^ (uint64_t(SE) << 32) ^
          (uint64_t(CU) << 16) ^ (uint64_t(SIMD) << 8) ^ Wave),
      // Instructions come from running the code; the random mode has none.
      Detailed(S.TargetCU >= 0 && CU == uint32_t(S.TargetCU) && CO.Program) {
  Time = 100 + int64_t(Rng() % 97);
  startRun();
  refill();
}

uint64_t SlotGen::waveSeed() const {
  return S.Seed * 0xA24BAED4963EE407ull ^ (uint64_t(DirIdx) << 48) ^ (uint64_t(SE) << 32) ^ (uint64_t(CU) << 16) ^
         (uint64_t(SIMD) << 8) ^ Wave;
}

Rec SlotGen::pop() {
  Rec R = Pending.front();
  Pending.pop_front();
  if (Pending.empty())
    refill();
  return R;
}

void SlotGen::startRun() {
  Events = S.EventsPerWave;
  Stack.clear();
  Node = 0;
  LastScope = -1;
  WaveScoped = WaveMarkers = 0;
  Detail = {};
  DetailKeys.clear();
  ExecutedNext = 0;
  Launches.push_back({Time - 5, 0, Dispatch});
  Prefix = "code_object_" + std::to_string(CO->ID) + (CO->Target.empty() ? "" : " (" + CO->Target + ")") +
           ";" + CO->Kernel;
  if (CO->Program) {
    Opened.clear();
    uint64_t DispatchSeed = S.Seed * 0xBF58476D1CE4E5B9ull ^ (uint64_t(DirIdx) + 1);
    Code = CO->Program->run({SE, CU, SIMD, Wave, DispatchSeed}, waveSeed() + Run, Detailed);
    CodeNext = 0;
    CodeStart = Time;
    CutWaves += Code.Cut;
  }
}

void SlotGen::emit(int64_t Issue, uint32_t Value, bool Header, uint8_t Flags) {
  int64_t Arrival = Issue;
  if (CO->Bits && Header && !(Flags & RecordFlagPriv)) {
    int64_t Delay = FirstOfSimd ? 0 : int64_t(rnd(S.MaxDelay + 1));
    FirstOfSimd = false;
    Arrival = Issue + Delay;
    Value |= CO->layout().pack(0, uint32_t(Issue + Phase));
    *T.Headers << DirIdx << ' ' << SE << ' ' << CU << ' ' << SIMD << ' ' << Wave << ' ' << Issue << '\n';
  }
  if (Header && !(Flags & RecordFlagPriv))
    ++WaveMarkers;
  Arrival = std::max(Arrival, LastArrival); // a wave's records arrive in order
  LastArrival = Arrival;
  Pending.push_back({Arrival, Issue, Value, Flags, Header, Run});
}

void SlotGen::scopeRecord(int64_t Now) {
  if (LastScope >= 0 && !Stack.empty()) {
    std::string Key = Prefix;
    for (size_t I = 0; I < Stack.size(); ++I)
      Key += ";" + CO->Scopes[Stack[I]].second;
    T.Folded[Key] += uint64_t(Now - LastScope);
    // Each segment's two ends are headers the att step may re-time; the
    // kernel frame's self time is its waves' lives less every segment.
    ++T.Segments[Key];
    ++T.Segments[Prefix];
    SliceSelf.back() += uint64_t(Now - LastScope);
    WaveScoped += uint64_t(Now - LastScope);
  }
  LastScope = Now;
}

void SlotGen::openSlice(uint32_t Scope, int64_t Now, uint32_t TreeNode) {
  Node = TreeNode;
  Stack.push_back(Scope);
  SliceStart.push_back(Now);
  SliceSelf.push_back(0);
}

void SlotGen::closeSlice(int64_t Now) {
  const std::string &Name = CO->Scopes[Stack.back()].second;
  auto &E = T.Slices[Name];
  E.first += 1;
  E.second += uint64_t(Now - SliceStart.back());
  waveTruth('S') << SliceStart.back() << ' ' << Now << ' ' << Name << '\n';
  *T.Intervals << CO->Kernel << '\t' << CO->Scopes[Stack.back()].second << '\t'
               << (CO->UserScope[Stack.back()] ? "user" : "function") << '\t' << DirIdx << '/' << SE
               << '/' << CU << '/' << SIMD << '/' << Wave << '/' << Run << '\t'
               << (Now - SliceStart.back()) << '\t' << SliceSelf.back() << '\n';
  Stack.pop_back();
  SliceStart.pop_back();
  SliceSelf.pop_back();
  if (!CO->Tree.empty())
    Node = CO->Tree[Node].Parent;
}

void SlotGen::finishDetail() {
  Detail.SIMD = SIMD, Detail.Slot = Wave, Detail.Run = Run;
  Detail.Begin = Launches.back().Start, Detail.End = Launches.back().End;
  if (T.Lines)
    T.Lines->add(Detail);
  std::vector<InstructionTruth::Key> KeyOf;
  for (uint32_t K : DetailKeys)
    KeyOf.push_back(K == 0 ? InstructionTruth::Key{CO->Kernel, "(no scope)", "kernel"}
                           : InstructionTruth::Key{CO->Kernel, CO->Scopes[K - 1].second,
                                                   CO->UserScope[K - 1] ? "user" : "function"});
  T.Instructions.wave(Detail, KeyOf);
  Details.push_back(std::move(Detail));
}

std::ostream &SlotGen::waveTruth(char Kind) {
  return *T.Events << DirIdx << ' ' << SE << ' ' << CU << ' ' << SIMD << ' ' << Wave << ' ' << Run
                  << ' ' << Kind << ' ';
}

void SlotGen::addressBlock(const AddressOp &Op, int64_t Now) {
  uint32_t W = CO->WaveSize;
  uint64_t Exec = rnd(3) == 0 ? (W == 64 ? ~0ull : 0xFFFFFFFFull)
                              : ((uint64_t(Rng()) | 1) & (W == 64 ? ~0ull : 0xFFFFFFFFull));
  emit(Now, sqtt_marker_value::encode(Op.ID, false, false), true);
  --WaveMarkers; // an address block's header is not a marker the walk sees
  emit(Now + 1, uint32_t(Exec), false);
  emit(Now + 2, uint32_t(Exec >> 32), false);
  std::vector<uint64_t> Active;
  int64_t At = Now + 3;
  uint64_t Base = 0x7F0000000000ull + (uint64_t(rnd(1 << 16)) << 12);
  if (sqtt_address_block::is_buffer(Op.Proto)) {
    uint32_t Stride = 4 << rnd(4), SOffset = rnd(256) * 4;
    uint64_t Buf = Base & 0xFFFFFFFFFFFFull;
    emit(At++, uint32_t(Buf), false);
    emit(At++, sqtt_address_block::buffer_rsrc_hi(Buf, Stride), false);
    emit(At++, SOffset, false);
    std::vector<uint32_t> VOff(W), VIdx(W);
    static const uint32_t Steps[] = {4, 16, 128};
    uint32_t Step = Steps[rnd(3)];
    for (uint32_t L = 0; L < W; ++L) {
      VOff[L] = L * Step + rnd(2) * 64;
      VIdx[L] = L + rnd(3);
    }
    for (uint32_t L = 0; L < W; ++L)
      emit(At++, VOff[L], false);
    if (Op.Proto == sqtt_address_block::protocol::struct_buffer)
      for (uint32_t L = 0; L < W; ++L)
        emit(At++, VIdx[L], false);
    for (uint32_t L = 0; L < W; ++L)
      if ((Exec >> L) & 1)
        Active.push_back(Buf + SOffset + VOff[L] +
                         (Op.Proto == sqtt_address_block::protocol::struct_buffer ? uint64_t(VIdx[L]) * Stride : 0));
  } else {
    // Access patterns with known costs: coalesced, strided, one line or
    // bank per lane, broadcast, and random jitter that mixes them.
    static const uint32_t MemorySteps[] = {4, 8, 16, 128, 0};
    static const uint32_t LdsSteps[] = {4, 8, 128, 0, 4};
    uint32_t Pattern = rnd(5);
    uint32_t Step = Op.Proto == sqtt_address_block::protocol::memory ? MemorySteps[Pattern] : LdsSteps[Pattern];
    uint32_t Jitter = Pattern == 1 || Pattern == 4 ? 2 : 1;
    for (uint32_t L = 0; L < W; ++L) {
      uint64_t Addr = Op.Proto == sqtt_address_block::protocol::memory ? Base + L * Step + rnd(Jitter) * 256
                                                    : L * Step + rnd(Jitter) * 128;
      emit(At++, uint32_t(Addr), false);
      if (Op.Proto == sqtt_address_block::protocol::memory)
        emit(At++, uint32_t(Addr >> 32), false);
      if ((Exec >> L) & 1)
        Active.push_back(Addr);
    }
  }
  addressTruth(Op, Exec, Active, At);
}

void SlotGen::addressTruth(const AddressOp &Op, uint64_t Exec, const std::vector<uint64_t> &Active, int64_t End) {
  bool Narrow = sqtt_address_block::has_32bit_addresses(Op.Proto);
  *T.Addresses << DirIdx << ' ' << Op.Kind << ' ' << Op.ID << ' ' << SE << ' ' << CU << ' ' << SIMD << ' '
               << Wave << ' ' << Launches.back().Dispatch << ' ' << CO->ID;
  char Buf[24];
  std::snprintf(Buf, sizeof Buf, " 0x%016llx", (unsigned long long)Exec);
  *T.Addresses << Buf;
  for (uint64_t A : Active) {
    std::snprintf(Buf, sizeof Buf, Narrow ? " 0x%08llx" : " 0x%016llx", (unsigned long long)A);
    *T.Addresses << Buf;
  }
  *T.Addresses << '\n';
  ++AddressBlocks;
  Time = End;
}

void SlotGen::refill() {
  while (Pending.empty() && Run <= S.Relaunches)
    if (!(CO->Program ? refillFromCode() : refillRandom()) && Run <= S.Relaunches)
      startRun();
}

bool SlotGen::closeInnermost() {
  if (Stack.empty())
    return false;
  scopeRecord(Time);
  closeSlice(Time);
  emit(Time, sqtt_marker_value::bare_exit, true);
  return true;
}

void SlotGen::endWave() {
  Launches.back().End = LastArrival + 5;
  if (Detailed)
    finishDetail();
  // The kernel frame's own time (D25): the wave's lifetime less its
  // scoped time, for a wave with markers.
  uint64_t Life = uint64_t(Launches.back().End - Launches.back().Start);
  if (WaveMarkers && Life > WaveScoped)
    T.Folded[Prefix] += Life - WaveScoped;
  *T.Waves << CO->Kernel << '\t' << Life << '\t' << WaveScoped << '\t' << (WaveMarkers ? 1 : 0) << '\n';
  ++Run;
  // A slot runs one wave at a time: the next launches after this one's
  // last record arrived (a delayed packed header included).
  Time = std::max(Time, Launches.back().End) + 200 + rnd(800);
}

bool SlotGen::refillRandom() {
  Time += S.EventGap ? 1 + rnd(2 * S.EventGap - 1) : 10 + rnd(490);
  if (Events == 0) {
    if (closeInnermost())
      return true;
    endWave();
    return false;
  }
  --Events;
  if (S.PrivPercent && CO->MarksPrivileged && rnd(100) < S.PrivPercent)
    emit(Time, uint32_t(Rng()), true, RecordFlagPriv);
  uint32_t R = rnd(100);
  if (R < 30 && !CO->Tree.empty()) {
    // Along the call tree: a child of the current stack, or with a fused
    // exit+enter a sibling of its innermost scope.
    bool Fuse = !Stack.empty() && R < 8;
    const std::vector<uint32_t> &Kids = CO->Tree[Fuse ? CO->Tree[Node].Parent : Node].Children;
    if (!Kids.empty()) {
      uint32_t Child = Kids[rnd(uint32_t(Kids.size()))];
      uint32_t Scope = CO->Tree[Child].Scope;
      scopeRecord(Time);
      if (Fuse)
        closeSlice(Time);
      openSlice(Scope, Time, Child);
      emit(Time, sqtt_marker_value::encode(CO->Scopes[Scope].first, true, Fuse), true);
      return true;
    }
  }
  if (R < 30 && CO->Tree.empty() && Stack.size() < S.MaxDepth && !CO->Scopes.empty()) {
    uint32_t Scope = rnd(uint32_t(CO->Scopes.size()));
    bool Fuse = !Stack.empty() && R < 8;
    scopeRecord(Time);
    if (Fuse)
      closeSlice(Time);
    openSlice(Scope, Time);
    emit(Time, sqtt_marker_value::encode(CO->Scopes[Scope].first, true, Fuse), true);
  } else if (R < 55 && !Stack.empty()) {
    scopeRecord(Time);
    closeSlice(Time);
    emit(Time, sqtt_marker_value::bare_exit, true);
  } else if (R < 65 && !CO->Points.empty()) {
    uint32_t ID = CO->Points[rnd(uint32_t(CO->Points.size()))];
    emit(Time, sqtt_marker_value::encode(ID, false, false), true);
    waveTruth('I') << Time << " - " << CO->PointNames.at(ID) << '\n';
    ++T.Instants;
  } else if (R < 70 && !CO->Data.empty()) {
    uint32_t ID = CO->Data[rnd(uint32_t(CO->Data.size()))], Value = uint32_t(Rng());
    emit(Time, sqtt_marker_value::encode(ID, false, false), true);
    emit(Time + 1, Value, false);
    waveTruth('I') << Time << ' ' << Value << ' ' << CO->PointNames.at(ID) << '\n';
    *T.Data << CO->Kernel << '\t' << CO->PointNames.at(ID) << '\t' << Value << '\n';
    ++T.Instants;
  } else if (R < 75 && !CO->Addresses.empty()) {
    addressBlock(CO->Addresses[rnd(uint32_t(CO->Addresses.size()))], Time);
  }
  return true;
}

} // namespace sqtt
