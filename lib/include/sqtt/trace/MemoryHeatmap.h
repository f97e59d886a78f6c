// MemoryHeatmap.h - the address traces as a picture: per kernel, time across
// and address pages down (grouped by base object, each object's pages in
// address order), each cell counting the lane accesses that fell in it.
//
// Built in two streaming passes over the traces, so memory follows the
// pages touched and the picture's size, not the trace's: scan() learns each
// kernel's time span and pages, layout() fixes the rows (at most MaxRows per
// kernel: an object with more pages than its share of rows gets neighbouring
// pages merged into one row), bin() counts. An object that touches more
// than CoarseAfterPages distinct pages stops keeping them and spreads its
// rows evenly over the address range it touched, so memory stays bounded for
// any trace (scattered accesses over terabytes of addresses included).
#pragma once

#include "sqtt/trace/AddressTrace.h"
#include "sqtt/trace/MarkerResolver.h"

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace sqtt {

class MemoryHeatmap {
public:
  struct Options {
    unsigned Columns = 400; // time bins
    unsigned MaxRows = 256; // address rows per kernel
    unsigned PageBits = 12; // 4 KiB pages
    size_t CoarseAfterPages = size_t(1) << 18; // per object (16 MiB or so of set)
  };
  explicit MemoryHeatmap(Options O) : Opts(O) {}

  /// Pass 1: every trace.
  void scan(const AddressTrace &T);
  /// Between the passes.
  void layout();
  /// Pass 2: every trace again.
  void bin(const AddressTrace &T);

  /// One object's rows in a panel.
  struct ObjectRows {
    uint32_t Base = 0; // interned
    uint32_t FirstRow = 0, Rows = 0;
    uint64_t FirstPage = 0, LastPage = 0, Pages = 0;
    uint64_t Accesses = 0;
    /// Rows cover equal parts of [FirstPage, LastPage], not equal numbers of
    /// touched pages; Pages is then at least CoarseAfterPages, not exact.
    bool Coarse = false;
  };
  struct Panel {
    uint32_t Kernel = 0; // interned
    int64_t Begin = 0, End = 0; // cycles
    uint32_t Rows = 0, Columns = 0;
    std::vector<ObjectRows> Objects; // in row order
    std::vector<uint32_t> Counts;    // Rows x Columns, row-major
    uint32_t MaxCount = 0;
  };
  /// The panels, by kernel name.
  std::vector<const Panel *> panels(const NameTable &Names) const;
  /// A row's pages are 2^pageBits() bytes (FirstPage << pageBits() is an address).
  unsigned pageBits() const { return Opts.PageBits; }
  uint64_t Accesses = 0;

private:
  struct Object {
    std::unordered_set<uint64_t> Seen; // pass 1, until coarse
    std::vector<uint64_t> Pages;       // sorted, after layout
    uint64_t MinPage = UINT64_MAX, MaxPage = 0;
    bool Coarse = false;
    uint32_t Index = 0;                // into Panel::Objects
  };
  struct KernelData {
    Panel P;
    bool HasTime = false;
    std::map<uint32_t, Object> Objects; // by base
  };
  uint32_t columnOf(const Panel &P, int64_t Time) const;
  Options Opts;
  std::unordered_map<uint32_t, KernelData> Kernels;
};

} // namespace sqtt
