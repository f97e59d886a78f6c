// RecordBlocks.h - the second stage of the analysis: in each slot, the words
// that are not marker headers are taken out. An address-trace block (the
// header, EXEC, the lanes' addresses) is cut out and decoded; a header's
// declared payload words are skipped and kept for the consumers that show
// them; the headers stay, compacted at the front of the slot's records.
// The library's own header, not installed.
#pragma once

#include "analysis/DispatchTable.h"
#include "analysis/SlotGrouping.h"
#include "sqtt/trace/AddressTrace.h"
#include "sqtt/trace/ScopeStats.h"

#include <array>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace sqtt {

class RecordBlocks {
public:
  struct Wants {
    bool Payloads = false;  // keep the payload words of each header
    bool Addresses = false; // decode the address blocks
  };
  /// Slot \p Slot's decoded address traces, in time order (called once per
  /// slot that has any, so memory holds one slot's traces).
  using SlotTraces = std::function<void(size_t Slot, std::vector<AddressTrace> &Traces)>;

  /// Runs over every slot of \p Groups (engine \p SE), compacting it.
  void run(uint32_t SE, SlotGroups &Groups, const Occupancy &Occ, DispatchTable &Dispatches,
           const MarkerResolver &Resolver, Wants Wanted, RecordCounts &Counts, const SlotTraces &OnTraces);

  /// Slot S's headers are Stream[Start[S], headerEnd()[S]).
  const std::vector<uint32_t> &headerEnd() const { return HeaderEnd; }

  /// The payload words of headers asked for in increasing Stream index (the
  /// order of the wave walk): a cursor over the headers that have any, so a
  /// lookup costs no hashing.
  class Payloads;
  /// The address blocks cut out before a header, for what counts records
  /// (the scope statistics: a scope's records include its blocks).
  using BlocksBefore = AddressRecords;
  /// A cursor over them in increasing Stream index, as Payloads.
  class Blocks {
  public:
    explicit Blocks(const RecordBlocks &B) : B(B) {}
    /// The blocks cut out right before the header at Stream index \p Header
    /// (those before an earlier header, or after a slot's last, are passed).
    BlocksBefore before(uint32_t Header) {
      BlocksBefore Out;
      while (Next < B.Cut.size() && B.Cut[Next].Before < Header)
        ++Next;
      for (; Next < B.Cut.size() && B.Cut[Next].Before == Header; ++Next) {
        ++Out.Blocks;
        Out.Records += B.Cut[Next].Records;
        Out.Lanes[B.Cut[Next].TwoWords] += B.Cut[Next].Lanes;
      }
      return Out;
    }

  private:
    const RecordBlocks &B;
    size_t Next = 0;
  };

  class Payloads {
  public:
    explicit Payloads(const RecordBlocks &B) : B(B) {}
    /// The words of the header at Stream index \p Header (none unless
    /// Wants::Payloads).
    std::pair<const uint32_t *, uint32_t> of(uint32_t Header) {
      while (Next < B.WithPayload.size() && B.WithPayload[Next].Header < Header)
        Offset += B.WithPayload[Next++].Words;
      if (Next == B.WithPayload.size() || B.WithPayload[Next].Header != Header)
        return {nullptr, 0};
      return {B.PayloadWords.data() + Offset, B.WithPayload[Next].Words};
    }

  private:
    const RecordBlocks &B;
    size_t Next = 0, Offset = 0;
  };

private:
  std::vector<uint32_t> HeaderEnd;
  struct HeaderPayload {
    uint32_t Header, Words;
  };
  struct CutBlock {
    uint32_t Before, Records, Lanes; // Before: the compacted index of the header after it
    uint8_t TwoWords;                // lanes of two words (a 64-bit address)
  };
  std::vector<CutBlock> Cut;              // by Stream index
  std::vector<HeaderPayload> WithPayload; // by Stream index
  std::vector<uint32_t> PayloadWords;     // theirs, in that order
};

} // namespace sqtt
