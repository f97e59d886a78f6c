// MemoryHeatmap.cpp - binning address traces by time and page.
#include "sqtt/trace/MemoryHeatmap.h"

#include <algorithm>

namespace sqtt {

void MemoryHeatmap::scan(const AddressTrace &T) {
  KernelData &K = Kernels[T.Kernel];
  K.P.Kernel = T.Kernel;
  if (!K.HasTime || T.Time < K.P.Begin)
    K.P.Begin = T.Time;
  if (!K.HasTime || T.Time > K.P.End)
    K.P.End = T.Time;
  K.HasTime = true;
  Object &O = K.Objects[T.Base];
  for (uint64_t A : T.Addresses) {
    uint64_t Page = A >> Opts.PageBits;
    O.MinPage = std::min(O.MinPage, Page);
    O.MaxPage = std::max(O.MaxPage, Page);
    if (!O.Coarse)
      O.Seen.insert(Page);
  }
  if (!O.Coarse && O.Seen.size() > Opts.CoarseAfterPages) {
    O.Coarse = true;
    O.Seen = {};
  }
}

void MemoryHeatmap::layout() {
  for (auto &[Kernel, K] : Kernels) {
    // An object's weight in rows: its pages (a coarse one's at least the
    // number it stopped counting at).
    auto Weight = [&](const Object &O) -> uint64_t {
      return O.Coarse ? std::max<uint64_t>(Opts.CoarseAfterPages, 1) : O.Pages.size();
    };
    uint64_t Pages = 0;
    for (auto &[Base, O] : K.Objects) {
      if (!O.Coarse) {
        O.Pages.assign(O.Seen.begin(), O.Seen.end());
        O.Seen = {};
        std::sort(O.Pages.begin(), O.Pages.end());
      }
      Pages += Weight(O);
    }
    // Each object one row, the rest shared by weight (rounded down, so the
    // rows never pass the budget), never more rows than an object's pages.
    uint64_t Objects = K.Objects.size();
    uint64_t Budget = std::max<uint64_t>(Opts.MaxRows, Objects);
    uint32_t Row = 0;
    for (auto &[Base, O] : K.Objects) {
      ObjectRows R;
      R.Base = Base;
      R.FirstRow = Row;
      R.Coarse = O.Coarse;
      R.Pages = O.Coarse ? std::max<uint64_t>(Opts.CoarseAfterPages, 1) : O.Pages.size();
      R.FirstPage = O.MinPage == UINT64_MAX ? 0 : O.MinPage;
      R.LastPage = O.MinPage == UINT64_MAX ? 0 : O.MaxPage;
      uint64_t Share = Pages ? 1 + (Budget - Objects) * Weight(O) / Pages : 1;
      uint64_t Span = R.LastPage - R.FirstPage; // one less than the pages covered
      uint64_t Most = O.Coarse ? (Span == UINT64_MAX ? Span : Span + 1) : std::max<uint64_t>(O.Pages.size(), 1);
      R.Rows = uint32_t(std::min(Share, Most));
      Row += R.Rows;
      O.Index = uint32_t(K.P.Objects.size());
      K.P.Objects.push_back(R);
    }
    K.P.Rows = Row;
    K.P.Columns = Opts.Columns;
    K.P.Counts.assign(size_t(Row) * Opts.Columns, 0);
  }
}

uint32_t MemoryHeatmap::columnOf(const Panel &P, int64_t Time) const {
  int64_t Span = std::max<int64_t>(P.End - P.Begin, 1);
  int64_t C = (Time - P.Begin) * int64_t(P.Columns) / (Span + 1);
  return uint32_t(std::clamp<int64_t>(C, 0, P.Columns - 1));
}

void MemoryHeatmap::bin(const AddressTrace &T) {
  auto K = Kernels.find(T.Kernel);
  if (K == Kernels.end())
    return; // not scanned
  auto O = K->second.Objects.find(T.Base);
  if (O == K->second.Objects.end())
    return;
  Panel &P = K->second.P;
  const ObjectRows &R = P.Objects[O->second.Index];
  const Object &Obj = O->second;
  const std::vector<uint64_t> &Pages = Obj.Pages;
  uint32_t Column = columnOf(P, T.Time);
  for (uint64_t A : T.Addresses) {
    uint64_t Page = A >> Opts.PageBits;
    uint32_t Offset;
    if (Obj.Coarse) {
      if (Page < R.FirstPage || Page > R.LastPage)
        continue; // not scanned
      // The row of the page's part of the range, without overflowing.
      long double Fraction = (long double)(Page - R.FirstPage) / ((long double)(R.LastPage - R.FirstPage) + 1);
      Offset = std::min<uint32_t>(uint32_t(Fraction * R.Rows), R.Rows - 1);
    } else {
      auto It = std::lower_bound(Pages.begin(), Pages.end(), Page);
      if (It == Pages.end() || *It != Page)
        continue; // not scanned
      Offset = uint32_t(uint64_t(It - Pages.begin()) * R.Rows / Pages.size());
    }
    uint32_t Row = R.FirstRow + Offset;
    uint32_t &Cell = P.Counts[size_t(Row) * P.Columns + Column];
    P.MaxCount = std::max(P.MaxCount, ++Cell);
    ++P.Objects[O->second.Index].Accesses;
    ++Accesses;
  }
}

std::vector<const MemoryHeatmap::Panel *> MemoryHeatmap::panels(const NameTable &Names) const {
  std::vector<const Panel *> Out;
  for (const auto &[Kernel, K] : Kernels)
    Out.push_back(&K.P);
  std::sort(Out.begin(), Out.end(),
            [&](const Panel *A, const Panel *B) { return Names.str(A->Kernel) < Names.str(B->Kernel); });
  return Out;
}

} // namespace sqtt
