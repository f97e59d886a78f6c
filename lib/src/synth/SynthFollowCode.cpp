// SynthFollowCode.cpp - the code-following mode of a simulated wave: its
// records are the trace instructions its kernel's code issued (a
// KernelProgram's run), in order and at their cycles; on the target CU, the
// wave file lists every instruction of the same run. What the code does not
// determine is drawn: a data payload's value, an address block's lanes
// (consecutive lanes its access width apart from a base of the operation and
// the wave, as in[gid] addresses them; EXEC where the code leaves it
// unknown is every lane), trap-handler records and packed headers' arrival
// delays, as in the random mode.
#include "SynthWave.h"
#include "sqtt/trace/TraceModel.h"

#include <rocprof_trace_decoder/cxx/marker_value.hpp>

#include <algorithm>
#include <limits>

namespace sqtt {

namespace mv = sqtt_marker_value;

void SlotGen::issueInstructions(int64_t Cycle) {
  if (!Detailed)
    return;
  // The tools put an instruction in the scope of the last record at or
  // before its time: an entry's own s_ttracedata is inside its scope, an
  // exit's outside. Issued in code order, the same holds here.
  uint32_t Key = Stack.empty() ? 0 : Stack.back() + 1;
  const std::vector<ProgramLine> &Listing = CO->Program->listing();
  for (; ExecutedNext < Code.Executed.size() && Code.Executed[ExecutedNext].Cycle < Cycle; ++ExecutedNext) {
    const ExecutedInstruction &E = Code.Executed[ExecutedNext];
    const ProgramLine &L = Listing[E.Row];
    Detail.Instructions.push_back({CodeStart + E.Cycle, E.Category, L.Stall, L.Cycles, listingLine(E.Row)});
    DetailKeys.push_back(Key);
  }
}

bool SlotGen::refillFromCode() {
  if (CodeNext >= Code.Records.size()) {
    // The wave lives until its s_endpgm, records or not.
    issueInstructions(std::numeric_limits<int64_t>::max());
    Time = std::max(Time, CodeStart + Code.Cycles);
    if (!Stack.empty()) {
      // The code ended with scopes open (cut at --max-steps, or code the
      // verifier rejects): closed at the wave's end so every interval has one.
      ++OpenAtEnd;
      while (closeInnermost())
        ++Time;
    }
    LastArrival = std::max(LastArrival, Time);
    endWave();
    return false;
  }
  const ProgramRecord &R = Code.Records[CodeNext++];
  issueInstructions(R.Cycle);
  // Every instruction takes a cycle at least, so this is the code's cycle.
  Time = std::max(Time + 1, CodeStart + R.Cycle);
  if ((R.Known & mv::flag_mask) != mv::flag_mask) {
    ++UnknownHeaders; // not even whether it enters or exits is the code's
    return true;
  }
  // A packed header's top bits are its clock sample: only the rest is the
  // code's.
  uint32_t Mine = CO->layout().kept_mask();
  bool IdKnown = (R.Known & Mine) == Mine;
  uint32_t Value = R.Value & Mine, ID = mv::id_of(Value);
  if (S.PrivPercent && CO->MarksPrivileged && rnd(100) < S.PrivPercent)
    emit(Time, uint32_t(Rng()), true, RecordFlagPriv);
  bool Enter = mv::enters(Value), Exit = mv::exits_previous(Value);
  if (Enter || Exit) {
    // A scope whose ID the code computes from data is left out, and so is
    // the exit that closes it: Opened follows the code's own nesting.
    bool CloseReal = Exit, OpenReal = false;
    if (Exit && !Opened.empty()) {
      CloseReal = Opened.back();
      Opened.pop_back();
    }
    auto Scope = IdKnown ? CO->ScopeOf.find(ID) : CO->ScopeOf.end();
    if (Enter) {
      OpenReal = Scope != CO->ScopeOf.end();
      Opened.push_back(OpenReal);
      UnknownHeaders += !OpenReal;
    }
    if (!CloseReal && !OpenReal)
      return true;
    scopeRecord(Time);
    if (CloseReal && !Stack.empty())
      closeSlice(Time);
    if (OpenReal)
      openSlice(Scope->second, Time);
    emit(Time, OpenReal ? mv::encode(ID, true, CloseReal) : mv::bare_exit, true);
    return true;
  }
  if (!IdKnown) {
    ++UnknownHeaders;
    return true;
  }
  if (auto A = CO->AddressOf.find(ID); A != CO->AddressOf.end()) {
    const AddressOp &Op = CO->Addresses[A->second];
    size_t Words = std::min(sqtt_address_block::payload_words(Op.Proto, CO->WaveSize), Code.Records.size() - CodeNext);
    codeAddressBlock(Op, Time, Code.Records.data() + CodeNext, Words);
    CodeNext += Words;
    return true;
  }
  auto Name = CO->PointNames.find(ID);
  if (Name == CO->PointNames.end()) {
    ++UnknownHeaders;
    return true;
  }
  emit(Time, Value, true);
  auto Payload = CO->PayloadOf.find(ID);
  if (Payload == CO->PayloadOf.end()) {
    waveTruth('I') << Time << " - " << Name->second << '\n';
    ++T.Instants;
    return true;
  }
  int64_t Header = Time;
  for (uint32_t K = 0; K < Payload->second && CodeNext < Code.Records.size(); ++K) {
    const ProgramRecord &P = Code.Records[CodeNext++];
    uint32_t Word = P.Known == ~0u ? P.Value : uint32_t(Rng());
    Time = std::max(Time + 1, CodeStart + P.Cycle);
    emit(Time, Word, false);
    if (K == 0 && Payload->second == 1) {
      waveTruth('I') << Header << ' ' << Word << ' ' << Name->second << '\n';
      *T.Data << CO->Kernel << '\t' << Name->second << '\t' << Word << '\n';
      ++T.Instants;
    }
  }
  return true;
}

void SlotGen::codeAddressBlock(const AddressOp &Op, int64_t Now, const ProgramRecord *Code, size_t Words) {
  uint32_t W = CO->WaveSize;
  uint64_t All = W == 64 ? ~0ull : 0xFFFFFFFFull;
  auto Known = [&](size_t K) { return K < Words && Code[K].Known == ~0u; };
  uint64_t Exec = Known(0) && Known(1) ? (uint64_t(Code[0].Value) | uint64_t(Code[1].Value) << 32) & All : All;
  // Each word at the cycle its s_ttracedata issued (a word the code did not
  // reach, a cycle after the one before).
  size_t Word = 0;
  int64_t At = Now;
  auto NextTime = [&] {
    At = Word < Words ? std::max(At + 1, CodeStart + Code[Word].Cycle) : At + 1;
    ++Word;
    return At;
  };
  emit(Now, mv::encode(Op.ID, false, false), true);
  --WaveMarkers; // an address block's header is not a marker the walk sees
  emit(NextTime(), uint32_t(Exec), false);
  emit(NextTime(), uint32_t(Exec >> 32), false);
  uint32_t Stride = Op.AccessBytes ? Op.AccessBytes : 4;
  // One base per object, the same for every wave of every dispatch (the
  // program's buffer); each wave's lanes at its place in the grid.
  uint64_t WaveIndex =
      ((((uint64_t(SE) * S.CUs + CU) * S.SIMDs + SIMD) * S.WavesPerSIMD + Wave) * (S.Relaunches + 1) + Run);
  uint64_t Base = 0x7F0000000000ull + (uint64_t(Op.Object) << 38) + WaveIndex * W * Stride;
  std::vector<uint64_t> Active;
  auto Lane = [&](uint32_t L, uint64_t Address) {
    if ((Exec >> L) & 1)
      Active.push_back(Address);
  };
  if (sqtt_address_block::is_buffer(Op.Proto)) {
    // A raw buffer's lanes step through offsets; a structured one's through
    // records of the access width (the resource's stride).
    bool Struct = Op.Proto == sqtt_address_block::protocol::struct_buffer;
    uint64_t Buf = Base & 0xFFFFFFFFFFFFull;
    uint32_t RecordStride = Struct ? std::min(Stride, sqtt_address_block::max_buffer_stride) : 0;
    emit(NextTime(), uint32_t(Buf), false);
    emit(NextTime(), sqtt_address_block::buffer_rsrc_hi(Buf, RecordStride), false);
    emit(NextTime(), 0, false);
    for (uint32_t L = 0; L < W; ++L)
      emit(NextTime(), Struct ? 0 : L * Stride, false);
    if (Struct)
      for (uint32_t L = 0; L < W; ++L)
        emit(NextTime(), L, false);
    for (uint32_t L = 0; L < W; ++L)
      Lane(L, Buf + (Struct ? uint64_t(L) * RecordStride : uint64_t(L) * Stride));
  } else if (Op.Proto == sqtt_address_block::protocol::memory) {
    for (uint32_t L = 0; L < W; ++L) {
      uint64_t Address = Base + uint64_t(L) * Stride;
      emit(NextTime(), uint32_t(Address), false);
      emit(NextTime(), uint32_t(Address >> 32), false);
      Lane(L, Address);
    }
  } else {
    // LDS: an object's place in the workgroup's allocation, the same for
    // every operation on it.
    uint64_t Offset = (uint64_t(Op.Object) * 1024) % 32768;
    for (uint32_t L = 0; L < W; ++L) {
      uint64_t Address = Offset + uint64_t(L) * Stride;
      emit(NextTime(), uint32_t(Address), false);
      Lane(L, Address);
    }
  }
  addressTruth(Op, Exec, Active, At);
}

} // namespace sqtt
