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

ResolvedDispatch &DispatchTable::resolve(int64_t D) {
  ResolvedDispatch &R = Cache[D];
  R.OccupancyName = Occ.dispatchName(D);
  R.Target = Resolver.resolveDispatch(R.OccupancyName, Traced ? &*Traced : nullptr);
  std::string Display = Resolver.display(R.Target.Kernel);
  R.Kernel = Names.intern(Display);
  R.KernelMatches =
      !KernelRe || std::regex_search(R.OccupancyName, *KernelRe) || std::regex_search(Display, *KernelRe);
  R.DispatchMatches = Wanted < 0 || D == Wanted;
  return R;
}

} // namespace sqtt
