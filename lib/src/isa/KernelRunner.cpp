// KernelRunner.cpp - a kernel's code run wave by wave on the ISA model.
#include "sqtt/isa/KernelRunner.h"

#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/isa/CodeObjectIsa.h"
#include "sqtt/isa/InstrumentationCost.h"
#include "sqtt/isa/ScalarMachine.h"
#include "sqtt/support/Error.h"

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <map>
#include <random>
#include <utility>

namespace sqtt::isa {

namespace {

// The order of InstructionCosts' fields, as apply and describe name them.
constexpr const char *ClassNames[] = {"salu", "smem", "valu", "vmem", "lds", "branch", "wait", "barrier", "other"};

unsigned *costField(InstructionCosts &C, size_t Class) {
  unsigned *Fields[] = {&C.Salu, &C.Smem, &C.Valu, &C.Vmem, &C.Lds, &C.Branch, &C.Wait, &C.Barrier, &C.Other};
  return Fields[Class];
}

static_assert(std::size(ClassNames) == size_t(CostClass::Other) + 1, "a name for every cost class, in order");

unsigned costOf(const Instruction &I, const InstructionCosts &C) {
  switch (I.What.Cost) {
  case CostClass::Salu: return C.Salu;
  case CostClass::Smem: return C.Smem;
  case CostClass::Valu: return C.Valu;
  case CostClass::Vmem: return C.Vmem;
  case CostClass::Lds: return C.Lds;
  case CostClass::Branch: return C.Branch;
  case CostClass::Wait: return C.Wait;
  case CostClass::Barrier: return C.Barrier;
  case CostClass::Other: break;
  }
  return C.Other;
}

/// The ids the hardware registers report for \p W, in the fields of
/// hardware_ids.hpp (the trace's "cu" is the WGP on gfx10+). Shader array 0;
/// a slot runs waves of its own workgroup slot (the slot's number). Ids wrap
/// at their field widths, as the registers cannot hold more.
HardwareIds hardwareIds(const WaveIdentity &W, sqtt_hardware_ids::generation Generation) {
  namespace hwid = sqtt_hardware_ids;
  HardwareIds Ids;
  auto Set = [&](hwid::field F, uint32_t Id) {
    std::optional<uint32_t> &R = Ids.registerOf(F.hwreg);
    R = F.insert(R.value_or(0), Id);
  };
  if (Generation == hwid::generation::unknown)
    return Ids;
  Set(hwid::field_of(Generation, hwid::dimension::wave), W.Slot);
  Set(hwid::field_of(Generation, hwid::dimension::simd), W.SIMD);
  Set(hwid::field_of(Generation, hwid::dimension::cu), W.CU);
  Set(hwid::field_of(Generation, hwid::dimension::wg), W.Slot);
  Set(hwid::se_field(Generation), W.SE);
  return Ids;
}

/// Which scalar registers hold a value every wave of a dispatch shares: the
/// kernel's user SGPRs at launch (the kernarg and dispatch pointers), and
/// what scalar instructions compute from such values and immediates, scalar
/// loads through them included (a kernel argument). Not EXEC, the hardware
/// ids or anything a vector instruction writes. A branch on SCC holding such
/// a value goes the same way in every wave of the dispatch.
class DispatchUniform {
public:
  explicit DispatchUniform(unsigned UserSgprs) {
    for (unsigned R = 0; R < UserSgprs && R < reg::NumScalar; ++R)
      Is[R] = true;
  }
  void step(const Instruction &I) {
    bool Uniform = I.What.Scalar && I.What.Kind != Family::GetReg;
    for (size_t K = I.NumDefs; K < I.Ops.size() && Uniform; ++K)
      if (I.Ops[K].isReg())
        Uniform = I.Ops[K].Reg.scalar() && all(I.Ops[K].Reg);
    // Implicit reads: SCC by selects, conditional moves and carries; EXEC
    // by s_<op>_saveexec.
    Family F = I.What.Kind;
    if (F == Family::Select || F == Family::CondMove || (F == Family::AddSub && I.What.Carry))
      Uniform = Uniform && Is[reg::Scc];
    if (F == Family::SaveExec)
      Uniform = false;
    for (const RegRange &D : I.defs())
      if (D.scalar())
        for (uint16_t R = D.First; R < D.First + D.Count && R < reg::NumScalar; ++R)
          Is[R] = Uniform;
  }
  bool scc() const { return Is[reg::Scc]; }

private:
  bool all(const RegRange &R) const {
    for (uint16_t X = R.First; X < R.First + R.Count; ++X)
      if (X != reg::Null && (X >= reg::NumScalar || !Is[X]))
        return false;
    return true;
  }
  std::array<bool, reg::NumScalar> Is{};
};

/// A value drawn for dispatch \p Dispatch at the \p N-th visit of the
/// branch at \p Address: every wave of the dispatch draws the same.
uint64_t dispatchDraw(uint64_t Dispatch, uint64_t Address, uint64_t N) {
  uint64_t Z = Dispatch ^ (Address * 0x9E3779B97F4A7C15ull) ^ (N * 0xD1B54A32D192ED03ull);
  Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
  Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
  return Z ^ (Z >> 31);
}

/// A code object decoded once for the programs of all its kernels, and its
/// listing: every function's instructions one after the other.
struct DecodedCode {
  std::unique_ptr<CodeObjectFile> File; // the bytes Isa was decoded from
  CodeObjectIsa Isa;
  std::vector<ProgramLine> Listing;
  std::map<const Function *, uint32_t> FirstRow; // a function's first row of Listing
  /// Per row of Listing: a forward branch that leaves a loop (loopExits).
  std::vector<char> LoopExit;
};

/// Which of \p F's branches leave a loop forwards: a loop is the code from
/// a backward branch's target to the branch; a branch inside it to past its
/// end is the loop's exit test (the shape of a rotated `for`, whose latch is
/// an unconditional jump back), so its trips are drawn as a back edge's are.
std::vector<char> loopExits(const Function &F) {
  std::vector<std::pair<uint64_t, uint64_t>> Loops; // [header, latch]
  for (const Instruction &I : F.Insts)
    if ((I.Kind == Flow::Branch || I.Kind == Flow::CondBranch) && I.Target && *I.Target <= I.Address)
      Loops.push_back({*I.Target, I.Address});
  std::vector<char> Exit(F.Insts.size(), 0);
  for (size_t At = 0; At < F.Insts.size(); ++At) {
    const Instruction &I = F.Insts[At];
    if (I.Kind != Flow::CondBranch || !I.Target || *I.Target <= I.Address)
      continue;
    for (const auto &[Header, Latch] : Loops)
      if (Header <= I.Address && I.Address < Latch && Latch < *I.Target)
        Exit[At] = 1;
  }
  return Exit;
}

class CodeFollowingProgram : public KernelProgram {
public:
  CodeFollowingProgram(std::shared_ptr<const DecodedCode> Code, const Function &Kernel, const RunLimits &Limits)
      : Code(std::move(Code)), Isa(this->Code->Isa), Listing(this->Code->Listing), FirstRow(this->Code->FirstRow),
        Kernel(Kernel), Limits(Limits) {}

