// SynthInstructions.cpp - simulated wave files and code.json rows, and the
// truth of where each instruction falls.
#include "SynthInstructions.h"
#include "sqtt/support/JsonString.h"

#include <sstream>

namespace sqtt {

namespace {

const char *const Isa[4] = {"v_fma_f32 v0, v1, v2, v3", "s_add_u32 s0, s1, s2",
                            "global_load_dword v4, v[2:3], off", "ds_read_b32 v5, v6"};
const uint32_t Categories[4] = {6, 2, 3, 5}; // VALU, SALU, VMEM, LDS

} // namespace

SynthListing::SynthListing(const std::vector<SynthCO> &COs) : COs(COs) {
  uint32_t Next = 1; // line 0 is the label row
  for (const SynthCO &C : COs) {
    Base.push_back(Next);
    Next += uint32_t(C.Scopes.size() + 1) * 4;
  }
}

uint32_t SynthListing::category(unsigned K) { return Categories[K & 3]; }

std::string SynthListing::codeJson(const std::string &Note) const {
  std::ostringstream OS;
  OS << "{" << Note << ",\"code\":[";
  // The label row names the first code object's kernel (FORMATS §12).
  OS << "[";
  writeJsonString(OS, "; " + COs.front().Kernel);
  OS << ",0,0,\"\"," << COs.front().ID << ",4096,0,0,0,0]";
  for (size_t C = 0; C < COs.size(); ++C)
    for (int Scope = -1; Scope < int(COs[C].Scopes.size()); ++Scope)
      for (unsigned K = 0; K < 4; ++K) {
        uint32_t L = line(C, Scope, K);
        OS << ",[\"" << Isa[K] << "\",0," << L << ",\"synthetic.hip:" << L << "\"," << COs[C].ID << ","
           << 4096 + 4 * L << ",0,0,0,0]";
      }
  OS << "],\"header\":\"ISA, _, LineNumber, Source, Codeobj, Vaddr, Hit, Latency, Stall, Idle\","
        "\"version\":\"simulated\"}\n";
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

void simulateGap(int64_t From, int64_t To, uint32_t FirstLine, uint32_t Key, std::mt19937_64 &Rng,
                 SynthWaveDetail &W, std::vector<uint32_t> &KeyIndex) {
  for (int64_t T = From + 1 + int64_t(Rng() % 3); T < To; T += 4 + int64_t(Rng() % 9)) {
    unsigned K = unsigned(Rng() % 4);
    W.Instructions.push_back({T, SynthListing::category(K), uint32_t(Rng() % 5), 1 + uint32_t(Rng() % 8),
                              FirstLine + K});
    KeyIndex.push_back(Key);
  }
}

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
         ",\"timeline\":[[2," + std::to_string(W.End - W.Begin) + "]],\"waitcnt\":[]}}\n";
  return Out;
}

} // namespace sqtt
