// RecordBlocks.cpp - address blocks cut out, payloads skipped, headers kept.
#include "analysis/RecordBlocks.h"

namespace sqtt {

namespace {

namespace ab = sqtt_address_block;

/// The active lanes' addresses of the block whose words follow its header
/// (address_block.hpp's layout).
void decodeLanes(AddressKind Kind, uint32_t WaveSize, const SlotRecord *Words, AddressTrace &T) {
  auto Word = [&](size_t K) -> uint64_t { return Words[K].Value; };
  ab::protocol P = ab::protocol_of(Kind);
  T.Exec = Word(ab::exec_lo_word) | (Word(ab::exec_hi_word) << 32);
  if (ab::is_buffer(P)) {
    uint32_t RsrcLo = uint32_t(Word(ab::rsrc_lo_word)), RsrcHi = uint32_t(Word(ab::rsrc_hi_word));
    uint64_t Base = ab::buffer_base(RsrcLo, RsrcHi), SOffset = Word(ab::soffset_word);
    uint64_t Stride = ab::buffer_stride(RsrcHi);
    for (uint32_t Lane = 0; Lane < WaveSize; ++Lane) {
      if (!((T.Exec >> Lane) & 1))
        continue;
      uint64_t Addr = Base + SOffset + Word(ab::lane_word(P, WaveSize, Lane, 0));
      if (P == ab::protocol::struct_buffer)
        Addr += Word(ab::lane_word(P, WaveSize, Lane, 1)) * Stride;
      T.Addresses.push_back(Addr);
    }
    return;
  }
  for (uint32_t Lane = 0; Lane < WaveSize; ++Lane) {
    if (!((T.Exec >> Lane) & 1))
      continue;
    uint64_t Addr = Word(ab::lane_word(P, WaveSize, Lane, 0));
    if (P == ab::protocol::memory)
      Addr |= Word(ab::lane_word(P, WaveSize, Lane, 1)) << 32;
    T.Addresses.push_back(Addr);
  }
}

} // namespace

void RecordBlocks::run(uint32_t SE, SlotGroups &Groups, const Occupancy &Occ, DispatchTable &Dispatches,
                       const MarkerResolver &Resolver, Wants Wanted, RecordCounts &Counts,
                       const SlotTraces &OnTraces) {
  std::vector<SlotRecord> &Stream = Groups.Stream;
  HeaderEnd.assign(Groups.Slots.size(), 0);
  WithPayload.clear();
  PayloadWords.clear();
  Cut.clear();
  std::vector<AddressTrace> Traces;
  for (size_t S = 0; S < Groups.Slots.size(); ++S) {
    SlotKey Slot = Groups.Slots[S];
    size_t End = Groups.Start[S + 1], Kept = Groups.Start[S];
    Traces.clear();
    SpanCursor Cursor(Occ, Slot);
    for (size_t I = Groups.Start[S]; I < End;) {
      const SlotRecord &R = Stream[I];
      const WaveSpan *Span = Cursor.at(R.Time);
      const MarkerMap &Map = Dispatches.mapOf(Span);
      DecodedMarker D = Resolver.decode(R.Value, Map);
      if (D.Info && D.Info->Address != AddressKind::none) {
        AddressKind Kind = D.Info->Address;
        ++Counts.AddressBlocks;
        uint32_t W = Map.WaveSize;
        if (W != 32 && W != 64) {
          ++Counts.BadWaveSize;
          ++I; // Only the header is skipped.
          continue;
        }
        size_t Words = ab::payload_words(ab::protocol_of(Kind), W);
        if (End - I - 1 < Words) {
          ++Counts.TruncatedAddressBlocks;
          I = End;
          continue;
        }
        if (Wanted.Addresses) {
          AddressTrace &T = Traces.emplace_back();
          T.Kind = Kind;
          T.MarkerID = D.ID;
          T.Time = R.Time;
          T.SE = uint8_t(SE), T.CU = uint8_t(slotCU(Slot)), T.SIMD = uint8_t(slotSIMD(Slot)),
          T.Wave = uint8_t(slotWave(Slot));
          T.SourceLoc = D.Info->SourceLoc;
          T.AccessBytes = D.Info->AccessBytes;
          T.Base = D.Info->Base;
          T.WaveSize = uint8_t(W);
          T.Kernel = Dispatches.noKernel();
          if (Span) {
            const ResolvedDispatch &Of = Dispatches.of(Span->Dispatch);
            T.Dispatch = Span->Dispatch;
            T.Kernel = Of.Kernel;
            T.CodeObject = Of.Target.CodeObject;
          }
          decodeLanes(Kind, W, &Stream[I + 1], T);
        }
        ab::protocol P = ab::protocol_of(Kind);
        Cut.push_back({uint32_t(Kept), uint32_t(1 + Words), uint32_t(Words - ab::fixed_words(P)),
                       uint8_t(P == ab::protocol::memory)});
        I += 1 + Words;
        continue;
      }
      Stream[Kept++] = Stream[I];
      uint32_t Extra = D.Info ? D.Info->ExtraPayload : 0;
      if (Extra > End - I - 1) {
        ++Counts.TruncatedPayloads;
        Counts.PayloadRecords += End - I - 1;
        I = End;
        continue;
      }
      Counts.PayloadRecords += Extra;
      if (Extra && Wanted.Payloads) {
        WithPayload.push_back({uint32_t(Kept - 1), Extra});
        for (uint32_t K = 1; K <= Extra; ++K)
          PayloadWords.push_back(Stream[I + K].Value);
      }
      I += 1 + Extra;
    }
    HeaderEnd[S] = uint32_t(Kept);
    Counts.Headers += Kept - Groups.Start[S];
    if (!Traces.empty())
      OnTraces(S, Traces);
  }
}

} // namespace sqtt
