// Synth.cpp - simulated rocprofv3 --att output with known ground truth.
//
// Each wave slot runs its waves one after another (relaunches); every wave is
// a lazy generator of records in arrival order, and each shader engine's file
// is the k-way merge of its waves by arrival time. The truth follows the
// tools' rules: self time between consecutive scope records of a wave is
// attributed to the open stack; points and payloads do not split intervals.
// Packed gfx12 headers carry (issue + phase) in their clock field and arrive
// after a random delay; the first header of each SIMD arrives undelayed, so
// the att step can recover issue times to within its sampling buckets.
#include "sqtt/synth/Synth.h"
#include "SynthCodeObject.h"
#include "SynthInstructions.h"
#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/codeobjects/FuncmapTable.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/JsonString.h"
#include "sqtt/support/OutputFiles.h"
#include "sqtt/trace/TraceFiles.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include <algorithm>
#include <deque>
#include <memory>
#include <cstdio>
#include <filesystem>
#include <map>
#include <queue>
#include <random>
#include <sstream>

namespace fs = std::filesystem;

namespace sqtt {

namespace {

namespace rtd = rocprof_trace_decoder::codeobj;

struct Rec {
  int64_t Arrival, Issue;
  uint32_t Value;
  uint8_t Flags;
  bool Header;
};

struct Truth {
  std::map<std::string, uint64_t> Folded;
  std::map<std::string, std::pair<uint64_t, uint64_t>> Slices; // name -> count, cycles
  uint64_t Instants = 0;
  std::ostream *Addresses = nullptr, *Headers = nullptr, *Events = nullptr; // truth_*.txt
  std::ostream *Intervals = nullptr, *Data = nullptr, *Waves = nullptr;
  InstructionTruth Instructions;
};

/// One wave slot: its waves (runs) one after the other.
class SlotGen {
public:
  SlotGen(const SynthScenario &S, const std::vector<SynthCO> &COs, uint32_t DirIdx, uint32_t SE,
          uint32_t CU, uint32_t SIMD, uint32_t Wave, uint32_t SlotIndex, int64_t Phase, bool &FirstOfSimd,
          Truth &T, const SynthListing &Listing)
      : S(S), COs(COs), DirIdx(DirIdx), SE(SE), CU(CU), SIMD(SIMD), Wave(Wave), SlotIndex(SlotIndex),
        Phase(Phase), FirstOfSimd(FirstOfSimd), T(T),
        Rng(S.Seed * 0x9E3779B97F4A7C15ull ^ (uint64_t(DirIdx) << 48) ^ (uint64_t(SE) << 32) ^
            (uint64_t(CU) << 16) ^ (uint64_t(SIMD) << 8) ^ Wave),
        Listing(Listing), Detailed(S.TargetCU >= 0 && CU == uint32_t(S.TargetCU)),
        // Its own stream, drawn from nothing the records use: a seed's
        // records stay what they were before wave files existed.
        InstRng(S.Seed * 0xD1B54A32D192ED03ull ^ (uint64_t(DirIdx) << 48) ^ (uint64_t(SE) << 32) ^
                (uint64_t(CU) << 16) ^ (uint64_t(SIMD) << 8) ^ Wave ^ 0x5BD1E995ull) {
    Time = 100 + int64_t(Rng() % 97);
    startRun();
  }

  bool done() const { return Pending.empty() && Run >= S.Relaunches + 1; }
  int64_t nextArrival() const { return Pending.front().Arrival; }
  Rec pop() {
    Rec R = Pending.front();
    Pending.pop_front();
    if (Pending.empty())
      refill();
    return R;
  }

  struct Launch {
    int64_t Start, End;
    uint32_t Dispatch;
  };
  std::vector<Launch> Launches;
  uint64_t AddressBlocks = 0;
  std::vector<SynthWaveDetail> Details; // the target CU's finished waves

private:
  uint32_t rnd(uint32_t N) { return N ? uint32_t(Rng() % N) : 0; }

  void startRun() {
    CO = &COs[(SlotIndex + Run) % COs.size()];
    Events = S.EventsPerWave;
    Stack.clear();
    Node = 0;
    LastScope = -1;
    WaveScoped = WaveMarkers = 0;
    Detail = {};
    DetailKeys.clear();
    Launches.push_back({Time - 5, 0, uint32_t((SlotIndex + Run) % COs.size()) + 1});
    Prefix = "code_object_" + std::to_string(CO->ID) + (CO->Target.empty() ? "" : " (" + CO->Target + ")") +
             ";" + CO->Kernel;
    refill();
  }

