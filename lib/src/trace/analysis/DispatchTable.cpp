// DispatchTable.cpp - each dispatch of a trace directory, resolved once (D17).
#include "analysis/DispatchTable.h"
#include "sqtt/support/WordList.h"

#include <set>

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

std::optional<std::string> labelRowDecidesForSeveral(const std::string &Dir, const Occupancy &Occ,
                                                     const TracedKernel &Traced,
                                                     const std::vector<uint64_t> &Defining) {
  if (Defining.size() < 2)
    return std::nullopt;
  // Dispatches with waves here: occupancy.json also names dispatches that
  // ran elsewhere.
  std::set<int64_t> Ran;
  for (const auto &[Slot, Spans] : Occ.Spans)
    for (const WaveSpan &S : Spans)
      Ran.insert(S.Dispatch);
  std::vector<int64_t> Named;
  for (const auto &[Id, Name] : Occ.Dispatches)
    if (Name == Traced.Symbol && Ran.count(Id))
      Named.push_back(Id);
  if (Named.size() < 2)
    return std::nullopt;
  auto List = [](const auto &Values) { return wordList(Values, [](auto V) { return std::to_string(V); }); };
  return (Traced.Source.empty() ? Dir : Traced.Source) + ": its label row names code object " +
         std::to_string(Traced.CodeObject) + " for all " + std::to_string(Named.size()) + " dispatches named '" +
         Traced.Symbol + "' (" + List(Named) + "), which code objects " + List(Defining) +
         " define; rocprofv3 writes one label row per directory, so some of them may have run another code "
         "object's kernel (decoded with code object " + std::to_string(Traced.CodeObject) + "'s map)";
}

} // namespace sqtt
