// Synth.cpp - simulated rocprofv3 --att output with known ground truth: the
// tree. As rocprofv3 lays it out, each traced dispatch has its own ui_*
// directory: one per code object and --dirs round. Each wave slot
// (SynthWave.h) runs the dispatch's waves one after another (relaunches);
// each shader engine's file is the k-way merge of its waves' records by
// arrival time, beside filenames.json, occupancy.json, code.json (the
// dispatch's label row), the wave files of the target CU and the truth
// files.
#include "sqtt/synth/Synth.h"
#include "SynthCodeObject.h"
#include "SynthInstructions.h"
#include "SynthWave.h"
#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/codeobjects/FuncmapTable.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/JsonString.h"
#include "sqtt/support/OutputFiles.h"
#include "sqtt/uitree/TreeLayout.h"
#include "sqtt/uitree/TreeWriter.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <filesystem>
#include <map>
#include <queue>
#include <random>
#include <sstream>
#include <tuple>

namespace fs = std::filesystem;

namespace sqtt {

namespace {

namespace rtd = rocprof_trace_decoder::codeobj;

/// Every file says it is simulated.
constexpr const char *Note = "\"note\":\"simulated by sqtt-synth; not a hardware trace\"";

/// Whether \p P records anything on a wave of some CU, SIMD and slot (the
/// scope masks may select any of them).
bool recordsMarkers(const KernelProgram &P) {
  for (uint32_t I = 0; I < 32; ++I)
    if (!P.run({0, I & 15, I & 3, I}, I + 1, false).Records.empty())
      return true;
  return false;
}

/// The code-following mode simulates a code object's first kernel whose
/// code records markers (the funcmap does not say which kernel a marker
/// belongs to).
void chooseKernel(SynthCO &C, const SynthScenario &S, SynthStats &Stats) {
  std::vector<std::unique_ptr<KernelProgram>> Programs = S.LoadPrograms(C.Path, C.Kernels);
  size_t Chosen = 0; // the first, when none records
  for (size_t K = 0; K < Programs.size(); ++K)
    if (recordsMarkers(*Programs[K])) {
      Chosen = K;
      break;
    }
  C.Kernel = C.Kernels[Chosen];
  C.Program = std::move(Programs[Chosen]);
  if (C.Kernels.size() > 1)
    Stats.Notes.push_back(C.Path + ": simulating kernel " + C.Kernel + " (one dispatch per code object; it has " +
                          std::to_string(C.Kernels.size()) + " kernels)");
}

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
      std::string Name = uitree::waveFileName(SE, W.SIMD, W.Slot, W.Run);
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

/// The scenario's code objects, each with the kernel it simulates and, for
/// the random mode, its call tree.
std::vector<SynthCO> loadCodeObjects(const SynthScenario &S, SynthStats &Stats) {
  std::vector<SynthCO> COs;
  for (const CodeObjectPath &P : codeObjectsGiven(S.CodeObjects)) {
    COs.push_back(loadCO(P));
    if (S.LoadPrograms)
      chooseKernel(COs.back(), S, Stats);
  }
  // Load order, as rocprofv3 numbers code objects: each dispatch's
  // kernel_id then follows the code object IDs, as a reader of the .att
  // files numbers them.
  std::stable_sort(COs.begin(), COs.end(), [](const SynthCO &A, const SynthCO &B) { return A.ID < B.ID; });
  for (size_t C = 1; C < COs.size(); ++C)
    if (COs[C].ID == COs[C - 1].ID)
      throw Error("code object id " + std::to_string(COs[C].ID) + " is given twice (" + COs[C - 1].Path + ", " +
                  COs[C].Path + ")");
  if (S.Stacks)
    for (size_t C = 0; C < COs.size(); ++C)
      if (!COs[C].Scopes.empty())
        buildCallTree(COs[C], S, C);
  return COs;
}

/// The host directory with the code objects as rocprofv3 names them.
void writeCodeObjects(OutputFiles &Files, const fs::path &Out, const std::vector<SynthCO> &COs) {
  try {
    Files.createDirectory((Out / "synthetic-host").string());
  } catch (const Error &E) {
    std::string Why = E.what(); // "<which part>: cannot create directory: <reason>"
    throw Error(Out.string() + ": cannot create: " + Why.substr(Why.rfind(": ") + 2));
  }
  // Code objects may be sparse (a mostly empty fat binary): holes stay holes.
  for (const SynthCO &C : COs)
    Files.copy((Out / "synthetic-host" / ("1234_simulated_code_object_id_" + std::to_string(C.ID) + ".out")).string(),
               C.Path);
}

/// Where slot \p G of an engine runs: its CU, SIMD and wave slot.
struct SlotPlace {
  uint32_t CU, SIMD, Wave;
};
SlotPlace placeOf(const SynthScenario &S, size_t G) {
  return {uint32_t(G) / (S.SIMDs * S.WavesPerSIMD), (uint32_t(G) / S.WavesPerSIMD) % S.SIMDs,
          uint32_t(G) % S.WavesPerSIMD};
}

/// One traced dispatch: the code object whose kernel it runs, the
/// kernel_id its occupancy rows carry (1: the one kernel its directory
/// sees, as a reader of its .att files numbers it), and its ui_*
/// directory (0-based).
struct SynthDispatch {
  const SynthCO &CO;
  uint32_t KernelId, Dir;
};

/// Every wave slot of shader engine \p SE of dispatch \p D, in CU, SIMD,
/// slot order.
std::vector<std::unique_ptr<SlotGen>> engineSlots(const SynthScenario &S, const SynthDispatch &D, uint32_t SE, Truth &T,
                                                  std::deque<bool> &FirstPacked) {
  // Per SIMD: has its first (undelayed) packed header been issued?
  FirstPacked.assign(S.CUs * S.SIMDs, true);
  std::vector<int64_t> Phases(S.CUs * S.SIMDs);
  std::mt19937_64 PhaseRng(S.Seed + 7919 * D.Dir + SE);
  for (auto &P : Phases)
    P = int64_t(PhaseRng() % (1u << 24));
  std::vector<std::unique_ptr<SlotGen>> Gens;
  for (uint32_t CU = 0; CU < S.CUs; ++CU)
    for (uint32_t SIMD = 0; SIMD < S.SIMDs; ++SIMD)
      for (uint32_t W = 0; W < S.WavesPerSIMD; ++W)
        Gens.push_back(std::make_unique<SlotGen>(S, D.CO, D.KernelId, D.Dir, SE, CU, SIMD, W,
                                                 Phases[CU * S.SIMDs + SIMD], FirstPacked[CU * S.SIMDs + SIMD], T));
  return Gens;
}

/// What an engine's trace buffer loses (SynthScenario::Loss), record by
/// record in the order the buffer takes them.
class EngineLoss {
public:
  EngineLoss(const LossModel &M, uint64_t Seed, uint32_t Dir, uint32_t SE)
      : M(M), Rng(Seed * 0x94D049BB133111EBull ^ (uint64_t(Dir) << 32) ^ SE) {}
  /// Why the next record is lost ("buffer", "burst"), or null when it is kept.
  const char *next() {
    Bytes += LossModel::RecordBytes;
    if (M.BufferBytes && Bytes > M.BufferBytes)
      return "buffer"; // full: nothing more reaches memory
    if (BurstLeft) {
      --BurstLeft;
      return "burst";
    }
    if (M.BurstRate > 0 && std::uniform_real_distribution<double>(0, 1)(Rng) < M.BurstRate) {
      BurstLeft = M.BurstLength - 1;
      return "burst";
    }
    return nullptr;
  }

private:
  const LossModel &M;
  std::mt19937_64 Rng;
  uint64_t Bytes = 0;
  unsigned BurstLeft = 0;
};

/// An engine's shaderdata file: the k-way merge of its slots' records by
/// arrival time, less what the loss model drops (listed in the truth).
/// Returns the file's first and last record times.
std::pair<int64_t, int64_t> writeEngineRecords(OutputFiles &Files, const fs::path &Path, const SynthScenario &S,
                                               uint32_t Dir, uint32_t SE, std::vector<std::unique_ptr<SlotGen>> &Gens,
                                               Truth &T, SynthStats &Stats) {
  EngineLoss Loss(S.Loss, S.Seed, Dir, SE);
  std::pair<int64_t, int64_t> Times;
  Files.write(Path.string(), [&](std::ostream &OS) {
    ShaderDataWriter Out(OS, Note, /*OnePerLine=*/!S.Compact);
    using Item = std::pair<int64_t, size_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> Heap;
    for (size_t G = 0; G < Gens.size(); ++G)
      if (!Gens[G]->done())
        Heap.push({Gens[G]->nextArrival(), G});
    while (!Heap.empty()) {
      size_t G = Heap.top().second;
      Heap.pop();
      Rec R = Gens[G]->pop();
      SlotPlace At = placeOf(S, G);
      if (const char *Cause = S.Loss.any() ? Loss.next() : nullptr) {
        *T.Lost << Dir << ' ' << SE << ' ' << At.CU << ' ' << At.SIMD << ' ' << At.Wave << ' ' << R.Instance << ' '
                << R.Issue << ' ' << R.Value << ' '
                << ((R.Flags & RecordFlagPriv) ? "trap" : R.Header ? "header" : "payload") << ' ' << Cause << '\n';
        ++Stats.LostRecords;
        if (!Gens[G]->done())
          Heap.push({Gens[G]->nextArrival(), G});
        continue;
      }
      Out.add(R.Arrival, R.Value, At.CU, At.SIMD, At.Wave, R.Flags);
      ++Stats.Records;
      Stats.Headers += R.Header;
      if (!Gens[G]->done())
        Heap.push({Gens[G]->nextArrival(), G});
    }
    Out.finish();
    Times = {Out.beginTime(), Out.endTime()};
  });
  return Times;
}

/// An engine's occupancy.json rows (a start and an end per launch) in time
/// order, as rocprofv3 writes them, and what its slots counted.
std::string occupancyRows(const SynthScenario &S, const std::vector<std::unique_ptr<SlotGen>> &Gens,
                          SynthStats &Stats) {
  struct Row {
    int64_t Time;
    uint32_t CU, SIMD, Wave, Start, KernelId;
  };
  std::vector<Row> Rows;
  for (size_t G = 0; G < Gens.size(); ++G) {
    SlotPlace At = placeOf(S, G);
    for (const SlotGen::Launch &L : Gens[G]->Launches) {
      Rows.push_back({L.Start, At.CU, At.SIMD, At.Wave, 1, L.Dispatch});
      Rows.push_back({L.End, At.CU, At.SIMD, At.Wave, 0, L.Dispatch});
      ++Stats.Waves;
    }
    Stats.AddressBlocks += Gens[G]->AddressBlocks;
    Stats.CutWaves += Gens[G]->CutWaves;
    Stats.OpenAtEnd += Gens[G]->OpenAtEnd;
    Stats.UnknownHeaders += Gens[G]->UnknownHeaders;
  }
  // Ends before starts at one time: a slot's next wave never overlaps.
  std::stable_sort(Rows.begin(), Rows.end(),
                   [](const Row &A, const Row &B) { return std::tie(A.Time, A.Start) < std::tie(B.Time, B.Start); });
  std::string Text;
  for (const Row &R : Rows)
    Text += std::string(Text.empty() ? "" : ",") + "[" + std::to_string(R.Time) + "," + std::to_string(R.CU) + "," +
            std::to_string(R.SIMD) + "," + std::to_string(R.Wave) + "," + std::to_string(R.Start) + "," +
            std::to_string(R.KernelId) + "]";
  return Text;
}

/// Dispatch \p D's directory: every engine's shaderdata and target-CU wave
/// files, filenames.json, occupancy.json and code.json.
void writeDispatchDir(OutputFiles &Files, const fs::path &Out, const SynthScenario &S, const SynthDispatch &D,
                      Truth &T, SynthStats &Stats) {
  fs::path Ui = Out / uitree::dispatchDirName("1", std::to_string(D.Dir + 1));
  ListingTotals Lines;
  if (D.CO.Program)
    Lines.Rows.resize(D.CO.Program->listing().size());
  T.Lines = &Lines;
  Files.createDirectory(Ui.string());
  // filenames.json's two listings, filled SE by SE.
  ShaderDataListing ShaderDataList;
  std::string WaveFiles = "\"" + std::string(uitree::WaveListKey) + "\":{";
  std::string Occ = "{" + std::string(Note);
  for (uint32_t SE = 0; SE < S.ShaderEngines; ++SE) {
    if (S.Progress)
      S.Progress(D.Dir, SE);
    std::deque<bool> FirstPacked; // outlives the slots, which point into it
    std::vector<std::unique_ptr<SlotGen>> Gens = engineSlots(S, D, SE, T, FirstPacked);
    std::string Name = uitree::shaderDataName(SE);
    auto [Begin, End] = writeEngineRecords(Files, Ui / Name, S, D.Dir, SE, Gens, T, Stats);
    ShaderDataList.add(SE, Name, Begin, End);
    WaveFiles += writeWaveFiles(Files, Ui, SE, uint32_t(S.TargetCU), Gens, WaveFiles.back() == '{');
    Occ += ",\"" + std::to_string(SE) + "\":[" + occupancyRows(S, Gens, Stats) + "]";
  }
  std::string Filenames = "{" + std::string(Note) +
                          ",\"global_begin_time\":0,\"gfxv\":\"navi\",\"gfxip\":12,"
                          "\"version\":\"3.1.0\",\"counter_names\":[]," +
                          WaveFiles + "},\"" + uitree::ShaderDataListKey + "\":" + ShaderDataList.json() + "}\n";
  std::ostringstream Name;
  writeJsonString(Name, D.CO.Kernel);
  Occ += ",\"dispatches\":{\"0\":\"0 / 0x0\",\"" + std::to_string(D.KernelId) + "\":" + Name.str() +
         "},\"version\":\"3.0.0\"}\n";
  writeJsonFile(Files, Ui / uitree::FilenamesFile, Filenames);
  writeJsonFile(Files, Ui / uitree::OccupancyFile, Occ);
  writeJsonFile(Files, Ui / uitree::CodeFile, codeJson(D.CO, Lines, Note));
  T.Lines = nullptr;
}

/// One JSON object of \p Map, its values written by \p Value.
template <class Map, class WriteValue>
void writeJsonMap(std::ostream &OS, const Map &M, WriteValue &&Value) {
  OS << "{";
  bool First = true;
  for (const auto &[K, V] : M) {
    OS << (First ? "\n" : ",\n") << "  ";
    writeJsonString(OS, K);
    OS << ": ";
    Value(V);
    First = false;
  }
  OS << "}";
}

/// ground_truth.json: what every tool's output is checked against.
std::string groundTruthJson(const Truth &T, const std::vector<SynthCO> &COs, const SynthStats &Stats) {
  std::ostringstream Truth;
  Truth << "{" << Note << ",\n\"folded\": ";
  writeJsonMap(Truth, T.Folded, [&](uint64_t V) { Truth << V; });
  Truth << ",\n\"segments\": ";
  writeJsonMap(Truth, T.Segments, [&](uint64_t V) { Truth << V; });
  Truth << ",\n\"slices\": ";
  writeJsonMap(Truth, T.Slices, [&](const std::pair<uint64_t, uint64_t> &V) {
    Truth << "[" << V.first << ", " << V.second << "]";
  });
  // What the memory summary is checked against: each code object's kernel
  // and each traced operation's kind and source (truth_addresses.txt has the
  // dispatch and code object of every execution).
  Truth << ",\n\"kernels\": {";
  for (size_t C = 0; C < COs.size(); ++C) {
    Truth << (C ? ", " : "") << '"' << COs[C].ID << "\": ";
    writeJsonString(Truth, COs[C].Kernel);
  }
  Truth << "},\n\"address_ops\": [";
  bool First = true;
  for (const SynthCO &C : COs)
    for (const AddressOp &Op : C.Addresses) {
      Truth << (First ? "\n" : ",\n") << "  {\"code_object\": " << C.ID << ", \"marker_id\": " << Op.ID
            << ", \"kind\": \"" << Op.Kind << "\", \"source\": ";
      writeJsonString(Truth, Op.Source);
      Truth << ", \"access_bytes\": " << Op.AccessBytes << ", \"base\": ";
      writeJsonString(Truth, Op.Base);
      Truth << ", \"wave_size\": " << C.WaveSize << "}";
      First = false;
    }
  Truth << "],\n\"instants\": " << T.Instants << ",\n\"records\": " << Stats.Records
        << ",\n\"address_blocks\": " << Stats.AddressBlocks << "\n}\n";
  return Truth.str();
}

} // namespace

void LossModel::apply(const std::string &Spec) {
  auto Bad = [&](const std::string &Item, const std::string &Why) {
    return Error("--loss: '" + Item + "': " + Why + " (buffer=BYTES, burst=RATE or burst=RATE:LENGTH)");
  };
  auto Show = [](double V) {
    std::ostringstream OS;
    OS << V;
    return OS.str();
  };
  auto Number = [&](const std::string &Item, const std::string &Text, double Lo, double Hi) {
    char *End = nullptr;
    double V = Text.empty() ? 0 : std::strtod(Text.c_str(), &End);
    if (Text.empty() || *End || !(V >= Lo && V <= Hi))
      throw Bad(Item, "'" + Text + "' is not a number from " + Show(Lo) + " to " + Show(Hi));
    return V;
  };
  for (size_t From = 0; From <= Spec.size();) {
    size_t Comma = Spec.find(',', From);
    std::string Item = Spec.substr(From, Comma == std::string::npos ? std::string::npos : Comma - From);
    From = Comma == std::string::npos ? Spec.size() + 1 : Comma + 1;
    size_t Eq = Item.find('=');
    std::string Name = Item.substr(0, Eq), Value = Eq == std::string::npos ? "" : Item.substr(Eq + 1);
    if (Name == "buffer" && Eq != std::string::npos) {
      BufferBytes = uint64_t(Number(Item, Value, RecordBytes, 1e15));
    } else if (Name == "burst" && Eq != std::string::npos) {
      size_t Colon = Value.find(':');
      BurstRate = Number(Item, Value.substr(0, Colon), 1e-12, 1);
      BurstLength = Colon == std::string::npos ? 1 : unsigned(Number(Item, Value.substr(Colon + 1), 1, 1e6));
    } else {
      throw Bad(Item, "not a loss model");
    }
  }
}

std::string synthLimitProblem(const SynthScenario &S) {
  // Every factor is checked by the command line; their product is not.
  long double Waves = (long double)S.Dirs * S.CodeObjects.size() * S.ShaderEngines * S.CUs * S.SIMDs *
                      S.WavesPerSIMD * ((long double)S.Relaunches + 1);
  if (Waves > MaxSynthWaves) {
    char Count[32];
    std::snprintf(Count, sizeof Count, "%.0Lf", Waves);
    return std::string("the run would simulate ") + Count + " waves (" + std::to_string(S.Dirs) + " dispatch(es) x " +
           std::to_string(S.CodeObjects.size()) + " code object(s) x " + std::to_string(S.ShaderEngines) +
           " SEs x " + std::to_string(S.CUs) + " CUs x " + std::to_string(S.SIMDs) + " SIMDs x " +
           std::to_string(S.WavesPerSIMD) + " slots x " + std::to_string(uint64_t(S.Relaunches) + 1) +
           " waves a slot), more than the " + std::to_string(MaxSynthWaves) +
           " it writes; lower --relaunches, --dirs or the grid";
  }
  return "";
}

namespace {

/// Makes an empty directory beside \p Out for the tree, so that it appears
/// at \p Out whole or not at all.
fs::path stagingDirectory(const fs::path &Out) {
  fs::path Parent = Out.parent_path().empty() ? fs::path(".") : Out.parent_path();
  std::string Template = (Parent / ("." + Out.filename().string() + ".sqtt-synth-XXXXXX")).string();
  if (!::mkdtemp(Template.data()))
    throw Error(Out.string() + ": cannot create: " + std::strerror(errno));
  return Template;
}

/// Puts the finished tree \p Staged at \p Out, replacing what is there
/// (the caller decided it may).
void moveIntoPlace(const fs::path &Staged, const fs::path &Out) {
  std::error_code EC;
  fs::path Old;
  if (fs::exists(Out, EC)) {
    Old = Staged.string() + ".old";
    fs::rename(Out, Old, EC);
    if (EC)
      throw Error(Out.string() + ": cannot replace: " + EC.message());
  }
  fs::rename(Staged, Out, EC);
  if (EC) {
    if (!Old.empty())
      fs::rename(Old, Out, EC);
    throw Error(Out.string() + ": cannot create: " + EC.message());
  }
  if (!Old.empty())
    fs::remove_all(Old, EC);
}

} // namespace

SynthStats synthesize(const SynthScenario &S) {
  if (S.CodeObjects.empty())
    throw Error("no code objects given");
  if (S.TargetCU >= 0 && !S.LoadPrograms)
    throw Error("--target-cu needs the code-following mode: a wave's instructions are those its kernel's code "
                "executes, which --random does not run");
  if (std::string Problem = synthLimitProblem(S); !Problem.empty())
    throw Error(Problem);
  fs::path Final = fs::path(S.Output).lexically_normal();
  if (!Final.has_filename()) // "trace/"
    Final = Final.parent_path();
  std::error_code EC;
  // Replacing the output must not take an input with it.
  fs::path FinalAbs = fs::weakly_canonical(fs::absolute(Final), EC);
  for (const std::string &P : S.CodeObjects) {
    fs::path In = fs::weakly_canonical(fs::absolute(P), EC);
    auto [Mismatch, _] = std::mismatch(FinalAbs.begin(), FinalAbs.end(), In.begin(), In.end());
    if (Mismatch == FinalAbs.end())
      throw Error(P + ": is one of this run's inputs; choose another output path (nothing was written)");
  }
  if (fs::exists(Final, EC) && !(fs::is_directory(Final, EC) && fs::is_empty(Final, EC)) && !S.Force)
    throw Error(S.Output + ": exists and is not empty; pass --force to replace it (a simulated tree mixed with "
                           "another run would read as one capture)");
  SynthStats Stats;
  std::vector<SynthCO> COs = loadCodeObjects(S, Stats);
  // The whole tree or nothing: it is written in a directory beside its
  // place and renamed there at the end; an error leaves nothing behind.
  fs::path Out = stagingDirectory(Final);
  struct RemoveUnlessKept {
    fs::path Dir;
    ~RemoveUnlessKept() {
      std::error_code EC;
      if (!Dir.empty())
        fs::remove_all(Dir, EC);
    }
  } Staging{Out};
  OutputFiles Files("sqtt-synth");
  writeCodeObjects(Files, Out, COs);
  Truth T;
  T.Addresses = &Files.open((Out / "truth_addresses.txt").string());
  T.Headers = &Files.open((Out / "truth_headers.txt").string());
  T.Events = &Files.open((Out / "truth_events.txt").string());
  T.Intervals = &Files.open((Out / "truth_intervals.txt").string());
  T.Data = &Files.open((Out / "truth_data.txt").string());
  T.Waves = &Files.open((Out / "truth_waves.txt").string());
  if (S.Loss.any())
    T.Lost = &Files.open((Out / "truth_lost.txt").string());
  uint32_t Dir = 0;
  for (uint32_t Round = 0; Round < S.Dirs; ++Round)
    for (size_t C = 0; C < COs.size(); ++C)
      writeDispatchDir(Files, Out, S, {COs[C], 1, Dir++}, T, Stats);
  writeJsonFile(Files, Out / "ground_truth.json", groundTruthJson(T, COs, Stats));
  if (S.TargetCU >= 0)
    Files.write((Out / "truth_instructions.txt").string(), [&](std::ostream &OS) { T.Instructions.write(OS); });
  Files.commit();
  moveIntoPlace(Out, Final);
  Staging.Dir.clear();
  return Stats;
}

} // namespace sqtt