  void emit(int64_t Issue, uint32_t Value, bool Header, uint8_t Flags = 0) {
    int64_t Arrival = Issue;
    if (CO->Bits && Header && !(Flags & 2)) {
      int64_t Delay = FirstOfSimd ? 0 : int64_t(rnd(S.MaxDelay + 1));
      FirstOfSimd = false;
      Arrival = Issue + Delay;
      uint32_t Field = uint32_t(((Issue + Phase) >> CO->Shift) & ((1u << CO->Bits) - 1));
      Value = (Field << (32 - CO->Bits)) | Value;
      *T.Headers << DirIdx << ' ' << SE << ' ' << CU << ' ' << SIMD << ' ' << Wave << ' ' << Issue << '\n';
    }
    if (Header && !(Flags & RecordFlagPriv))
      ++WaveMarkers;
    Arrival = std::max(Arrival, LastArrival); // a wave's records arrive in order
    LastArrival = Arrival;
    Pending.push_back({Arrival, Issue, Value, Flags, Header});
  }

  void scopeRecord(int64_t Now) {
    if (LastScope >= 0 && !Stack.empty()) {
      std::string Key = Prefix;
      for (size_t I = 0; I < Stack.size(); ++I)
        Key += ";" + CO->Scopes[Stack[I]].second;
      T.Folded[Key] += uint64_t(Now - LastScope);
      SliceSelf.back() += uint64_t(Now - LastScope);
      WaveScoped += uint64_t(Now - LastScope);
    }
    LastScope = Now;
  }

  void openSlice(uint32_t Scope, int64_t Now, uint32_t TreeNode = 0) {
    Node = TreeNode;
    Stack.push_back(Scope);
    SliceStart.push_back(Now);
    SliceSelf.push_back(0);
  }
  void closeSlice(int64_t Now) {
    const std::string &Name = CO->Scopes[Stack.back()].second;
    auto &E = T.Slices[Name];
    E.first += 1;
    E.second += uint64_t(Now - SliceStart.back());
    waveTruth('S') << SliceStart.back() << ' ' << Now << ' ' << Name << '\n';
    *T.Intervals << CO->Kernel << '\t' << CO->Scopes[Stack.back()].second << '\t'
                 << (CO->UserScope[Stack.back()] ? "user" : "function") << '\t' << DirIdx << '/' << SE
                 << '/' << CU << '/' << SIMD << '/' << Wave << '/' << Run << '\t'
                 << (Now - SliceStart.back()) << '\t' << SliceSelf.back() << '\n';
    Stack.pop_back();
    SliceStart.pop_back();
    SliceSelf.pop_back();
    if (!CO->Tree.empty())
      Node = CO->Tree[Node].Parent;
  }
  /// The wave's file is complete: its truth, keyed by each instruction's scope.
  void finishDetail() {
    Detail.SIMD = SIMD, Detail.Slot = Wave, Detail.Run = Run;
    Detail.Begin = Launches.back().Start, Detail.End = Launches.back().End;
    // The last gap ran past the wave's end: what falls after it never issued.
    while (!Detail.Instructions.empty() && Detail.Instructions.back().Time > Detail.End) {
      Detail.Instructions.pop_back();
      DetailKeys.pop_back();
    }
    std::vector<InstructionTruth::Key> KeyOf;
    for (uint32_t K : DetailKeys)
      KeyOf.push_back(K == 0 ? InstructionTruth::Key{CO->Kernel, "(no scope)", "kernel"}
                             : InstructionTruth::Key{CO->Kernel, CO->Scopes[K - 1].second,
                                                     CO->UserScope[K - 1] ? "user" : "function"});
    T.Instructions.wave(Detail, KeyOf);
    Details.push_back(std::move(Detail));
  }
  /// One line of the per-wave truth: dir, slot, instance, then the event.
  std::ostream &waveTruth(char Kind) {
    return *T.Events << DirIdx << ' ' << SE << ' ' << CU << ' ' << SIMD << ' ' << Wave << ' ' << Run
                    << ' ' << Kind << ' ';
  }

