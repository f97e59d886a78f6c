// AttTransaction.cpp - the att step's changes to one trace directory, made
// all together or not at all, across crashes.
#include "sqtt/att/AttTransaction.h"
#include "sqtt/support/ContainedPath.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/FaultInjection.h"
#include "sqtt/support/InputFile.h"
#include "sqtt/support/TempFile.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <filesystem>
#include <unistd.h>

using nlohmann::json;

namespace sqtt {

namespace {

constexpr const char *JournalName = ".sqtt-att.journal";
constexpr const char *TempTag = "sqtt-att";

/// A 64-bit checksum of a byte stream, fed in pieces of any size (eight
/// bytes at a time: the att step writes hundreds of megabytes).
class Checksum {
public:
  void update(const char *Data, size_t Size) {
    Length += Size;
    while (Size && Pending) {
      Word |= uint64_t(uint8_t(*Data++)) << (8 * Pending);
      --Size;
      if (++Pending == 8)
        mix(), Pending = 0;
    }
    if (!Size)
      return;
    for (; Size >= 8; Data += 8, Size -= 8) {
      std::memcpy(&Word, Data, 8);
      mix();
    }
    Word = 0;
    for (size_t I = 0; I < Size; ++I)
      Word |= uint64_t(uint8_t(Data[I])) << (8 * I);
    Pending = Size;
  }
  std::string value() const {
    uint64_t H = (State ^ Word) * 0x9E3779B97F4A7C15ull ^ Length;
    H ^= H >> 33, H *= 0xFF51AFD7ED558CCDull, H ^= H >> 33;
    char Buf[17];
    std::snprintf(Buf, sizeof Buf, "%016llx", (unsigned long long)H);
    return Buf;
  }

private:
  void mix() {
    State = (State ^ Word) * 0x100000001B3ull;
    State ^= State >> 29;
    Word = 0;
  }
  uint64_t State = 0xCBF29CE484222325ull, Word = 0;
  size_t Pending = 0, Length = 0;
};

std::string checksumOf(const std::string &Path, size_t &Size) {
  InputFile In(Path);
  Size = In.size();
  Checksum C;
  std::vector<char> Buf(1 << 20);
  for (size_t At = 0; At < Size;) {
    ssize_t N = ::pread(In.fd(), Buf.data(), std::min(Buf.size(), Size - At), off_t(At));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      throw Error(Path + ": cannot read: " + (N < 0 ? std::strerror(errno) : "file shrank"));
    C.update(Buf.data(), size_t(N));
    At += size_t(N);
  }
  return C.value();
}

/// Temporaries of this step: ".<name>.sqtt-att-XXXXXX".
bool isOurTemporary(const std::string &Name) {
  std::string Mark = std::string(".") + TempTag + "-";
  return Name.size() > Mark.size() + 6 && Name[0] == '.' &&
         Name.compare(Name.size() - 6 - Mark.size(), Mark.size(), Mark) == 0;
}

std::string join(const std::string &Dir, const std::string &Name) {
  return (std::filesystem::path(Dir) / Name).string();
}

} // namespace

struct AttTransaction::Entry {
  std::string Name; // in the directory
  std::unique_ptr<TempFile> File;
  size_t Size = 0;
  std::string Sum;
};

AttTransaction::AttTransaction(const std::string &D) : Dir(D) {}
AttTransaction::~AttTransaction() = default; // uncommitted temporaries are removed

void AttTransaction::stage(const std::string &Target, const std::function<void(std::ostream &)> &Write) {
  auto E = std::make_unique<Entry>();
  E->Name = std::filesystem::path(Target).filename().string();
  struct stat St;
  bool Exists = ::lstat(Target.c_str(), &St) == 0;
  if (Exists && !S_ISREG(St.st_mode))
    throw Error(Target + ": is " + fileKindName(St.st_mode) +
                "; the att step replaces only regular files (nothing was changed)");
  E->File = std::make_unique<TempFile>(Target, TempTag);
  Checksum Sum;
  {
    TempFileBuf Buf(*E->File);
    Buf.OnWrite = [&](const char *Data, size_t Size) { Sum.update(Data, Size); };
    std::ostream OS(&Buf);
    Write(OS);
    OS.flush();
    Buf.flushOrThrow();
  }
  E->File->setAttributes(Exists ? &St : nullptr);
  E->File->sync();
  E->File->close();
  E->Size = E->File->size();
  E->Sum = Sum.value();
  Files.push_back(std::move(E));
}

void AttTransaction::commit() {
  if (Files.empty())
    return;
  json Journal = {{"sqtt_att_journal", 1}, {"files", json::array()}};
  for (const auto &E : Files)
    Journal["files"].push_back({{"file", E->Name},
                                {"temp", std::filesystem::path(E->File->path()).filename().string()},
                                {"size", E->Size},
                                {"checksum", E->Sum}});
  std::string Text = Journal.dump(1) + "\n";
  TempFile J(join(Dir, JournalName), TempTag);
  J.write(Text.data(), Text.size());
  J.setAttributes(nullptr);
  J.sync();
  J.close();
  J.renameOverTarget();
  for (auto &E : Files)
    E->File->keep(); // the journal names them now
  std::string Pending = " (the run is committed: the next sqtt-att run on " + Dir + " completes it)";
  try {
    syncDirectory(Dir); // commit point
    for (auto &E : Files)
      E->File->renameOverTarget();
    syncDirectory(Dir);
    faultPoint(join(Dir, JournalName) + ": remove");
  } catch (const Error &Err) {
    throw Error(Err.what() + Pending);
  }
  if (::unlink(join(Dir, JournalName).c_str()) != 0)
    throw Error(join(Dir, JournalName) + ": cannot remove: " + std::strerror(errno) + Pending);
  Files.clear();
}

AttRecovery AttTransaction::recover(const std::string &Dir) {
  AttRecovery R;
  std::string JournalPath = join(Dir, JournalName);
  struct stat St;
  if (::lstat(JournalPath.c_str(), &St) == 0) {
    auto Broken = [&](const std::string &Why) {
      return Error(JournalPath + ": cannot complete the interrupted att run: " + Why +
                   "; restore the trace directory from a copy (nothing was changed)");
    };
    json Journal;
    try {
      Journal = json::parse(InputFile(JournalPath).readAll(64 << 20, "an att journal"));
    } catch (const json::exception &E) {
      throw Broken(std::string("malformed journal: ") + E.what());
    }
    struct Item {
      std::string File, Temp, Sum;
      size_t Size;
      bool Waiting;
    };
    std::vector<Item> Items;
    try {
      for (const json &F : Journal.at("files")) {
        Item I{fileInDirectory(Dir, F.at("file").get<std::string>(), JournalPath),
               fileInDirectory(Dir, F.at("temp").get<std::string>(), JournalPath),
               F.at("checksum").get<std::string>(), F.at("size").get<size_t>(), false};
        if (!isOurTemporary(std::filesystem::path(I.Temp).filename().string()))
          throw Broken(quotedName(F.at("temp").get<std::string>()) + " is not a temporary of the att step");
        Items.push_back(I);
      }
    } catch (const json::exception &E) {
      throw Broken(std::string("malformed journal: ") + E.what());
    }
    // Every file must be either waiting as its temporary or already in
    // place, byte for byte what the journal says: check all before renaming any.
    for (Item &I : Items) {
      struct stat T;
      I.Waiting = ::lstat(I.Temp.c_str(), &T) == 0;
      const std::string &Have = I.Waiting ? I.Temp : I.File;
      size_t Size = 0;
      std::string Sum;
      try {
        Sum = checksumOf(Have, Size);
      } catch (const Error &E) {
        throw Broken(E.what());
      }
      if (Size != I.Size || Sum != I.Sum)
        throw Broken(Have + " is not the version the journal recorded");
    }
    for (const Item &I : Items)
      if (I.Waiting) {
        faultPoint(I.File + ": rename");
        if (::rename(I.Temp.c_str(), I.File.c_str()) != 0)
          throw Error(I.File + ": cannot replace: " + std::strerror(errno) +
                      " (completing the interrupted att run; rerun to try again)");
      }
    syncDirectory(Dir);
    faultPoint(JournalPath + ": remove");
    if (::unlink(JournalPath.c_str()) != 0)
      throw Error(JournalPath + ": cannot remove: " + std::strerror(errno));
    R.RolledForward = Items.size();
  }
  // Without a journal, temporaries are of a run that never committed: its
  // originals are untouched, so they are only removed.
  DIR *D = ::opendir(Dir.c_str());
  if (!D)
    throw Error(Dir + ": cannot list: " + std::strerror(errno));
  std::vector<std::string> Stale;
  while (struct dirent *E = ::readdir(D))
    if (isOurTemporary(E->d_name))
      Stale.push_back(join(Dir, E->d_name));
  ::closedir(D);
  for (const std::string &P : Stale) {
    struct stat T;
    if (::lstat(P.c_str(), &T) != 0 || !S_ISREG(T.st_mode))
      continue;
    faultPoint(P + ": remove");
    if (::unlink(P.c_str()) != 0)
      throw Error(P + ": cannot remove the temporary file of an interrupted run: " + std::strerror(errno));
    ++R.Discarded;
  }
  if (R.RolledForward || R.Discarded)
    syncDirectory(Dir);
  return R;
}

} // namespace sqtt
