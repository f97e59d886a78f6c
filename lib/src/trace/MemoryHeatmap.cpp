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
  for (uint64_t A : T.Addresses)
    O.Seen.insert(A >> Opts.PageBits);
}

void MemoryHeatmap::layout() {
  for (auto &[Kernel, K] : Kernels) {
    uint64_t Pages = 0;
    for (auto &[Base, O] : K.Objects) {
      O.Pages.assign(O.Seen.begin(), O.Seen.end());
      O.Seen.clear();
      std::sort(O.Pages.begin(), O.Pages.end());
      Pages += O.Pages.size();
    }
    // Each object at least one row; the rest shared by page count.
    uint32_t Budget = std::max<uint32_t>(Opts.MaxRows, uint32_t(K.Objects.size()));
    uint32_t Row = 0;
    for (auto &[Base, O] : K.Objects) {
      ObjectRows R;
      R.Base = Base;
      R.FirstRow = Row;
      R.Pages = O.Pages.size();
      R.FirstPage = O.Pages.empty() ? 0 : O.Pages.front();
      R.LastPage = O.Pages.empty() ? 0 : O.Pages.back();
      R.Rows = Pages <= Budget ? uint32_t(O.Pages.size())
                               : uint32_t(std::max<uint64_t>(1, O.Pages.size() * Budget / Pages));
      R.Rows = std::max<uint32_t>(R.Rows, 1);
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
  const std::vector<uint64_t> &Pages = O->second.Pages;
  uint32_t Column = columnOf(P, T.Time);
  for (uint64_t A : T.Addresses) {
    auto It = std::lower_bound(Pages.begin(), Pages.end(), A >> Opts.PageBits);
    if (It == Pages.end() || *It != (A >> Opts.PageBits))
      continue; // not scanned
    uint64_t Index = uint64_t(It - Pages.begin());
    uint32_t Row = R.FirstRow + uint32_t(Index * R.Rows / Pages.size());
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