  void addressBlock(const AddressOp &Op, int64_t Now) {
    uint32_t W = CO->WaveSize;
    uint64_t Exec = rnd(3) == 0 ? (W == 64 ? ~0ull : 0xFFFFFFFFull)
                                : ((uint64_t(Rng()) | 1) & (W == 64 ? ~0ull : 0xFFFFFFFFull));
    emit(Now, sqtt_marker_value::encode(Op.ID, false, false), true);
    --WaveMarkers; // an address block's header is not a marker the walk sees
    emit(Now + 1, uint32_t(Exec), false);
    emit(Now + 2, uint32_t(Exec >> 32), false);
    std::vector<uint64_t> Active;
    int64_t At = Now + 3;
    uint64_t Base = 0x7F0000000000ull + (uint64_t(rnd(1 << 16)) << 12);
    if (Op.Proto == AddrProto::RawBuffer || Op.Proto == AddrProto::StructBuffer) {
      uint32_t Stride = 4 << rnd(4), SOffset = rnd(256) * 4;
      uint64_t Buf = Base & 0xFFFFFFFFFFFFull;
      emit(At++, uint32_t(Buf), false);
      emit(At++, uint32_t(Buf >> 32) | (Stride << 16), false);
      emit(At++, SOffset, false);
      std::vector<uint32_t> VOff(W), VIdx(W);
      static const uint32_t Steps[] = {4, 16, 128};
      uint32_t Step = Steps[rnd(3)];
      for (uint32_t L = 0; L < W; ++L) {
        VOff[L] = L * Step + rnd(2) * 64;
        VIdx[L] = L + rnd(3);
      }
      for (uint32_t L = 0; L < W; ++L)
        emit(At++, VOff[L], false);
      if (Op.Proto == AddrProto::StructBuffer)
        for (uint32_t L = 0; L < W; ++L)
          emit(At++, VIdx[L], false);
      for (uint32_t L = 0; L < W; ++L)
        if ((Exec >> L) & 1)
          Active.push_back(Buf + SOffset + VOff[L] +
                           (Op.Proto == AddrProto::StructBuffer ? uint64_t(VIdx[L]) * Stride : 0));
    } else {
      // Access patterns with known costs: coalesced, strided, one line or
      // bank per lane, broadcast, and random jitter that mixes them.
      static const uint32_t MemorySteps[] = {4, 8, 16, 128, 0};
      static const uint32_t LdsSteps[] = {4, 8, 128, 0, 4};
      uint32_t Pattern = rnd(5);
      uint32_t Step = Op.Proto == AddrProto::Memory ? MemorySteps[Pattern] : LdsSteps[Pattern];
      uint32_t Jitter = Pattern == 1 || Pattern == 4 ? 2 : 1;
      for (uint32_t L = 0; L < W; ++L) {
        uint64_t Addr = Op.Proto == AddrProto::Memory ? Base + L * Step + rnd(Jitter) * 256
                                                      : L * Step + rnd(Jitter) * 128;
        emit(At++, uint32_t(Addr), false);
        if (Op.Proto == AddrProto::Memory)
          emit(At++, uint32_t(Addr >> 32), false);
        if ((Exec >> L) & 1)
          Active.push_back(Addr);
      }
    }
    bool Narrow = Op.Proto == AddrProto::Narrow;
    *T.Addresses << DirIdx << ' ' << Op.Kind << ' ' << Op.ID << ' ' << SE << ' ' << CU << ' ' << SIMD << ' '
                 << Wave << ' ' << Launches.back().Dispatch << ' ' << CO->ID;
    char Buf[24];
    std::snprintf(Buf, sizeof Buf, " 0x%016llx", (unsigned long long)Exec);
    *T.Addresses << Buf;
    for (uint64_t A : Active) {
      std::snprintf(Buf, sizeof Buf, Narrow ? " 0x%08llx" : " 0x%016llx", (unsigned long long)A);
      *T.Addresses << Buf;
    }
    *T.Addresses << '\n';
    ++AddressBlocks;
    Time = At;
  }

