// AttCaptureWriter.h - a traced dispatch written as the raw .att files it
// would have come from: one buffer per shader engine with its wave launches
// and ends, shader-data records, the kernel start addresses and the code
// object announcements, so that reading the buffers back gives the same
// records, spans and dispatch names. The simulator writes these beside its
// JSON (sqtt-synth --att, session/AttBesideTree.h), and the differential
// tests compare the tools' outputs on both.
#pragma once

#include "sqtt/rawatt/AttTokens.h"
#include "sqtt/codeobjects/CodeObjectPath.h"
#include "sqtt/trace/TraceSource.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sqtt::rawatt {

/// Where a kernel is: its code object and entry address there.
struct KernelPlace {
  uint64_t CodeObject = 0, Vaddr = 0;
};
using KernelPlacer = std::function<std::optional<KernelPlace>(const std::string &DispatchName)>;

/// The function symbols of \p CodeObjects by name (kernels among them).
std::map<std::string, std::vector<KernelPlace>> functionSymbols(const std::vector<CodeObjectPath> &CodeObjects);

/// The .att buffers of \p Source, by shader engine, in \p G's layout. Waves
/// of a dispatch \p Place cannot place start at address 0 (no kernel).
/// Throws Error when a time cannot be written (gfx9 counts in steps of 4
/// cycles) or is negative.
std::map<uint32_t, std::string> encodeCapture(TraceSource &Source, Generation G, const KernelPlacer &Place);

/// Generation of a target ("gfx942" -> Gfx9, "gfx1201" -> Gfx12); none for
/// targets without a raw format here (gfx1250).
std::optional<Generation> generationOfTarget(const std::string &Target);

} // namespace sqtt::rawatt
