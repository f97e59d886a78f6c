// SafeFilesTest.cpp - inputs that stay inside the trace and are regular
// files, outputs written whole or not at all, the directory lock and the att
// step's transaction.
#include "sqtt/att/AttTransaction.h"
#include "sqtt/support/ContainedPath.h"
#include "sqtt/support/DirectoryLock.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/InputFile.h"
#include "sqtt/support/OutputFiles.h"
#include "sqtt/support/TempFile.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace sqtt;

namespace {

class SafeFiles : public ::testing::Test {
protected:
  void SetUp() override {
    char Template[] = "/tmp/sqtt-safefiles-XXXXXX";
    ASSERT_NE(::mkdtemp(Template), nullptr);
    Dir = Template;
  }
  void TearDown() override { fs::remove_all(Dir); }
  std::string path(const std::string &Name) const { return Dir + "/" + Name; }
  void put(const std::string &Name, const std::string &Text) const {
    std::ofstream(path(Name), std::ios::binary) << Text;
  }
  std::string get(const std::string &Name) const {
    std::ifstream IS(path(Name), std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(IS), std::istreambuf_iterator<char>());
  }
  std::vector<std::string> names() const {
    std::vector<std::string> N;
    for (auto &E : fs::directory_iterator(Dir))
      N.push_back(E.path().filename().string());
    std::sort(N.begin(), N.end());
    return N;
  }
  std::string error(const std::function<void()> &F) {
    try {
      F();
    } catch (const Error &E) {
      return E.what();
    }
    return "";
  }
  std::string Dir;
};

TEST_F(SafeFiles, NamesFromMetadataStayInside) {
  put("a.json", "{}");
  EXPECT_EQ(fileInDirectory(Dir, "a.json", "filenames.json"), path("a.json"));
  EXPECT_NE(error([&] { fileInDirectory(Dir, std::string_view("a\0b", 3), "f"); }).find("contains a NUL byte"),
            std::string::npos);
  EXPECT_NE(error([&] { fileInDirectory(Dir, "/etc/passwd", "f"); }).find("is absolute"), std::string::npos);
  EXPECT_NE(error([&] { fileInDirectory(Dir, "../x", "f"); }).find("climbs out"), std::string::npos);
  EXPECT_NE(error([&] { fileInDirectory(Dir, "..", "f"); }).find("names a directory"), std::string::npos);
  EXPECT_NE(error([&] { fileInDirectory(Dir, "sub/x", "f"); }).find("not a plain file name"), std::string::npos);
  EXPECT_NE(error([&] { fileInDirectory(Dir, "", "f"); }).find("is empty"), std::string::npos);
  ASSERT_EQ(::symlink("/etc/hostname", path("out.json").c_str()), 0);
  EXPECT_NE(error([&] { fileInDirectory(Dir, "out.json", "f"); }).find("outside the trace directory"),
            std::string::npos);
  ASSERT_EQ(::symlink("a.json", path("in.json").c_str()), 0);
  EXPECT_EQ(fileInDirectory(Dir, "in.json", "f"), path("in.json"));
}

TEST_F(SafeFiles, InputsAreRegularFiles) {
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  EXPECT_EQ(error([&] { InputFile F(path("fifo")); }), path("fifo") + ": is a FIFO, not a regular file");
  EXPECT_EQ(error([&] { InputFile F(Dir); }), Dir + ": is a directory, not a regular file");
  put("big", std::string(100, 'x'));
  EXPECT_NE(error([&] { InputFile(path("big")).readAll(10, "a test file"); }).find("too large for a test file"),
            std::string::npos);
}

TEST_F(SafeFiles, OutputsAllOrNothing) {
  {
    OutputFiles Out;
    Out.createDirectory(path("new/deeper"));
    Out.write(path("new/deeper/a.txt"), [](std::ostream &OS) { OS << "a"; });
    Out.write(path("b.txt"), [](std::ostream &OS) { OS << "b"; });
    // No commit: an error in the run.
  }
  EXPECT_TRUE(names().empty());
  {
    OutputFiles Out;
    Out.write(path("b.txt"), [](std::ostream &OS) { OS << "b"; });
    Out.commit();
  }
  EXPECT_EQ(get("b.txt"), "b");
  EXPECT_EQ(names(), std::vector<std::string>{"b.txt"});
}

TEST_F(SafeFiles, LargeBlocksKeepTheirPlaceAmongSmallWrites) {
  // A block of the buffer's size or more bypasses the buffer (no copy); what
  // was buffered before it must still come first, and OnWrite see it all.
  std::string Big(3 << 20, 'x');
  for (size_t I = 0; I < Big.size(); I += 4096)
    Big[I] = char('a' + I / 4096 % 26);
  std::string Want = "head" + Big + "mid" + Big.substr(0, 1 << 20) + "tail";
  std::string Seen;
  {
    TempFile F(path("big.bin"), "test");
    TempFileBuf Buf(F);
    Buf.OnWrite = [&](const char *S, size_t N) { Seen.append(S, N); };
    std::ostream OS(&Buf);
    OS << "head";
    OS.write(Big.data(), std::streamsize(Big.size()));
    OS << "mid";
    OS.write(Big.data(), 1 << 20);
    OS << "tail";
    Buf.flushOrThrow();
    F.close();
    F.renameOverTarget();
  }
  EXPECT_TRUE(get("big.bin") == Want);
  EXPECT_TRUE(Seen == Want);
}

TEST_F(SafeFiles, OutputsNeverOverwriteInputs) {
  put("in.json", "input");
  InputFile In(path("in.json"));
  ASSERT_EQ(::symlink("in.json", path("alias.json").c_str()), 0);
  OutputFiles Out;
  EXPECT_NE(error([&] { Out.write(path("alias.json"), [](std::ostream &OS) { OS << "x"; }); })
                .find("is one of this run's inputs"),
            std::string::npos);
  EXPECT_EQ(get("in.json"), "input");
}

TEST_F(SafeFiles, ModeKeptAndSparseCopies) {
  put("keep.txt", "old");
  ASSERT_EQ(::chmod(path("keep.txt").c_str(), 0640), 0);
  put("src", "head");
  ASSERT_EQ(::truncate(path("src").c_str(), 16 << 20), 0);
  {
    OutputFiles Out;
    Out.write(path("keep.txt"), [](std::ostream &OS) { OS << "new"; });
    EXPECT_EQ(Out.copy(path("copy"), path("src")), size_t(16) << 20);
    Out.commit();
  }
  struct stat St;
  ASSERT_EQ(::stat(path("keep.txt").c_str(), &St), 0);
  EXPECT_EQ(St.st_mode & 07777, 0640u);
  EXPECT_EQ(get("keep.txt"), "new");
  ASSERT_EQ(::stat(path("copy").c_str(), &St), 0);
  EXPECT_EQ(St.st_size, 16 << 20);
  EXPECT_LT(St.st_blocks * 512, 1 << 20); // the hole stayed a hole
  char Head[4] = {};
  std::ifstream(path("copy"), std::ios::binary).read(Head, 4);
  EXPECT_EQ(std::string(Head, 4), "head");
}

TEST_F(SafeFiles, LockRefusesASecondHolderNamingIt) {
  DirectoryLock First(Dir, ".lock", false);
  std::string E = error([&] { DirectoryLock Second(Dir, ".lock", false); });
  EXPECT_NE(E.find("another run (pid " + std::to_string(::getpid()) + ")"), std::string::npos) << E;
}

TEST_F(SafeFiles, LockRefusalWaitsForTheHolderToNameItself) {
  // A holder between taking the lock and writing its pid.
  int Fd = ::open(path(".lock").c_str(), O_RDWR | O_CREAT, 0600);
  ASSERT_GE(Fd, 0);
  ASSERT_EQ(::flock(Fd, LOCK_EX), 0);
  std::thread Holder([&] {
    ::usleep(20000);
    ASSERT_EQ(::pwrite(Fd, "4242\n", 5, 0), 5);
  });
  std::string E = error([&] { DirectoryLock Second(Dir, ".lock", false); });
  Holder.join();
  ::close(Fd);
  EXPECT_NE(E.find("another run (pid 4242)"), std::string::npos) << E;
}

TEST_F(SafeFiles, TransactionCommitsAllAndRecoveryDiscardsUncommitted) {
  put("a.json", "A");
  put("b.json", "B");
  {
    AttTransaction T(Dir);
    T.stage(path("a.json"), [](std::ostream &OS) { OS << "A2"; });
    T.stage(path("b.json"), [](std::ostream &OS) { OS << "B2"; });
    EXPECT_EQ(get("a.json"), "A"); // nothing changes before commit
    T.commit();
  }
  EXPECT_EQ(get("a.json"), "A2");
  EXPECT_EQ(get("b.json"), "B2");
  EXPECT_EQ(names(), (std::vector<std::string>{"a.json", "b.json"}));
  // A temporary left by a run that never committed is removed, nothing else.
  put(".a.json.sqtt-att-Xy12Zq", "partial");
  AttRecovery R = AttTransaction::recover(Dir);
  EXPECT_EQ(R.Discarded, 1u);
  EXPECT_EQ(R.RolledForward, 0u);
  EXPECT_EQ(names(), (std::vector<std::string>{"a.json", "b.json"}));
}

} // namespace
