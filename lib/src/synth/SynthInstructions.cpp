// SynthInstructions.cpp - simulated wave files and code.json rows, and the
// truth of where each instruction falls.
#include "SynthInstructions.h"
#include "sqtt/support/JsonString.h"
#include "sqtt/trace/WaveInstructions.h"
#include "sqtt/uitree/TreeLayout.h"

#include <set>
#include <sstream>

namespace sqtt {

void ListingTotals::add(const SynthWaveDetail &W) {
  for (const SynthWaveDetail::Instruction &I : W.Instructions) {
    Row &R = Rows.at(I.Line - 1);
    ++R.Hit, R.Latency += I.Duration, R.Stall += I.Stall;
  }
}

std::string codeJson(const SynthCO &C, const ListingTotals &Totals, const std::string &Note) {
  std::ostringstream OS;
  OS << "{" << Note << ",\"code\":[";
  // The label row: the traced kernel's code object and entry (FORMATS §12).
  OS << "[";
  writeJsonString(OS, "; " + C.Kernel);
  OS << ",0,0,\"\"," << C.ID << "," << (C.Program ? C.Program->entry() : 0) << ",0,0,0,0]";
  if (C.Program) {
    const std::vector<ProgramLine> &Listing = C.Program->listing();
    for (uint32_t Row = 0; Row < Listing.size(); ++Row) {
      const ProgramLine &L = Listing[Row];
      const ListingTotals::Row &T = Row < Totals.Rows.size() ? Totals.Rows[Row] : ListingTotals::Row{};
      OS << ",[";
      writeJsonString(OS, L.Text);
      OS << ",0," << listingLine(Row) << ",";
      writeJsonString(OS, L.Source);
      OS << "," << C.ID << "," << L.Address << "," << T.Hit << "," << T.Latency << "," << T.Stall << ",0]";
    }
  }
  OS << "],\"header\":\"ISA, _, LineNumber, Source, Codeobj, Vaddr, Hit, Latency, Stall, Idle\"";
  // The plugin's instructions, as the ISA model tells them
  // ([codeobj, vaddr] each, in address order): what the instruction views
  // mark as inserted. Only when there is a listing to mark.
  if (C.Program) {
    OS << ",\"" << uitree::CodeInsertedKey << "\":[";
    bool First = true;
    for (const ProgramLine &L : C.Program->listing())
      if (L.Inserted) {
        OS << (First ? "[" : ",[") << C.ID << "," << L.Address << "]";
        First = false;
      }
    OS << "]";
  }
  OS << ",\"version\":\"simulated\"}\n";
  return OS.str();
}

void InstructionTruth::wave(const SynthWaveDetail &W, const std::vector<Key> &KeyOf) {
  std::set<Key> Seen;
  for (size_t I = 0; I < W.Instructions.size(); ++I) {
    const SynthWaveDetail::Instruction &In = W.Instructions[I];
    const Key &K = KeyOf[I];
    Row &R = Rows[K];
    if (Seen.insert(K).second)
      ++R.Waves;
    ++R.Count, R.Cycles += In.Duration, R.Stall += In.Stall;
  }
}

void InstructionTruth::write(std::ostream &OS) const {
  for (const auto &[K, R] : Rows)
    OS << std::get<0>(K) << '\t' << std::get<1>(K) << '\t' << std::get<2>(K) << '\t' << R.Waves << '\t' << R.Count
       << '\t' << R.Cycles << '\t' << R.Stall << '\n';
}

namespace {

/// The wave's timeline states, [[state, duration], ...] from its begin:
/// IDLE until its first instruction, then each instruction's stretch until
/// the next one (WAIT while a wait instruction waits, STALL for other
/// stalls, EXEC for the rest), EXEC to the end.
std::string timelineJson(const SynthWaveDetail &W) {
  std::string Out;
  auto Span = [&](unsigned State, int64_t Cycles) {
    if (Cycles > 0)
      Out += std::string(Out.empty() ? "[" : ",[") + std::to_string(State) + "," + std::to_string(Cycles) + "]";
  };
  constexpr unsigned Idle = 1, Exec = 2, Wait = 3, Stall = 4;
  int64_t At = W.Begin;
  for (size_t K = 0; K < W.Instructions.size(); ++K) {
    const SynthWaveDetail::Instruction &I = W.Instructions[K];
    Span(K ? Exec : Idle, I.Time - At);
    At = std::max(At, I.Time);
    int64_t Next = K + 1 < W.Instructions.size() ? W.Instructions[K + 1].Time : W.End;
    int64_t Waiting = std::min<int64_t>(I.Stall, Next - At);
    Span(I.Category == uint32_t(InstCategory::Immed) ? Wait : Stall, Waiting);
    At += std::max<int64_t>(Waiting, 0);
  }
  Span(Exec, W.End - At);
  return "[" + Out + "]";
}

} // namespace

std::string waveFileJson(const SynthWaveDetail &W, uint32_t SE, uint32_t CU) {
  std::string Out = "{\"duration\":" + std::to_string(W.End - W.Begin) + ",\"name\":\"SE" + std::to_string(SE) +
                    "\",\"note\":\"simulated by sqtt-synth; not a hardware trace\",\"num_insts\":" +
                    std::to_string(W.Instructions.size()) + ",\"num_stitched\":" +
                    std::to_string(W.Instructions.size()) + ",\"wave\":{\"begin\":" + std::to_string(W.Begin) +
                    ",\"cu\":" + std::to_string(CU) + ",\"end\":" + std::to_string(W.End) +
                    ",\"id\":" + std::to_string(W.Run) + ",\"instructions\":[";
  for (size_t I = 0; I < W.Instructions.size(); ++I) {
    const SynthWaveDetail::Instruction &In = W.Instructions[I];
    Out += (I ? ",[" : "[") + std::to_string(In.Time) + "," + std::to_string(In.Category) + "," +
           std::to_string(In.Stall) + "," + std::to_string(In.Duration) + "," + std::to_string(In.Line) + "]";
  }
  Out += "],\"simd\":" + std::to_string(W.SIMD) + ",\"slot\":" + std::to_string(W.Slot) +
         ",\"timeline\":" + timelineJson(W) + ",\"waitcnt\":[]}}\n";
  return Out;
}

} // namespace sqtt
