// MappedFile.cpp - a read-only memory-mapped input file.
#include "sqtt/support/MappedFile.h"
#include "sqtt/support/Error.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sqtt {

MappedFile::MappedFile(const std::string &P) : Path(P) {
  int Fd = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    throw Error(Path + ": cannot open: " + std::strerror(errno));
  struct stat St;
  if (::fstat(Fd, &St) != 0) {
    int E = errno;
    ::close(Fd);
    throw Error(Path + ": cannot stat: " + std::strerror(E));
  }
  if (S_ISDIR(St.st_mode)) {
    ::close(Fd);
    throw Error(Path + ": is a directory, not a file");
  }
  Size = static_cast<size_t>(St.st_size);
  if (Size != 0) {
    void *Map = ::mmap(nullptr, Size, PROT_READ, MAP_PRIVATE, Fd, 0);
    if (Map == MAP_FAILED) {
      int E = errno;
      ::close(Fd);
      throw Error(Path + ": cannot map: " + std::strerror(E));
    }
    Data = static_cast<const uint8_t *>(Map);
  }
  ::close(Fd);
}

void MappedFile::release(size_t Offset) const {
  size_t Page = size_t(::sysconf(_SC_PAGESIZE));
  size_t End = Offset / Page * Page;
  if (Data && End)
    ::madvise(const_cast<uint8_t *>(Data), End, MADV_DONTNEED);
}

MappedFile::~MappedFile() {
  if (Data)
    ::munmap(const_cast<uint8_t *>(Data), Size);
}

} // namespace sqtt
