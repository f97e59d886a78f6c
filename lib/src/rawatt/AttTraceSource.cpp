// AttTraceSource.cpp - one dispatch's .att files as a trace source.
//
// occupancy.json's kernel ids: one per distinct wave start address, in
// (code object, address) order, 0 for none; the
// name is "<code object> / 0x<address>" where the capture announced its code
// objects (the resolver turns that into the kernel's symbol), or where the
// code objects' kernel entries place the address; else "0 / 0x<address>".
#include "sqtt/rawatt/AttTraceSource.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/HexText.h"
#include "sqtt/support/MappedFile.h"
#include "sqtt/trace/MarkerResolver.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <unordered_map>

namespace sqtt {

void readAttFile(const std::string &Path, rawatt::StreamWants Wants, rawatt::AttStream &Out) {
  MappedFile File(Path, /*Populate=*/true);
  rawatt::decodeStream(std::string_view(reinterpret_cast<const char *>(File.data()), File.size()), Path, Wants,
                       Out);
}

namespace {

/// Why \p Path cannot be read as a thread trace ("" when it can): a
/// damaged or empty engine file costs that engine, not the dispatch.
std::string unreadableReason(const std::string &Path) {
  try {
    MappedFile File(Path);
    std::string_view Bytes(reinterpret_cast<const char *>(File.data()), File.size());
    if (Bytes.empty())
      return Path + ": empty";
    if (Bytes.find_first_not_of('\0') == std::string_view::npos)
      return Path + ": " + std::to_string(Bytes.size()) + " zero bytes, no thread trace (the engine's buffer was "
                    "never written)";
    rawatt::detectGeneration(Bytes, Path);
    return "";
  } catch (const Error &E) {
    return E.what();
  }
}

} // namespace

AttTraceSource::AttTraceSource(std::string Name, const AttCapture &Capture, KernelLocator Locate,
                               std::vector<std::string> &Warnings)
    : Name(std::move(Name)), Capture(Capture), Locate(std::move(Locate)), Warnings(Warnings) {
  std::vector<std::pair<uint32_t, std::string>> Readable;
  for (auto &[SE, Path] : this->Capture.Files) {
    if (std::string Why = unreadableReason(Path); !Why.empty()) {
      this->Warnings.push_back(Why + "; shader engine " + std::to_string(SE) + " is skipped (the others are read)");
      ++Skipped;
      continue;
    }
    Readable.emplace_back(SE, std::move(Path));
    SEs.push_back(SE);
  }
  this->Capture.Files = std::move(Readable);
}

void AttTraceSource::readEngine(size_t E, std::vector<Record> &Records) const {
  rawatt::AttStream S;
  const bool Fresh = Records.empty();
  if (Fresh)
    S.Records.swap(Records); // decoded straight into the caller's (reused) buffer
  readAttFile(Capture.Files[E].second, {true, false}, S);
  if (Fresh)
    Records.swap(S.Records);
  else
    Records.insert(Records.end(), S.Records.begin(), S.Records.end());
}

void AttTraceSource::scan() {
  if (Scanned)
    return;
  Scanned = true;
  // Kernel ids in (code object, address) order, 0 for none: code objects
  // are numbered in load order, as rocprofv3 numbers the kernels a process
  // dispatched.
  for (const auto &[SE, Path] : Capture.Files) {
    rawatt::AttStream S = readAttFile(Path, {false, true});
    Gen = S.Gen;
    const rawatt::StreamCounts &C = S.Counts;
    if (C.TruncatedBytes)
      Warnings.push_back(Path + ": the last token is cut short (" + std::to_string(C.TruncatedBytes) +
                         " bytes ignored)");
    if (C.BadSlots)
      Warnings.push_back(Path + ": " + std::to_string(C.BadSlots) +
                         " wave token(s) name a wave slot above 9 (corrupt data); skipped");
    if (C.UnknownTokens)
      Warnings.push_back(Path + ": " + std::to_string(C.UnknownTokens) + " unknown token(s) skipped by length");
    if (!S.PacketLoss.empty())
      Warnings.push_back(Path + ": the hardware reports lost packets " + std::to_string(S.PacketLoss.size()) +
                         " time(s), first at cycle " + std::to_string(S.PacketLoss.front()) +
                         ": scopes around then may be incomplete");
    for (const rawatt::WaveEvent &W : S.Waves)
      if (W.CodeObject != 0 || W.Address != 0)
        KernelIds.try_emplace({W.CodeObject, W.Address}, 0);
    Waves[SE] = std::move(S.Waves);
    if (!S.Realtime.empty())
      Realtime[SE] = std::move(S.Realtime);
    if (S.RealtimeHz > 0)
      StreamRealtimeHz = S.RealtimeHz;
  }
  Occ.Dispatches[0] = "0 / 0x0";
  std::optional<std::vector<std::pair<uint32_t, uint64_t>>> Values; // read once, for the first kernel that needs them
  for (auto &[Kernel, Id] : KernelIds) {
    Id = int64_t(Occ.Dispatches.size());
    std::string &DispatchName = Occ.Dispatches[Id];
    DispatchName = unnamedDispatchName(Kernel.first, Kernel.second);
    std::string Why, Warning;
    if (Kernel.first != 0 || !Locate)
      continue;
    if (!Values)
      Values = recordValues();
    std::optional<KernelEntry> K = Locate(Kernel.second, *Values, Why, Warning);
    if (!Warning.empty())
      Warnings.push_back(Name + ": " + Warning);
    if (K)
      DispatchName = unnamedDispatchName(K->CodeObject, K->Vaddr);
    else
      Warnings.push_back(Name + ": the kernel that starts at " + hexText(Kernel.second) + " cannot be told (" +
                         Why + "); its waves are shown as '" + DispatchName + "'");
  }
  for (const auto &[SE, List] : Waves) {
    std::map<SlotKey, std::vector<OccupancyRow>> Rows;
    for (const rawatt::WaveEvent &W : List) {
      auto It = KernelIds.find({W.CodeObject, W.Address});
      Rows[slotKey(SE, W.CU, W.SIMD, W.Slot)].push_back({W.Time, W.Start, It == KernelIds.end() ? 0 : It->second});
    }
    for (auto &[Slot, Slotted] : Rows)
      addSlotRows(Occ, Slot, Slotted);
  }
}

std::vector<std::pair<uint32_t, uint64_t>> AttTraceSource::recordValues() const {
  std::unordered_map<uint32_t, uint64_t> Counts;
  std::vector<Record> Records;
  for (size_t E = 0; E < SEs.size(); ++E) {
    Records.clear();
    readEngine(E, Records);
    for (const Record &R : Records)
      ++Counts[R.Value];
  }
  std::vector<std::pair<uint32_t, uint64_t>> Values(Counts.begin(), Counts.end());
  std::sort(Values.begin(), Values.end());
  return Values;
}

std::optional<CaptureRows> AttTraceSource::captureRows() {
  scan();
  CaptureRows Out;
  Out.Gfxip = rawatt::gfxipMajor(Gen);
  Out.Dispatches = Occ.Dispatches;
  for (const auto &[SE, Samples] : Realtime)
    for (const rawatt::RealtimeSample &S : Samples)
      Out.Realtime[SE].push_back({S.ShaderClock, S.Realtime});
  for (const auto &[SE, List] : Waves) {
    std::vector<std::array<int64_t, 6>> &Rows = Out.Occupancy[SE];
    for (const rawatt::WaveEvent &W : List) {
      auto It = KernelIds.find({W.CodeObject, W.Address});
      Rows.push_back({W.Time, W.CU, W.SIMD, W.Slot, W.Start ? 1 : 0, It == KernelIds.end() ? 0 : It->second});
    }
  }
  return Out;
}

Occupancy AttTraceSource::occupancy() {
  scan();
  return Occ;
}

std::optional<CaptureClock> AttTraceSource::clock() {
  scan();
  if (Realtime.empty())
    return std::nullopt;
  // An engine with fewer than two samples stays unaligned (the analysis
  // names it); the others are fitted.
  std::map<uint32_t, ClockSamples> Samples;
  for (const auto &[SE, List] : Realtime)
    if (List.size() >= 2)
      for (const rawatt::RealtimeSample &S : List)
        Samples[SE].emplace_back(double(S.ShaderClock), double(S.Realtime));
  if (Samples.empty()) {
    Warnings.push_back(Name + ": no shader engine has two realtime samples; shader engines are not aligned");
    return std::nullopt;
  }
  try {
    // The stream's own rate (AGENT_INFO), else rocprofv3's realtime.json
    // default, and the output says which (D35).
    CaptureClock Clock =
        fitCaptureClock(Samples, StreamRealtimeHz ? StreamRealtimeHz : 100e6,
                        StreamRealtimeHz ? "the stream's AGENT_INFO packet" : "the stream gives no rate: the viewers' default",
                        Name + " (realtime samples of the .att files)");
    Clock.Carrier = "the realtime samples of the .att files";
    return Clock;
  } catch (const Error &E) {
    Warnings.push_back(std::string(E.what()) + "; shader engines are not aligned");
    return std::nullopt;
  }
}

} // namespace sqtt
