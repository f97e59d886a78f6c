// DispatchTable.h - each dispatch of a trace directory, resolved once (D17):
// its code object, kernel and marker map, and whether the dispatch filters
// (--kernel, --dispatch) keep it. The library's own header, not installed.
#pragma once

#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/trace/Occupancy.h"

#include <cstdint>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <unordered_map>

namespace sqtt {

struct ResolvedDispatch {
  DispatchTarget Target;
  std::string OccupancyName; // as occupancy.json spells it
  uint32_t Kernel = 0;       // interned display name; the empty name for none
  bool KernelMatches = true, DispatchMatches = true;
  bool Reported = false; // its problem, if any, is in problems()
};

class DispatchTable {
public:
  /// \p KernelRegex (std::regex, may be empty) and \p Dispatch (-1: any) are
  /// the dispatch filters.
  /// \p Traced is the directory's code.json label row, if any (D22).
  DispatchTable(const Occupancy &Occ, const std::optional<TracedKernel> &Traced, MarkerResolver &Resolver,
                NameTable &Names, const std::string &KernelRegex, int64_t Dispatch);

  /// Dispatch \p Dispatch, resolved; with \p Report, a problem resolving
  /// it is one of problems() (a dispatch no record uses needs no map).
  const ResolvedDispatch &of(int64_t Dispatch, bool Report = true) {
    auto It = Cache.find(Dispatch);
    ResolvedDispatch &R = It != Cache.end() ? It->second : resolve(Dispatch);
    if (Report && !R.Reported) {
      R.Reported = true;
      if (!R.Target.Problem.empty())
        Problems.insert(R.Target.Problem);
    }
    return R;
  }
  /// The map a record in \p Span is decoded with: its dispatch's code
  /// object's only, and outside any dispatch the trace's only map if any.
  const MarkerMap &mapOf(const WaveSpan *Span) {
    return Span ? *of(Span->Dispatch).Target.Map : Resolver.outsideDispatch();
  }
  /// The interned empty name: the kernel of records outside any dispatch.
  uint32_t noKernel() const { return NoKernel; }
  /// Why some dispatches' markers stay unknown, one line per reason.
  const std::set<std::string> &problems() const { return Problems; }

private:
  ResolvedDispatch &resolve(int64_t Dispatch);

  const Occupancy &Occ;
  const std::optional<TracedKernel> &Traced;
  MarkerResolver &Resolver;
  NameTable &Names;
  std::optional<std::regex> KernelRe;
  int64_t Wanted;
  uint32_t NoKernel;
  std::unordered_map<int64_t, ResolvedDispatch> Cache;
  std::set<std::string> Problems;
};

/// A label row names one code object for every dispatch of its kernel's
/// name in the directory: when several dispatches with waves here share that
/// name and several code objects define it, the others may have run
/// another's (a warning says so, naming them); nothing otherwise.
std::optional<std::string> labelRowDecidesForSeveral(const std::string &Dir, const Occupancy &Occ,
                                                     const TracedKernel &Traced,
                                                     const std::vector<uint64_t> &Defining);

} // namespace sqtt
