// AttStep.h - adding marker metadata to code.json and undoing gfx12 clock
// packing in a trace directory.
//
// rocprofv3 --att decodes the hardware trace into ui_* directories; this step
// runs after it. It puts every code object's funcmap into code.json (the
// six-column sqtt_funcmap rows and the sqtt_funcmap_layout and
// sqtt_funcmap_payloads tables viewers read) and, where headers were
// clock-packed, restores their legacy values and corrects their timestamps.
// It never damages a trace: one run at a time per directory, all of a run's
// changes made together or not at all even if it is killed (the next run
// completes or discards them, AttTransaction.h), payload records left
// bit-identical, code.json recording that decoding was done, and a second
// run changing nothing.
#pragma once

#include "sqtt/att/AttTransaction.h"
#include "sqtt/att/ClockCorrection.h"
#include "sqtt/codeobjects/CodeObjectPath.h"
#include "sqtt/uitree/TreeReader.h"

#include <array>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace sqtt {

struct FuncmapRowJson {
  uint64_t CodeObject = 0;
  uint32_t MarkerID = 0;
  char Kind = 'P';
  std::string Name, SourceLoc;
  uint64_t Vaddr = 0;
};

/// The code.json tables of a set of code objects.
struct AttTables {
  std::vector<FuncmapRowJson> Rows;
  std::vector<std::array<uint64_t, 3>> Layouts;  // co, bits, shift
  std::vector<std::array<uint64_t, 3>> Payloads; // co, id, count
  CorrectionTables Correction;
};

/// Reads the funcmaps of \p CodeObjects. Warnings go to \p Warnings.
AttTables buildAttTables(const std::vector<CodeObjectPath> &CodeObjects,
                         std::vector<std::string> &Warnings);

struct AttOptions {
  bool DecodeMarkers = true;
  /// Another run holds the directory: wait for it (else refuse, naming it).
  bool WaitForLock = false;
  /// Called once before waiting, with the holder's pid (0 if unknown).
  std::function<void(long)> OnWait;
};

struct AttDirResult {
  std::string Dir;
  AttRecovery Recovery; // what was found of an interrupted run
  bool AlreadyDecoded = false;
  bool Decoded = false;
  size_t FilesRewritten = 0;
  CorrectionStats Stats;
};

/// Processes one trace directory. Throws Error if anything cannot be read
/// or written: before the commit point every file is as it was; after it,
/// the error says so and the next run completes the change.
AttDirResult runAttStep(const std::string &Dir, const AttTables &Tables, const AttOptions &Options,
                        std::vector<std::string> &Warnings);

} // namespace sqtt
