// MappedFile.cpp - a read-only memory-mapped input file.
#include "sqtt/support/MappedFile.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/InputFile.h"

#include <cerrno>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

namespace sqtt {

MappedFile::MappedFile(const std::string &P, bool Populate) : Path(P) {
  InputFile In(Path); // regular files only; never blocks on a FIFO
  Size = In.size();
  if (Size != 0) {
    void *Map = ::mmap(nullptr, Size, PROT_READ, MAP_PRIVATE | (Populate ? MAP_POPULATE : 0), In.fd(), 0);
    if (Map == MAP_FAILED)
      throw Error(Path + ": cannot map: " + std::strerror(errno));
    Data = static_cast<const uint8_t *>(Map);
  }
}

void MappedFile::release(size_t Offset) const {
  size_t Page = size_t(::sysconf(_SC_PAGESIZE));
  size_t End = Offset / Page * Page;
  // Only what was not released before: a sequential reader calls this once
  // a megabyte, and each call over the whole prefix walks its page tables.
  if (Data && End > Released) {
    ::madvise(const_cast<uint8_t *>(Data) + Released, End - Released, MADV_DONTNEED);
    Released = End;
  }
}

MappedFile::~MappedFile() {
  if (Data)
    ::munmap(const_cast<uint8_t *>(Data), Size);
}

} // namespace sqtt