  const std::vector<ProgramLine> &listing() const override { return Listing; }
  uint64_t entry() const override { return Kernel.Address; }

  ProgramRun run(const WaveIdentity &Wave, uint64_t Seed, bool Instructions) const override {
    ProgramRun R;
    std::mt19937_64 Rng(Seed);
    HardwareIds Hw = hardwareIds(Wave, Isa.generation());
    ScalarMachine M(Kernel.WaveSize);
    // v0 at launch: each lane's work-item id (x; y and z are 0 in the
    // one-dimensional groups modelled). A workgroup's waves are spread over
    // the CU's SIMDs, so the SIMD is the wave's place in its group.
    std::array<uint32_t, 64> WorkItem;
    for (unsigned L = 0; L < 64; ++L)
      WorkItem[L] = Wave.SIMD * Kernel.WaveSize + L;
    M.setLanes(reg::VgprBase, WorkItem);
    const CallEffect None; // a callee that is walked into changes what it executes, no more
    struct Frame {
      const Function *F;
      size_t Return;
      ScalarMachine AtCall; // what the calling convention keeps comes back from here
    };
    std::vector<Frame> Calls;
    std::map<std::pair<const Function *, size_t>, unsigned> Trips; // iterations left per loop branch
    std::map<uint64_t, uint64_t> Visits; // per branch address: decisions drawn for the dispatch
    DispatchUniform Uniform(Kernel.UserSgprs);
    const Function *F = &Kernel;
    uint32_t Rows = FirstRow.at(F);
    size_t At = 0;
    for (size_t Steps = 0;; ++Steps) {
      if (Steps >= Limits.MaxSteps) {
        R.Cut = true;
        break;
      }
      if (At >= F->Insts.size())
        break; // ran off the function: nothing more the model can follow
      const Instruction &I = F->Insts[At];
      if (I.isTrace()) {
        Bits V = M.traceValue(I);
        R.Records.push_back({R.Cycles, V.V & V.Known, V.Known});
      }
      const ProgramLine &Line = Listing[Rows + At];
      Uniform.step(I);
      if (Instructions)
        R.Executed.push_back({R.Cycles, uint32_t(Rows + At), Line.Category});
      R.Cycles += Line.Cycles;
      if (I.Kind == Flow::End || I.Kind == Flow::Indirect)
        break;
      if (I.Kind == Flow::Return) {
        if (Calls.empty())
          break;
        F = Calls.back().F;
        At = Calls.back().Return;
        M.returnTo(Calls.back().AtCall);
        Rows = FirstRow.at(F);
        Calls.pop_back();
        continue;
      }
      if (I.Kind == Flow::Call) {
        std::optional<uint64_t> Target = M.callTarget(I);
        const Function *Callee = Target ? Isa.functionAt(*Target) : nullptr;
        size_t Entry = Callee ? Callee->indexOf(*Target) : Function::npos;
        if (Entry == Function::npos || Calls.size() >= 256) {
          M.execute(I, Hw); // a callee the model cannot follow: its effects are unknown
          ++At;
          continue;
        }
        M.execute(I, Hw, &None);
        Calls.push_back({F, At + 1, M});
        F = Callee;
        At = Entry;
        Rows = FirstRow.at(F);
        continue;
      }
      if (I.Kind == Flow::Branch || I.Kind == Flow::CondBranch) {
        std::optional<bool> Taken = M.branchTaken(I);
        size_t Target = I.Target ? F->indexOf(*I.Target) : Function::npos;
        bool OnScc = I.What.Op == Operation::SccZero || I.What.Op == Operation::SccOne;
        if (!Taken && OnScc && Uniform.scc()) {
          // A condition every wave shares: one draw for the dispatch, by the
          // branch and how often this wave has met it. A forward branch on
          // an argument is mostly a guard (n < 1: nothing to do), taken in
          // one dispatch of eight, so most dispatches do the kernel's work.
          std::mt19937_64 Shared(dispatchDraw(Wave.Dispatch, I.Address, Visits[I.Address]++));
          bool Forward = !I.Target || *I.Target > I.Address;
          Taken = Forward && !Code->LoopExit[Rows + At] ? Shared() % 8 == 0
                                                        : draw(F, At, I, Shared, Trips, Code->LoopExit[Rows + At]);
        }
        if (!Taken)
          Taken = draw(F, At, I, Rng, Trips, Code->LoopExit[Rows + At]);
        if (*Taken && Target == Function::npos)
          break;
        if (Instructions && !*Taken)
          R.Executed.back().Category = uint8_t(InstCategory::Next);
        At = *Taken ? Target : At + 1;
        continue;
      }
      M.execute(I, Hw);
      ++At;
    }
    return R;
  }

private:
  /// A branch the code does not decide: a loop's back edge is taken, and
  /// its exit test (\p LoopExit) not taken, a drawn number of times per
  /// entry; any other branch goes either way with even odds.
  bool draw(const Function *F, size_t At, const Instruction &I, std::mt19937_64 &Rng,
            std::map<std::pair<const Function *, size_t>, unsigned> &Trips, bool LoopExit) const {
    if (!LoopExit && (!I.Target || *I.Target > I.Address))
      return Rng() & 1;
    auto [It, New] = Trips.try_emplace({F, At}, 0);
    if (New)
      It->second = Limits.ExactTrips ? Limits.LoopTrips - 1 // more iterations after the first
                                     : unsigned(Rng() % Limits.LoopTrips);
    bool Again = It->second > 0;
    if (Again)
      --It->second;
    else
      Trips.erase(It);
    return Again != LoopExit;
  }

