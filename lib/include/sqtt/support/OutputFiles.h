// OutputFiles.h - the outputs of one run, written whole or not at all.
//
// Every command line writes its files through one OutputFiles. Each file is
// written to an exclusive temporary beside it (TempFile.h); commit() renames
// them into place only once every one is complete, and refuses, before
// renaming any, a path that names a file the run read (InputFile.h: same
// device and inode). Until commit() an error or a crash leaves nothing: the
// destructor removes the temporaries and the directories it created. If a
// rename fails halfway, the error names the outputs that are complete.
#pragma once

#include <sys/types.h>

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace sqtt {

class TempFile;

class OutputFiles {
public:
  /// \p Tag goes into the temporaries' names (".<name>.<Tag>-XXXXXX").
  explicit OutputFiles(const char *Tag = "sqtt-tmp");
  ~OutputFiles();
  OutputFiles(const OutputFiles &) = delete;
  OutputFiles &operator=(const OutputFiles &) = delete;

  /// Creates \p Dir and its missing parents; the ones created are removed
  /// again (if still empty) when the run fails before commit().
  void createDirectory(const std::string &Dir);

  /// A stream for the new contents of \p Path, open until commit().
  std::ostream &open(const std::string &Path);
  /// Writes the new contents of \p Path with \p Write; returns its size.
  size_t write(const std::string &Path, const std::function<void(std::ostream &)> &Write);
  /// Writes the new contents of \p Path with \p Write, given the
  /// temporary's name: for writers that open the file themselves (an SQLite
  /// database), and leave nothing else beside it. \p Path must name a file,
  /// not a device or pipe (Error). Returns the size.
  size_t writeNamed(const std::string &Path, const std::function<void(const std::string &Temporary)> &Write);
  /// Copies the regular file \p Source to \p Path, keeping its holes (a
  /// sparse file stays sparse). Returns the size.
  size_t copy(const std::string &Path, const std::string &Source);

  /// Renames every file into place, in the order given. Throws Error if one
  /// is an input of the run or a directory (nothing renamed), or if a rename
  /// fails (the message lists the outputs already complete).
  void commit();

private:
  struct Staged;
  void checkTarget(const std::string &Path) const;
  Staged &stage(const std::string &Path);
  void finish(Staged &S);

  const char *Tag;
  std::vector<std::unique_ptr<Staged>> Files;
  std::vector<std::string> CreatedDirs; // parents first
  bool Committed = false;
};

} // namespace sqtt
