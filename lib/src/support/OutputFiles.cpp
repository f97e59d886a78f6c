// OutputFiles.cpp - the outputs of one run, written whole or not at all.
#include "sqtt/support/OutputFiles.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/InputFile.h"
#include "sqtt/support/TempFile.h"

#include <cerrno>
#include <cstring>
#include <algorithm>
#include <vector>
#include <sys/stat.h>
#include <unistd.h>

namespace sqtt {

struct OutputFiles::Staged {
  std::unique_ptr<TempFile> File;
  std::unique_ptr<TempFileBuf> Buf;
  std::unique_ptr<std::ostream> Stream;
  bool Finished = false;
};

OutputFiles::OutputFiles(const char *T) : Tag(T) {}

OutputFiles::~OutputFiles() {
  if (Committed)
    return;
  Files.clear(); // removes the temporaries
  for (auto It = CreatedDirs.rbegin(); It != CreatedDirs.rend(); ++It)
    ::rmdir(It->c_str());
}

void OutputFiles::createDirectory(const std::string &Dir) {
  struct stat St;
  if (Dir.empty() || ::stat(Dir.c_str(), &St) == 0) {
    if (!Dir.empty() && !S_ISDIR(St.st_mode))
      throw Error(Dir + ": cannot create directory: Not a directory");
    return;
  }
  std::string Parent = parentDirectory(Dir);
  if (Parent != Dir && Parent != "." && Parent != "/")
    createDirectory(Parent);
  if (::mkdir(Dir.c_str(), 0777) != 0 && errno != EEXIST)
    throw Error(Dir + ": cannot create directory: " + std::strerror(errno));
  CreatedDirs.push_back(Dir);
}

void OutputFiles::checkTarget(const std::string &Path) const {
  std::string Input = inputNameOf(Path);
  if (!Input.empty())
    throw Error(Path + ": is one of this run's inputs" + (Input == Path ? "" : " (" + Input + ")") +
                "; choose another output path (nothing was written)");
  struct stat St;
  if (::stat(Path.c_str(), &St) == 0 && S_ISDIR(St.st_mode))
    throw Error(Path + ": cannot write: is a directory (nothing was written)");
}

OutputFiles::Staged &OutputFiles::stage(const std::string &Path) {
  checkTarget(Path);
  auto S = std::make_unique<Staged>();
  S->File = std::make_unique<TempFile>(Path, Tag);
  S->Buf = std::make_unique<TempFileBuf>(*S->File);
  S->Stream = std::make_unique<std::ostream>(S->Buf.get());
  Files.push_back(std::move(S));
  return *Files.back();
}

void OutputFiles::finish(Staged &S) {
  if (S.Finished)
    return;
  S.Stream->flush();
  S.Buf->flushOrThrow();
  struct stat St;
  bool Exists = ::lstat(S.File->target().c_str(), &St) == 0 && S_ISREG(St.st_mode);
  S.File->setAttributes(Exists ? &St : nullptr);
  S.File->close();
  S.Stream.reset();
  S.Buf.reset();
  S.Finished = true;
}

std::ostream &OutputFiles::open(const std::string &Path) { return *stage(Path).Stream; }

size_t OutputFiles::write(const std::string &Path, const std::function<void(std::ostream &)> &Write) {
  Staged &S = stage(Path);
  Write(*S.Stream);
  finish(S); // one descriptor at a time, however many outputs
  return S.File->size();
}

size_t OutputFiles::writeNamed(const std::string &Path,
                               const std::function<void(const std::string &Temporary)> &Write) {
  Staged &S = stage(Path);
  if (S.File->path().empty()) // a device or pipe: written in place, not replaced
    throw Error(Path + ": cannot write: not a regular file; this output must be a file it can replace");
  Write(S.File->path());
  finish(S);
  struct stat St;
  return ::stat(S.File->path().c_str(), &St) == 0 ? size_t(St.st_size) : 0;
}

size_t OutputFiles::copy(const std::string &Path, const std::string &Source) {
  InputFile In(Source);
  Staged &S = stage(Path);
  TempFile &Out = *S.File;
  // Only the data extents are copied; the holes between them stay holes
  // (the final ftruncate gives the file its size).
  std::vector<char> Buffer(1 << 20);
  off_t End = off_t(In.size()), Pos = 0;
  while (Pos < End) {
    off_t Data = ::lseek(In.fd(), Pos, SEEK_DATA);
    if (Data < 0)
      break; // only a hole is left (ENXIO), or no hole support: copied below
    off_t Hole = ::lseek(In.fd(), Data, SEEK_HOLE);
    if (Hole < 0)
      Hole = End;
    for (off_t At = Data; At < Hole;) {
      ssize_t N = ::pread(In.fd(), Buffer.data(), size_t(std::min<off_t>(Hole - At, off_t(Buffer.size()))), At);
      if (N < 0 && errno == EINTR)
        continue;
      if (N <= 0)
        throw Error(Source + ": cannot read: " + (N < 0 ? std::strerror(errno) : "file shrank"));
      if (::lseek(Out.fd(), At, SEEK_SET) < 0)
        throw Error(Path + ": cannot write: " + std::strerror(errno));
      Out.write(Buffer.data(), size_t(N));
      At += N;
    }
    Pos = Hole;
  }
  if (::ftruncate(Out.fd(), End) != 0)
    throw Error(Path + ": cannot write: " + std::strerror(errno));
  finish(S);
  return size_t(End);
}

void OutputFiles::commit() {
  for (auto &S : Files)
    finish(*S);
  // Inputs are opened as a run goes: check again now that all were.
  for (auto &S : Files)
    checkTarget(S->File->target());
  for (size_t I = 0; I < Files.size(); ++I) {
    try {
      Files[I]->File->renameOverTarget();
    } catch (const Error &E) {
      auto List = [&](size_t From, size_t To) {
        std::string L;
        for (size_t J = From; J < To; ++J)
          L += (J > From ? ", " : "") + Files[J]->File->target();
        return L;
      };
      std::string Msg = E.what();
      Msg += I == 0 ? " (no output was written)"
                    : " (complete: " + List(0, I) + "; not written: " + List(I, Files.size()) + ")";
      // What was renamed stays; the remaining temporaries go.
      Committed = true;
      Files.clear();
      throw Error(Msg);
    }
  }
  Committed = true;
  Files.clear();
}

} // namespace sqtt
