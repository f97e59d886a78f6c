// HugePages.cpp - large buffers backed by huge pages where the kernel allows.
#include "sqtt/support/HugePages.h"

#include <cstdint>
#include <sys/mman.h>

namespace sqtt {

void adviseHugePages(const void *Data, size_t Bytes) {
#ifdef MADV_HUGEPAGE
  constexpr uintptr_t Huge = uintptr_t(2) << 20;
  uintptr_t Begin = (uintptr_t(Data) + Huge - 1) & ~(Huge - 1);
  uintptr_t End = (uintptr_t(Data) + Bytes) & ~(Huge - 1);
  if (Data && End > Begin)
    ::madvise(reinterpret_cast<void *>(Begin), End - Begin, MADV_HUGEPAGE); // a hint: failure is fine
#else
  (void)Data, (void)Bytes;
#endif
}

} // namespace sqtt
