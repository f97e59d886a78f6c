// SlotGrouping.cpp - one engine's records by wave slot, and wave instances.
#include "analysis/SlotGrouping.h"
#include "sqtt/support/HugePages.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>

namespace sqtt {

namespace {

/// Once a record's slot is known, its slot fields are no longer needed, so
/// they hold the slot's ordinal instead: no side array of 4 bytes per record.
constexpr uint32_t NoSlot = UINT32_MAX;
static_assert(offsetof(Record, Flags) == offsetof(Record, CU) + 3, "slot fields are contiguous");
void setSlotOrdinal(Record &R, uint32_t Ordinal) { std::memcpy(&R.CU, &Ordinal, sizeof Ordinal); }
uint32_t slotOrdinal(const Record &R) {
  uint32_t Ordinal;
  std::memcpy(&Ordinal, &R.CU, sizeof Ordinal);
  return Ordinal;
}

/// One engine's slot ordinals by (CU, SIMD, wave): a page of 256 waves per
/// (CU, SIMD) pair seen. A hash lookup per record cost more than the rest of
/// the grouping.
class SlotOrdinals {
public:
  SlotOrdinals() : Pages(1 << 16) {}
  uint32_t &at(const Record &R) {
    std::unique_ptr<uint32_t[]> &Page = Pages[(uint32_t(R.CU) << 8) | R.SIMD];
    if (!Page) {
      Page.reset(new uint32_t[256]);
      std::fill_n(Page.get(), 256, NoSlot);
    }
    return Page[R.Wave];
  }

private:
  std::vector<std::unique_ptr<uint32_t[]>> Pages;
};

} // namespace

void groupBySlot(uint32_t SE, std::vector<Record> &Records, RecordSelection *Selection,
                 RecordCounts &Counts, SlotGroups &Out) {
  SlotOrdinals SlotOrdinal;
  Out.Slots.clear();
  std::vector<uint32_t> PerSlot;
  for (Record &R : Records) {
    if (R.Flags & RecordFlagPriv) {
      ++Counts.PrivRecords;
      setSlotOrdinal(R, NoSlot);
      continue;
    }
    if (Selection && !Selection->accepts(SE, R)) {
      ++Counts.Filtered;
      setSlotOrdinal(R, NoSlot);
      continue;
    }
    uint32_t &Ordinal = SlotOrdinal.at(R);
    if (Ordinal == NoSlot) {
      Ordinal = uint32_t(Out.Slots.size());
      Out.Slots.push_back(slotKey(SE, R));
      PerSlot.push_back(0);
    }
    setSlotOrdinal(R, Ordinal);
    ++PerSlot[Ordinal];
  }
  Out.Start.assign(Out.Slots.size() + 1, 0);
  for (size_t S = 0; S < Out.Slots.size(); ++S)
    Out.Start[S + 1] = Out.Start[S] + PerSlot[S];
  std::vector<uint32_t>().swap(PerSlot);
  Out.Stream.clear();
  reserveLarge(Out.Stream, Out.Start.back());
  Out.Stream.resize(Out.Start.back());
  std::vector<uint32_t> Fill(Out.Start.begin(), Out.Start.end() - 1);
  for (size_t I = 0; I < Records.size(); ++I)
    if (uint32_t S = slotOrdinal(Records[I]); S != NoSlot)
      Out.Stream[Fill[S]++] = {Records[I].Time, Records[I].Value, uint32_t(I)};
}

std::vector<WaveRun> waveRuns(const SlotGroups &Groups, const std::vector<uint32_t> &HeaderEnd,
                              const Occupancy &Occ) {
  std::vector<WaveRun> Runs;
  for (size_t S = 0; S < Groups.Slots.size(); ++S) {
    SpanCursor Cursor(Occ, Groups.Slots[S]);
    for (uint32_t I = Groups.Start[S]; I < HeaderEnd[S];) {
      uint32_t Inst = Cursor.instance(Groups.Stream[I].Time);
      uint32_t J = I + 1;
      while (J < HeaderEnd[S] && Cursor.instance(Groups.Stream[J].Time) == Inst)
        ++J;
      Runs.push_back({{Groups.Slots[S], Inst}, I, J});
      I = J;
    }
  }
  return Runs;
}

} // namespace sqtt
