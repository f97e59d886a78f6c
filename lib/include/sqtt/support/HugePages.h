// HugePages.h - large buffers backed by huge pages where the kernel allows.
//
// The tools fill buffers of tens of megabytes per shader engine (records,
// slot streams, events) and free them before the next. With 4 KiB pages
// every first touch is a page fault, and on a virtual machine those faults
// took a fifth of the tools' time; 2 MiB pages cut them 512-fold. Only a
// hint: without transparent huge pages nothing changes.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace sqtt {

/// Advises huge pages for the whole 2 MiB pages inside [Data, Data + Bytes).
void adviseHugePages(const void *Data, size_t Bytes);

/// Reserves room for \p N elements in \p V and advises huge pages for it.
/// A buffer reused for inputs of varying size grows by half at least, so it
/// is not reallocated (and its pages faulted in again) for each slightly
/// larger one; memory is taken only as the buffer is filled.
template <class T> void reserveLarge(std::vector<T> &V, size_t N) {
  if (N <= V.capacity())
    return;
  V.reserve(V.capacity() ? std::max(N, V.capacity() + V.capacity() / 2) : N);
  adviseHugePages(V.data(), V.capacity() * sizeof(T));
}

} // namespace sqtt
