// Perturbation.cpp - a plain and an instrumented kernel, compared on what
// the kernel itself does.
#include "sqtt/perturbation/Perturbation.h"
#include "sqtt/isa/CodeObjectIsa.h"
#include "sqtt/isa/InstrumentationCost.h"
#include "sqtt/support/Error.h"

#include <algorithm>
#include <sstream>

namespace sqtt::perturbation {

using isa::CostClass;
using isa::Family;
using isa::Flow;
using isa::PluginRole;

size_t PerturbationReport::perturbed() const {
  return size_t(std::count_if(Kernels.begin(), Kernels.end(),
                              [](const KernelPerturbation &K) { return !K.Findings.empty(); }));
}

namespace {

bool startsWith(std::string_view S, std::string_view P) { return S.substr(0, P.size()) == P; }

/// What an instruction is to the comparison.
enum class Kind { Memory, Wait, Move, Hint, Scalar, Integer, Vector };

/// A wait for a memory counter (s_waitcnt, gfx12's s_wait_loadcnt...), not
/// a wait for an ALU dependency (s_waitcnt_depctr, s_wait_alu).
bool isMemoryWait(std::string_view Mn) {
  if (startsWith(Mn, "s_waitcnt"))
    return Mn != "s_waitcnt_depctr";
  return startsWith(Mn, "s_wait_") && Mn.find("cnt") != std::string_view::npos;
}

/// Integer and bitwise vector arithmetic (v_add_co_u32, v_mad_u64_u32,
/// v_lshl_add_u64, v_or_b32...): in the kernels profiled, mostly indices and
/// addresses, whose form the loop's induction variables decide (LSR picks
/// them by a cost model that the markers in a loop sway). Everything else
/// vector (floating point, conversions, matrix, lane operations) is work.
bool isIntegerVectorOp(std::string_view Mn) {
  if (!startsWith(Mn, "v_") || startsWith(Mn, "v_cvt") || startsWith(Mn, "v_mfma") || startsWith(Mn, "v_wmma") ||
      startsWith(Mn, "v_swmmac") || startsWith(Mn, "v_dot") || startsWith(Mn, "v_readlane") ||
      startsWith(Mn, "v_readfirstlane") || startsWith(Mn, "v_writelane") || startsWith(Mn, "v_cmp") ||
      startsWith(Mn, "v_cndmask") || startsWith(Mn, "v_perm"))
    return false;
  for (std::string_view Type : {"_u32", "_i32", "_u64", "_i64", "_b32", "_b64", "_u24", "_i24", "_u16", "_i16"})
    if (Mn.find(Type) != std::string_view::npos)
      return true;
  return false;
}

Kind kindOf(const isa::Instruction &I) {
  std::string_view Mn = I.Mnemonic;
  switch (I.What.Cost) {
  case CostClass::Smem:
  case CostClass::Vmem:
  case CostClass::Lds: return Kind::Memory;
  case CostClass::Wait: return isMemoryWait(Mn) ? Kind::Wait : Kind::Hint;
  default: break;
  }
  // Hints and padding the backend places by the schedule, not by the work.
  for (std::string_view Hint : {"s_nop", "s_delay_alu", "s_clause", "s_set_inst_prefetch_distance",
                                "s_inst_prefetch", "s_code_end", "s_waitcnt_depctr"})
    if (Mn == Hint)
      return Kind::Hint;
  if (I.What.Kind == Family::Move || I.What.Kind == Family::MoveK || I.What.Kind == Family::VectorCopy ||
      startsWith(Mn, "v_mov_") || startsWith(Mn, "s_mov_") || startsWith(Mn, "v_pk_mov_") ||
      startsWith(Mn, "v_accvgpr_"))
    return Kind::Move;
  // Branches, compares and the other scalar instructions follow the block
  // layout, which markers change; the vector work is the kernel's.
  // Lane masks (v_cmp writes an SGPR mask, v_cmpx EXEC) are control flow.
  if (I.What.Scalar || I.What.Cost == CostClass::Branch || I.What.Cost == CostClass::Salu ||
      startsWith(Mn, "v_cmp"))
    return Kind::Scalar;
  return isIntegerVectorOp(Mn) ? Kind::Integer : Kind::Vector;
}

/// A function's instructions with the plugin's marked.
struct Code {
  const isa::CodeObjectIsa *Isa = nullptr;
  const isa::Function *F = nullptr;
  std::vector<PluginRole> Role;
  bool own(size_t I) const { return Role[I] == PluginRole::None; }
};

/// Loops as [first, last] instruction indices: a back edge of the kernel's
/// own code and its target. The plugin's lane loops are the plugin's.
std::vector<std::pair<size_t, size_t>> loopsOf(const Code &C) {
  std::vector<std::pair<size_t, size_t>> Loops;
  const auto &Insts = C.F->Insts;
  for (size_t I = 0; I < Insts.size(); ++I) {
    const isa::Instruction &In = Insts[I];
    if (!C.own(I) || (In.Kind != Flow::Branch && In.Kind != Flow::CondBranch) || !In.Target ||
        *In.Target > In.Address)
      continue;
    size_t Head = C.F->indexOf(*In.Target);
    if (Head != isa::Function::npos)
      Loops.push_back({Head, I});
  }
  std::sort(Loops.begin(), Loops.end());
  Loops.erase(std::unique(Loops.begin(), Loops.end(),
                          [](auto &A, auto &B) { return A.first == B.first; }),
              Loops.end());
  return Loops;
}

/// Counts of one part of a function.
struct Tally {
  std::map<std::string, long> Memory, Vector, Integer, Scalar, Moves, Waits;
  std::vector<std::string> Sequence; // own memory and other instructions in order
  size_t Own = 0, Plugin = 0, WaitsAtMarkers = 0, WaitsForRecords = 0, ExitWaits = 0;
};

/// Where the wait at \p At leads: the plugin instructions right after it
/// (skipping hints and other waits) record a value, are a marker that
/// records none, or the kernel's own code follows.
enum class WaitFor { Kernel, Record, Marker };

/// Whether the kernel's own code right after the marker (from \p After up
/// to the next memory instruction, wait, branch or plugin instruction)
/// reads a register that a memory instruction of the block before the wait
/// at \p At writes: the wait is then the one that code needs, placed before
/// the marker rather than after it.
bool servesCodeAfter(const Code &C, size_t At, size_t After) {
  const auto &Insts = C.F->Insts;
  std::vector<isa::RegRange> Loaded;
  for (size_t I = At; I-- > 0;) {
    if (!C.own(I))
      continue;
    if (Insts[I].Kind != Flow::Next)
      break;
    if (kindOf(Insts[I]) == Kind::Memory)
      for (const isa::RegRange &D : Insts[I].defs())
        Loaded.push_back(D);
  }
  for (size_t I = After; I < Insts.size() && C.own(I); ++I) {
    const isa::Instruction &In = Insts[I];
    Kind K = kindOf(In);
    if (K == Kind::Wait || K == Kind::Memory || In.Kind != Flow::Next)
      break;
    for (size_t O = In.NumDefs; O < In.Ops.size(); ++O)
      if (In.Ops[O].isReg())
        for (const isa::RegRange &L : Loaded)
          for (uint16_t R = In.Ops[O].Reg.First; R < In.Ops[O].Reg.First + In.Ops[O].Reg.Count; ++R)
            if (L.contains(R))
              return true;
  }
  return false;
}

WaitFor waitFor(const Code &C, size_t At) {
  const auto &Insts = C.F->Insts;
  size_t J = At + 1;
  while (J < Insts.size() && C.own(J) &&
         (kindOf(Insts[J]) == Kind::Hint || kindOf(Insts[J]) == Kind::Wait))
    ++J;
  if (J >= Insts.size() || C.own(J))
    return WaitFor::Kernel;
  bool Records = false;
  for (; J < Insts.size() && !C.own(J); ++J)
    Records |= C.Role[J] == PluginRole::Value;
  if (Records)
    return WaitFor::Record;
  // A marker at a workgroup barrier sits between the barrier's release
  // waits and the s_barrier: those waits are the barrier's.
  if (J < Insts.size() && Insts[J].What.Cost == CostClass::Barrier)
    return WaitFor::Kernel;
  return servesCodeAfter(C, At, J) ? WaitFor::Kernel : WaitFor::Marker;
}

Tally tally(const Code &C, size_t First, size_t Last) {
  Tally T;
  const auto &Insts = C.F->Insts;
  for (size_t I = First; I <= Last && I < Insts.size(); ++I) {
    if (!C.own(I)) {
      ++T.Plugin;
      T.ExitWaits += C.Role[I] == PluginRole::ExitWait;
      continue;
    }
    ++T.Own;
    const isa::Instruction &In = Insts[I];
    switch (kindOf(In)) {
    case Kind::Hint: break;
    case Kind::Wait:
      switch (waitFor(C, I)) {
      case WaitFor::Record: ++T.WaitsForRecords; break;
      case WaitFor::Marker: ++T.WaitsAtMarkers; [[fallthrough]];
      case WaitFor::Kernel: ++T.Waits[In.Mnemonic]; break;
      }
      break;
    case Kind::Memory:
      ++T.Memory[In.Mnemonic];
      T.Sequence.push_back(In.Mnemonic);
      break;
    case Kind::Move: ++T.Moves[In.Mnemonic]; break;
    case Kind::Vector:
      ++T.Vector[In.Mnemonic];
      T.Sequence.push_back(In.Mnemonic);
      break;
    case Kind::Integer: ++T.Integer[In.Mnemonic]; break;
    case Kind::Scalar: ++T.Scalar[In.Mnemonic]; break;
    }
  }
  return T;
}

std::map<std::string, long> difference(const std::map<std::string, long> &Own,
                                       const std::map<std::string, long> &Plain) {
  std::map<std::string, long> D;
  for (const auto &[Mn, N] : Own)
    D[Mn] += N;
  for (const auto &[Mn, N] : Plain)
    D[Mn] -= N;
  for (auto It = D.begin(); It != D.end();)
    It = It->second ? std::next(It) : D.erase(It);
  return D;
}

RegionDiff compareRegion(std::string What, const Code &Plain, std::pair<size_t, size_t> P, const Code &Instr,
                         std::pair<size_t, size_t> I) {
  Tally TP = tally(Plain, P.first, P.second), TI = tally(Instr, I.first, I.second);
  RegionDiff R;
  R.What = std::move(What);
  R.PlainAddress = Plain.F->Insts.empty() ? Plain.F->Address : Plain.F->Insts[P.first].Address;
  R.InstrumentedAddress = Instr.F->Insts.empty() ? Instr.F->Address : Instr.F->Insts[I.first].Address;
  R.Source = Plain.Isa->sourceLine(R.PlainAddress);
  if (R.Source.empty())
    R.Source = Instr.Isa->sourceLine(R.InstrumentedAddress);
  R.PlainInstructions = TP.Own;
  R.OwnInstructions = TI.Own;
  R.PluginInstructions = TI.Plugin;
  R.Memory = difference(TI.Memory, TP.Memory);
  R.Vector = difference(TI.Vector, TP.Vector);
  R.Integer = difference(TI.Integer, TP.Integer);
  R.Scalar = difference(TI.Scalar, TP.Scalar);
  R.Moves = difference(TI.Moves, TP.Moves);
  R.Waits = difference(TI.Waits, TP.Waits);
  R.WaitsAtMarkers = TI.WaitsAtMarkers;
  R.WaitsForRecords = TI.WaitsForRecords;
  R.ExitWaits = TI.ExitWaits;
  R.Reordered = R.Memory.empty() && R.Vector.empty() && TI.Sequence != TP.Sequence;
  return R;
}

std::string listed(const std::map<std::string, long> &D) {
  std::ostringstream OS;
  const char *Sep = "";
  for (const auto &[Mn, N] : D) {
    OS << Sep << (N > 0 ? "+" : "") << N << ' ' << Mn;
    Sep = ", ";
  }
  return OS.str();
}

/// The sentences that say how \p R perturbs its kernel.
void regionFindings(const RegionDiff &R, std::vector<std::string> &Out) {
  std::string Where = R.What + (R.Source.empty() ? "" : " (" + R.Source + ")");
  if (!R.Memory.empty())
    Out.push_back(Where + ": memory instructions differ: " + listed(R.Memory));
  if (!R.Vector.empty())
    Out.push_back(Where + ": vector instructions differ: " + listed(R.Vector));
  if (R.WaitsAtMarkers)
    Out.push_back(Where + ": " + std::to_string(R.WaitsAtMarkers) + " memory wait" +
                  (R.WaitsAtMarkers == 1 ? "" : "s") + " right before a marker that records no value");
}

void resourceFindings(KernelPerturbation &K) {
  const isa::KernelResources &P = K.Plain, &I = K.Instrumented;
  if (I.ScratchBytes > P.ScratchBytes)
    K.Findings.push_back("scratch: " + std::to_string(I.ScratchBytes) + " bytes per lane (plain: " +
                         std::to_string(P.ScratchBytes) + ")");
  if (I.SgprSpills > P.SgprSpills || I.VgprSpills > P.VgprSpills)
    K.Findings.push_back("spills: " + std::to_string(I.SgprSpills) + " SGPR, " + std::to_string(I.VgprSpills) +
                         " VGPR (plain: " + std::to_string(P.SgprSpills) + ", " + std::to_string(P.VgprSpills) + ")");
  if (K.PlainWaves && K.InstrumentedWaves < K.PlainWaves)
    K.Findings.push_back("occupancy: " + std::to_string(K.InstrumentedWaves) + " waves per SIMD (plain: " +
                         std::to_string(K.PlainWaves) + "), VGPRs " + std::to_string(I.Vgprs) + " (plain: " +
                         std::to_string(P.Vgprs) + "), SGPRs " + std::to_string(I.Sgprs) + " (plain: " +
                         std::to_string(P.Sgprs) + ")");
  if (I.LdsBytes != P.LdsBytes)
    K.Findings.push_back("LDS: " + std::to_string(I.LdsBytes) + " bytes per workgroup (plain: " +
                         std::to_string(P.LdsBytes) + ")");
  if (I.DynamicStack && !P.DynamicStack)
    K.Findings.push_back("a dynamic stack the plain build does not have");
}

KernelPerturbation compareKernel(const isa::KernelResources &PR, const isa::KernelResources &IR, const Code &Plain,
                                 const Code &Instr, const std::string &Target) {
  KernelPerturbation K;
  K.Name = PR.Name.empty() ? PR.Symbol : PR.Name;
  K.Plain = PR;
  K.Instrumented = IR;
  if (std::optional<isa::RegisterFile> File = isa::registerFile(Target, PR.WaveSize)) {
    K.PlainWaves = isa::wavesPerSimd(*File, PR);
    K.InstrumentedWaves = isa::wavesPerSimd(*File, IR);
  }
  K.PlainCodeBytes = Plain.F->Size;
  K.InstrumentedCodeBytes = Instr.F->Size;
  for (size_t I = 0; I < Instr.F->Insts.size(); ++I)
    if (!Instr.own(I))
      K.PluginCodeBytes += Instr.F->Insts[I].Size;

  size_t PN = Plain.F->Insts.size(), IN = Instr.F->Insts.size();
  K.Regions.push_back(compareRegion("kernel", Plain, {0, PN ? PN - 1 : 0}, Instr, {0, IN ? IN - 1 : 0}));
  std::vector<std::pair<size_t, size_t>> PL = loopsOf(Plain), IL = loopsOf(Instr);
  if (PL.size() == IL.size()) {
    for (size_t L = 0; L < PL.size(); ++L)
      K.Regions.push_back(compareRegion("loop " + std::to_string(L + 1), Plain, PL[L], Instr, IL[L]));
  } else {
    // Block layout (a loop rotated another way, a back edge split) is
    // codegen's choice: said, and the kernel compared as a whole.
    K.LoopsDiffer = "the plain kernel has " + std::to_string(PL.size()) + " loop" + (PL.size() == 1 ? "" : "s") +
                    ", the instrumented one " + std::to_string(IL.size()) + " of its own: loops not compared one by one";
  }

  resourceFindings(K);
  regionFindings(K.Regions.front(), K.Findings);
  // A loop's memory instructions can differ while the kernel's add up (a
  // load hoisted out of it); its waits at markers are the kernel's already.
  for (size_t R = 1; R < K.Regions.size(); ++R)
    if (!K.Regions[R].Memory.empty())
      K.Findings.push_back(K.Regions[R].What +
                           (K.Regions[R].Source.empty() ? "" : " (" + K.Regions[R].Source + ")") +
                           ": memory instructions differ: " + listed(K.Regions[R].Memory));
  return K;
}

} // namespace

PerturbationReport comparePerturbation(const CodeObject &Plain, const std::string &PlainWhere,
                                       const CodeObject &Instrumented, const std::string &InstrumentedWhere) {
  PerturbationReport Report;
  Report.Plain = PlainWhere;
  Report.Instrumented = InstrumentedWhere;
  Report.Target = Instrumented.Target;
  auto Cpu = [](const std::string &T) { return T.substr(0, T.find(':')); };
  if (Cpu(Plain.Target) != Cpu(Instrumented.Target))
    throw Error(PlainWhere + " is for " + Plain.Target + ", " + InstrumentedWhere + " for " + Instrumented.Target +
                ": compare builds of one target");
  std::vector<isa::KernelResources> PK = isa::kernelResources(Plain, PlainWhere);
  std::vector<isa::KernelResources> IK = isa::kernelResources(Instrumented, InstrumentedWhere);
  isa::CodeObjectIsa PI = isa::CodeObjectIsa::decode(Plain, PlainWhere);
  isa::CodeObjectIsa II = isa::CodeObjectIsa::decode(Instrumented, InstrumentedWhere);
  if (!isa::registerFile(Instrumented.Target, 64))
    Report.Notes.push_back("waves per SIMD are not known for " + Instrumented.Target);
  for (const isa::KernelResources &P : PK) {
    auto I = std::find_if(IK.begin(), IK.end(), [&](const isa::KernelResources &K) { return K.Symbol == P.Symbol; });
    const isa::Function *PF = PI.find(P.Symbol);
    const isa::Function *IF = I == IK.end() ? nullptr : II.find(P.Symbol);
    if (!PF || !IF) {
      Report.Notes.push_back("kernel " + P.Symbol + " is not in " + (PF ? InstrumentedWhere : PlainWhere));
      continue;
    }
    Code PC{&PI, PF, std::vector<PluginRole>(PF->Insts.size(), PluginRole::None)};
    Code IC{&II, IF, isa::pluginRoles(*IF)};
    Report.Kernels.push_back(compareKernel(P, *I, PC, IC, Instrumented.Target));
  }
  for (const isa::KernelResources &I : IK)
    if (std::none_of(PK.begin(), PK.end(), [&](const isa::KernelResources &K) { return K.Symbol == I.Symbol; }))
      Report.Notes.push_back("kernel " + I.Symbol + " is not in " + PlainWhere);
  if (Report.Kernels.empty())
    throw Error(PlainWhere + " and " + InstrumentedWhere + " have no kernel in common");
  return Report;
}

} // namespace sqtt::perturbation
