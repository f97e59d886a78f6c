// AttTransaction.h - the att step's changes to one trace directory, made all
// together or not at all, across crashes.
//
// The step rewrites several files of a directory (every shaderdata file of a
// shader engine whose headers it corrects, and code.json, which records that
// the correction was done). Renaming them one by one is not enough: a run
// killed between two renames leaves an engine half corrected, and the next
// run would correct the other half again. So:
//   1. every new version is written to an exclusive temporary beside its
//      file and made durable (fsync);
//   2. the journal (.sqtt-att.journal: each file with its temporary, size
//      and checksum) is written the same way and renamed into place, and the
//      directory synced: this is the commit point;
//   3. the temporaries are renamed over their files, the directory synced,
//      and the journal removed.
// The next run, under the same directory lock, recovers first: with a
// journal it completes the renames (roll forward, each temporary checked
// against the journal, an already renamed file against its checksum), and
// without one it removes the temporaries an interrupted run left (roll back:
// the originals were never touched). A correction is computed once and
// applied once.
#pragma once

#include <sys/stat.h>

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace sqtt {

class TempFile;

/// What the start of a run found of an interrupted one.
struct AttRecovery {
  size_t RolledForward = 0; // files the interrupted run had committed to
  size_t Discarded = 0;     // temporaries of a run that had not committed
};

class AttTransaction {
public:
  explicit AttTransaction(const std::string &Dir);
  ~AttTransaction();

  /// Completes or undoes an interrupted run in \p Dir. Call with the
  /// directory locked, before reading anything.
  static AttRecovery recover(const std::string &Dir);

  /// Writes the new version of \p Target (a regular file directly in the
  /// directory, or a new one) with \p Write to a temporary beside it.
  void stage(const std::string &Target, const std::function<void(std::ostream &)> &Write);
  size_t staged() const { return Files.size(); }

  /// Commits every staged file (see above). An error after the commit point
  /// leaves the journal, and the next run completes the rename.
  void commit();

private:
  struct Entry;
  std::string Dir;
  std::vector<std::unique_ptr<Entry>> Files;
};

} // namespace sqtt
