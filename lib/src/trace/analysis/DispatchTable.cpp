// DispatchTable.cpp - each dispatch of a trace directory, resolved once (D17).
#include "analysis/DispatchTable.h"

namespace sqtt {

DispatchTable::DispatchTable(const Occupancy &Occ, const std::optional<TracedKernel> &Traced,
                             MarkerResolver &Resolver, NameTable &Names, const std::string &KernelRegex,
                             int64_t Dispatch)
    : Occ(Occ), Traced(Traced), Resolver(Resolver), Names(Names), Wanted(Dispatch), NoKernel(Names.intern("")) {
  if (!KernelRegex.empty())
    KernelRe.emplace(KernelRegex);
}

const ResolvedDispatch &DispatchTable::of(int64_t D) {
  auto [It, New] = Cache.try_emplace(D);
  if (!New)
    return It->second;
  ResolvedDispatch &R = It->second;
  R.OccupancyName = Occ.dispatchName(D);
  R.Target = Resolver.resolveDispatch(R.OccupancyName, Traced ? &*Traced : nullptr);
  std::string Display = Resolver.display(R.Target.Kernel);
  R.Kernel = Names.intern(Display);
  if (!R.Target.Problem.empty())
    Problems.insert(R.Target.Problem);
  R.KernelMatches =
      !KernelRe || std::regex_search(R.OccupancyName, *KernelRe) || std::regex_search(Display, *KernelRe);
  R.DispatchMatches = Wanted < 0 || D == Wanted;
  return R;
}

} // namespace sqtt