  std::shared_ptr<const DecodedCode> Code;
  const CodeObjectIsa &Isa;
  const std::vector<ProgramLine> &Listing;
  const std::map<const Function *, uint32_t> &FirstRow;
  const Function &Kernel;
  RunLimits Limits;
};

} // namespace

unsigned issueCycles(const Instruction &I, const InstructionCosts &Costs) { return costOf(I, Costs); }

void InstructionCosts::apply(const std::string &Spec) {
  // Every comma separates two items: "valu=4," has an empty one.
  for (size_t From = 0; From <= Spec.size();) {
    size_t Comma = Spec.find(',', From);
    std::string Item = Spec.substr(From, Comma == std::string::npos ? std::string::npos : Comma - From);
    From = Comma == std::string::npos ? Spec.size() + 1 : Comma + 1;
    size_t Eq = Item.find('=');
    std::string Name = Item.substr(0, Eq);
    size_t Class = 0;
    while (Class < std::size(ClassNames) && Name != ClassNames[Class])
      ++Class;
    if (Eq == std::string::npos || Class == std::size(ClassNames))
      throw Error("--costs: '" + Item + "' is not <class>=<cycles> for a class of salu, smem, valu, vmem, lds, "
                  "branch, wait, barrier, other");
    std::string Number = Item.substr(Eq + 1);
    char *End = nullptr;
    unsigned long V = Number.empty() ? 0 : std::strtoul(Number.c_str(), &End, 10);
    bool Digits = !Number.empty() && Number.find_first_not_of("0123456789") == std::string::npos;
    if (!Digits || *End || V == 0 || V > 10000)
      throw Error("--costs: '" + Item + "': the cycles must be a number from 1 to 10000");
    *costField(*this, Class) = unsigned(V);
  }
}

std::string InstructionCosts::describe() const {
  std::string S;
  InstructionCosts Copy = *this;
  for (size_t Class = 0; Class < std::size(ClassNames); ++Class)
    S += std::string(Class ? "," : "") + ClassNames[Class] + "=" + std::to_string(*costField(Copy, Class));
  return S;
}

std::vector<std::unique_ptr<KernelProgram>> loadKernelPrograms(const std::string &Path,
                                                              const std::vector<std::string> &Kernels,
                                                              const InstructionCosts &Costs, const RunLimits &Limits) {
  auto File = std::make_unique<CodeObjectFile>(Path);
  if (File->codeObjects().empty())
    throw Error(Path + ": no AMDGPU code object");
  CodeObjectIsa Isa = CodeObjectIsa::decode(File->codeObjects().front(), Path, Kernels);
  auto Code = std::make_shared<DecodedCode>(DecodedCode{std::move(File), std::move(Isa), {}, {}, {}});
  for (const Function &F : Code->Isa.functions()) {
    Code->FirstRow[&F] = uint32_t(Code->Listing.size());
    std::vector<char> Exits = loopExits(F);
    Code->LoopExit.insert(Code->LoopExit.end(), Exits.begin(), Exits.end());
    std::vector<PluginRole> Roles = pluginRoles(F);
    for (size_t At = 0; At < F.Insts.size(); ++At) {
      const Instruction &I = F.Insts[At];
      ProgramLine L;
      L.Inserted = Roles[At] != PluginRole::None;
      L.Address = I.Address, L.Text = I.Text, L.Source = Code->Isa.sourceLine(I.Address);
      L.Category = uint8_t(I.What.Category);
      L.Cycles = costOf(I, Costs);
      // A wait issues in a cycle; the rest of its cost is spent waiting.
      bool Waits = I.What.Cost == CostClass::Wait || I.What.Cost == CostClass::Barrier;
      L.Stall = Waits ? L.Cycles - 1 : 0;
      Code->Listing.push_back(std::move(L));
    }
  }
  std::vector<std::unique_ptr<KernelProgram>> Programs;
  for (const std::string &Kernel : Kernels) {
    const Function *F = Code->Isa.find(Kernel);
    if (!F || !F->Kernel)
      throw Error(Path + ": kernel '" + Kernel + "' of the funcmap is not a function of the code object");
    Programs.push_back(std::make_unique<CodeFollowingProgram>(Code, *F, Limits));
  }
  return Programs;
}

} // namespace sqtt::isa