  /// Generates the next event (one or more records) of the current wave.
  void refill() {
    while (Pending.empty()) {
      if (Run > S.Relaunches)
        return;
      int64_t From = Time;
      Time += S.EventGap ? 1 + rnd(2 * S.EventGap - 1) : 10 + rnd(490);
      // The target CU's instructions in the gap, from the innermost scope's
      // lines (their own random stream: the records stay the same).
      if (Detailed) {
        int Scope = Stack.empty() ? -1 : int(Stack.back());
        simulateGap(From, Time, Listing.line(size_t(CO - COs.data()), Scope, 0), uint32_t(Scope + 1), InstRng,
                    Detail, DetailKeys);
      }
      if (Events == 0) {
        if (!Stack.empty()) { // Close what is open: every scope ends.
          scopeRecord(Time);
          closeSlice(Time);
          emit(Time, sqtt_marker_value::bare_exit, true);
          continue;
        }
        Launches.back().End = LastArrival + 5;
        if (Detailed)
          finishDetail();
        // The kernel frame's own time (D25): the wave's lifetime less its
        // scoped time, for a wave with markers.
        uint64_t Life = uint64_t(Launches.back().End - Launches.back().Start);
        if (WaveMarkers && Life > WaveScoped)
          T.Folded[Prefix] += Life - WaveScoped;
        *T.Waves << CO->Kernel << '\t' << Life << '\t' << WaveScoped << '\t' << (WaveMarkers ? 1 : 0) << '\n';
        ++Run;
        Time += 200 + rnd(800);
        if (Run <= S.Relaunches)
          startRun();
        return;
      }
      --Events;
      if (S.PrivPercent && rnd(100) < S.PrivPercent)
        emit(Time, uint32_t(Rng()), true, RecordFlagPriv);
      uint32_t R = rnd(100);
      if (R < 30 && !CO->Tree.empty()) {
        // Along the call tree: a child of the current stack, or with a fused
        // exit+enter a sibling of its innermost scope.
        bool Fuse = !Stack.empty() && R < 8;
        const std::vector<uint32_t> &Kids = CO->Tree[Fuse ? CO->Tree[Node].Parent : Node].Children;
        if (!Kids.empty()) {
          uint32_t Child = Kids[rnd(uint32_t(Kids.size()))];
          uint32_t Scope = CO->Tree[Child].Scope;
          scopeRecord(Time);
          if (Fuse)
            closeSlice(Time);
          openSlice(Scope, Time, Child);
          emit(Time, sqtt_marker_value::encode(CO->Scopes[Scope].first, true, Fuse), true);
          continue;
        }
      }
      if (R < 30 && CO->Tree.empty() && Stack.size() < S.MaxDepth && !CO->Scopes.empty()) {
        uint32_t Scope = rnd(uint32_t(CO->Scopes.size()));
        bool Fuse = !Stack.empty() && R < 8;
        scopeRecord(Time);
        if (Fuse)
          closeSlice(Time);
        openSlice(Scope, Time);
        emit(Time, sqtt_marker_value::encode(CO->Scopes[Scope].first, true, Fuse), true);
      } else if (R < 55 && !Stack.empty()) {
        scopeRecord(Time);
        closeSlice(Time);
        emit(Time, sqtt_marker_value::bare_exit, true);
      } else if (R < 65 && !CO->Points.empty()) {
        uint32_t ID = CO->Points[rnd(uint32_t(CO->Points.size()))];
        emit(Time, sqtt_marker_value::encode(ID, false, false), true);
        waveTruth('I') << Time << " - " << CO->PointNames.at(ID) << '\n';
        ++T.Instants;
      } else if (R < 70 && !CO->Data.empty()) {
        uint32_t ID = CO->Data[rnd(uint32_t(CO->Data.size()))], Value = uint32_t(Rng());
        emit(Time, sqtt_marker_value::encode(ID, false, false), true);
        emit(Time + 1, Value, false);
        waveTruth('I') << Time << ' ' << Value << ' ' << CO->PointNames.at(ID) << '\n';
        *T.Data << CO->Kernel << '\t' << CO->PointNames.at(ID) << '\t' << Value << '\n';
        ++T.Instants;
      } else if (R < 75 && !CO->Addresses.empty()) {
        addressBlock(CO->Addresses[rnd(uint32_t(CO->Addresses.size()))], Time);
      }
    }
  }

  const SynthScenario &S;
  const std::vector<SynthCO> &COs;
  uint32_t DirIdx, SE, CU, SIMD, Wave, SlotIndex;
  int64_t Phase;
  bool &FirstOfSimd;
  Truth &T;
  std::mt19937_64 Rng;
  const SynthCO *CO = nullptr;
  unsigned Run = 0, Events = 0;
  uint32_t Node = 0; // in the code object's call tree, when it has one
  int64_t Time = 0, LastScope = -1, LastArrival = 0;
  std::vector<uint32_t> Stack;
  std::vector<int64_t> SliceStart;
  std::vector<uint64_t> SliceSelf;
  std::string Prefix;
  uint64_t WaveScoped = 0, WaveMarkers = 0; // this wave's
  std::deque<Rec> Pending;
  const SynthListing &Listing;
  bool Detailed; // on the target CU
  std::mt19937_64 InstRng;
  SynthWaveDetail Detail;            // this wave's instructions
  std::vector<uint32_t> DetailKeys;  // per instruction: its scope + 1, 0 outside every scope
};

void writeJsonFile(OutputFiles &Out, const fs::path &Path, const std::string &Text) {
  Out.write(Path.string(), [&](std::ostream &OS) { OS << Text; });
}

/// The wave files of one shader engine's target-CU waves; returns their
/// entry of filenames.json's wave_filenames ({simd: {slot: {n: [file,
/// begin, end]}}} under the SE), "" when there are none.
std::string writeWaveFiles(OutputFiles &Files, const fs::path &Ui, uint32_t SE, uint32_t CU,
                           const std::vector<std::unique_ptr<SlotGen>> &Gens, bool First) {
  std::map<uint32_t, std::map<uint32_t, std::string>> BySimd; // simd -> slot -> entries
  for (const auto &G : Gens)
    for (const SynthWaveDetail &W : G->Details) {
      std::string Name = "se" + std::to_string(SE) + "_sm" + std::to_string(W.SIMD) + "_sl" +
                         std::to_string(W.Slot) + "_wv" + std::to_string(W.Run) + ".json";
      writeJsonFile(Files, Ui / Name, waveFileJson(W, SE, CU));
      std::string &Entries = BySimd[W.SIMD][W.Slot];
      Entries += std::string(Entries.empty() ? "" : ",") + "\"" + std::to_string(W.Run) + "\":[\"" + Name + "\"," +
                 std::to_string(W.Begin) + "," + std::to_string(W.End) + "]";
    }
  if (BySimd.empty())
    return "";
  std::string Out = std::string(First ? "" : ",") + "\"" + std::to_string(SE) + "\":{";
  bool FirstSimd = true;
  for (const auto &[Simd, Slots] : BySimd) {
    Out += std::string(FirstSimd ? "" : ",") + "\"" + std::to_string(Simd) + "\":{";
    bool FirstSlot = true;
    for (const auto &[Slot, Entries] : Slots) {
      Out += std::string(FirstSlot ? "" : ",") + "\"" + std::to_string(Slot) + "\":{" + Entries + "}";
      FirstSlot = false;
    }
    Out += "}";
    FirstSimd = false;
  }
  return Out + "}";
}

} // namespace

SynthStats synthesize(const SynthScenario &S) {
  if (S.CodeObjects.empty())
    throw Error("no code objects given");
  std::vector<SynthCO> COs;
  for (const std::string &P : S.CodeObjects)
    COs.push_back(loadCO(P));
  if (S.Stacks)
    for (size_t C = 0; C < COs.size(); ++C)
      if (!COs[C].Scopes.empty())
        buildCallTree(COs[C], S, C);
  // The whole tree or nothing: every file is written beside its place and
  // renamed there at the end; an error leaves nothing behind.
  OutputFiles Files("sqtt-synth");
  fs::path Out(S.Output);
  try {
    Files.createDirectory((Out / "synthetic-host").string());
  } catch (const Error &E) {
    std::string Why = E.what(); // "<which part>: cannot create directory: <reason>"
    throw Error(S.Output + ": cannot create: " + Why.substr(Why.rfind(": ") + 2));
  }
  // Code objects may be sparse (a mostly empty fat binary): holes stay holes.
  for (const SynthCO &C : COs)
    Files.copy((Out / "synthetic-host" / ("1234_simulated_code_object_id_" + std::to_string(C.ID) + ".out")).string(),
               C.Path);

  Truth T;
  T.Addresses = &Files.open((Out / "truth_addresses.txt").string());
  T.Headers = &Files.open((Out / "truth_headers.txt").string());
  T.Events = &Files.open((Out / "truth_events.txt").string());
  T.Intervals = &Files.open((Out / "truth_intervals.txt").string());
  T.Data = &Files.open((Out / "truth_data.txt").string());
  T.Waves = &Files.open((Out / "truth_waves.txt").string());
  SynthListing CodeListing(COs);
  SynthStats Stats;
  const std::string Note = "\"note\":\"simulated by sqtt-synth; not a hardware trace\"";
  for (uint32_t D = 0; D < S.Dirs; ++D) {
    fs::path Ui = Out / ("ui_output_agent_1_dispatch_" + std::to_string(D + 1));
    Files.createDirectory(Ui.string());
    // filenames.json's two listings, filled SE by SE.
    std::string ShaderDataList = "\"shaderdata_filenames\":{";
    std::string WaveFiles = "\"wave_filenames\":{";
    std::string Occ = "{" + Note;
    for (uint32_t SE = 0; SE < S.ShaderEngines; ++SE) {
      if (S.Progress)
        S.Progress(D, SE);
      std::vector<std::unique_ptr<SlotGen>> Gens;
      // Per SIMD: has its first (undelayed) packed header been issued?
      std::deque<bool> Flags(S.CUs * S.SIMDs, true);
      std::vector<int64_t> Phases(S.CUs * S.SIMDs);
      std::mt19937_64 PhaseRng(S.Seed + 7919 * D + SE);
      for (auto &P : Phases)
        P = int64_t(PhaseRng() % (1u << 24));
      uint32_t SlotIndex = 0;
      for (uint32_t CU = 0; CU < S.CUs; ++CU)
        for (uint32_t SIMD = 0; SIMD < S.SIMDs; ++SIMD)
          for (uint32_t W = 0; W < S.WavesPerSIMD; ++W)
            Gens.push_back(std::make_unique<SlotGen>(S, COs, D, SE, CU, SIMD, W, SlotIndex++,
                                                     Phases[CU * S.SIMDs + SIMD],
                                                     Flags[CU * S.SIMDs + SIMD], T, CodeListing));
      std::string Name = "shaderdata_" + std::to_string(SE) + "_0.json";
      Files.write((Ui / Name).string(), [&](std::ostream &OS) {
        char Line[96];
        OS << "{" << Note << ",\"type\":\"shaderdata\",\"records_schema\":[\"time\",\"value\",\"cu\",\"simd\","
                             "\"wave_id\",\"flags\"],\"records\":[";
        using Item = std::pair<int64_t, size_t>;
        std::priority_queue<Item, std::vector<Item>, std::greater<Item>> Heap;
        for (size_t G = 0; G < Gens.size(); ++G)
          if (!Gens[G]->done())
            Heap.push({Gens[G]->nextArrival(), G});
        bool FirstRec = true;
        while (!Heap.empty()) {
          auto [At, G] = Heap.top();
          Heap.pop();
          Rec R = Gens[G]->pop();
          uint32_t CU = uint32_t(G) / (S.SIMDs * S.WavesPerSIMD);
          uint32_t SIMD = (uint32_t(G) / S.WavesPerSIMD) % S.SIMDs, W = uint32_t(G) % S.WavesPerSIMD;
          int N = std::snprintf(Line, sizeof Line, "%s[%lld,%u,%u,%u,%u,%u]",
                                FirstRec ? "" : S.Compact ? "," : ",\n",
                                (long long)R.Arrival, R.Value, CU, SIMD, W, R.Flags);
          OS.write(Line, N);
          FirstRec = false;
          ++Stats.Records;
          Stats.Headers += R.Header;
          if (!Gens[G]->done())
            Heap.push({Gens[G]->nextArrival(), G});
        }
        OS << "]}\n";
      });
      ShaderDataList += std::string(SE ? "," : "") + "\"" + std::to_string(SE) + "\":[[\"" + Name + "\",0,0]]";
      WaveFiles += writeWaveFiles(Files, Ui, SE, uint32_t(S.TargetCU), Gens, WaveFiles.back() == '{');
      Occ += ",\"" + std::to_string(SE) + "\":[";
      bool FirstRow = true;
      for (size_t G = 0; G < Gens.size(); ++G) {
        uint32_t CU = uint32_t(G) / (S.SIMDs * S.WavesPerSIMD);
        uint32_t SIMD = (uint32_t(G) / S.WavesPerSIMD) % S.SIMDs, W = uint32_t(G) % S.WavesPerSIMD;
        for (const SlotGen::Launch &L : Gens[G]->Launches) {
          for (int Start = 1; Start >= 0; --Start) {
            Occ += std::string(FirstRow ? "" : ",") + "[" + std::to_string(Start ? L.Start : L.End) + "," +
                   std::to_string(CU) + "," + std::to_string(SIMD) + "," + std::to_string(W) + "," +
                   std::to_string(Start) + "," + std::to_string(L.Dispatch) + "]";
            FirstRow = false;
          }
          ++Stats.Waves;
        }
        Stats.AddressBlocks += Gens[G]->AddressBlocks;
      }
      Occ += "]";
    }
    std::string Listing = "{" + Note + ",\"global_begin_time\":0,\"gfxv\":\"navi\",\"gfxip\":12,"
                          "\"version\":\"3.1.0\",\"counter_names\":[]," + WaveFiles + "}," + ShaderDataList + "}}\n";
    Occ += ",\"dispatches\":{\"0\":\"0 / 0x0\"";
    for (size_t C = 0; C < COs.size(); ++C) {
      std::ostringstream Name;
      writeJsonString(Name, COs[C].Kernel);
      Occ += ",\"" + std::to_string(C + 1) + "\":" + Name.str();
    }
    Occ += "},\"version\":\"3.0.0\"}\n";
    writeJsonFile(Files, Ui / "filenames.json", Listing);
    writeJsonFile(Files, Ui / "occupancy.json", Occ);
    writeJsonFile(Files, Ui / "code.json",
                  S.TargetCU >= 0 ? CodeListing.codeJson(Note)
                                  : "{" + Note + ",\"code\":[],\"header\":\"ISA, _, LineNumber, Source, "
                                    "Codeobj, Vaddr, Hit, Latency, Stall, Idle\",\"version\":\"simulated\"}\n");
  }
  std::ostringstream Truth;
  Truth << "{" << Note << ",\n\"folded\": {";
  bool FirstKey = true;
  for (auto &[K, V] : T.Folded) {
    Truth << (FirstKey ? "\n" : ",\n") << "  ";
    writeJsonString(Truth, K);
    Truth << ": " << V;
    FirstKey = false;
  }
  Truth << "},\n\"slices\": {";
  FirstKey = true;
  for (auto &[K, V] : T.Slices) {
    Truth << (FirstKey ? "\n" : ",\n") << "  ";
    writeJsonString(Truth, K);
    Truth << ": [" << V.first << ", " << V.second << "]";
    FirstKey = false;
  }
  // What the memory summary is checked against: each dispatch's kernel and
  // each traced operation's kind and source (truth_addresses.txt has the
  // dispatch and code object of every execution).
  Truth << "},\n\"dispatches\": {";
  for (size_t C = 0; C < COs.size(); ++C) {
    Truth << (C ? ", " : "") << '"' << C + 1 << "\": ";
    writeJsonString(Truth, COs[C].Kernel);
  }
  Truth << "},\n\"address_ops\": [";
  FirstKey = true;
  for (const SynthCO &C : COs)
    for (const AddressOp &Op : C.Addresses) {
      Truth << (FirstKey ? "\n" : ",\n") << "  {\"code_object\": " << C.ID << ", \"marker_id\": " << Op.ID
            << ", \"kind\": \"" << Op.Kind << "\", \"source\": ";
      writeJsonString(Truth, Op.Source);
      Truth << ", \"access_bytes\": " << Op.AccessBytes << ", \"base\": ";
      writeJsonString(Truth, Op.Base);
      Truth << ", \"wave_size\": " << C.WaveSize << "}";
      FirstKey = false;
    }
  Truth << "],\n\"instants\": " << T.Instants << ",\n\"records\": " << Stats.Records
        << ",\n\"address_blocks\": " << Stats.AddressBlocks << "\n}\n";
  writeJsonFile(Files, Out / "ground_truth.json", Truth.str());
  if (S.TargetCU >= 0)
    Files.write((Out / "truth_instructions.txt").string(), [&](std::ostream &OS) { T.Instructions.write(OS); });
  Files.commit();
  return Stats;
}

} // namespace sqtt
