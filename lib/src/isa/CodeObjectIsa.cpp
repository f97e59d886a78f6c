// CodeObjectIsa.cpp - decoding a code object's functions with LLVM's MC
// layer: the AMDGPU disassembler and instruction analysis of the LLVM the
// project builds against, the instruction printer for the text, and
// DWARFContext for line tables.
#include "sqtt/isa/CodeObjectIsa.h"
#include "sqtt/codeobjects/Elf.h"
#include "sqtt/support/Error.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <tuple>
#include <mutex>
#include <unordered_set>

extern "C" void LLVMInitializeAMDGPUTargetInfo();
extern "C" void LLVMInitializeAMDGPUTargetMC();
extern "C" void LLVMInitializeAMDGPUDisassembler();

namespace sqtt::isa {

size_t Function::indexOf(uint64_t A) const {
  auto It = std::lower_bound(Insts.begin(), Insts.end(), A,
                             [](const Instruction &I, uint64_t V) { return I.Address < V; });
  return It != Insts.end() && It->Address == A ? size_t(It - Insts.begin()) : npos;
}

std::vector<RegRange> Instruction::defs() const {
  std::vector<RegRange> D;
  for (unsigned I = 0; I < NumDefs && I < Ops.size(); ++I)
    if (Ops[I].isReg())
      D.push_back(Ops[I].Reg);
  D.insert(D.end(), ImplicitDefs.begin(), ImplicitDefs.end());
  return D;
}

bool Instruction::writes(uint16_t R) const {
  for (const RegRange &D : defs())
    if (D.contains(R))
      return true;
  return false;
}

namespace {

constexpr const char *Triple = "amdgcn-amd-amdhsa";

// Line lookups return an optional in newer LLVM lines, a value in older
// ones: overloads take whichever the LLVM at hand has.
[[maybe_unused]] llvm::DILineInfo lineInfo(const llvm::DILineInfo &I) { return I; }
[[maybe_unused]] llvm::DILineInfo lineInfo(const std::optional<llvm::DILineInfo> &I) { return I ? *I : llvm::DILineInfo(); }

/// Our register of an LLVM register name: "SGPR4", "SGPR4_SGPR5", "VCC",
/// "M0_gfx11plus", "VGPR0_LO16", "AGPR2_AGPR3", ...
RegRange rangeOfName(std::string_view Name) {
  auto Strip = [&](std::string_view Suffix) {
    if (Name.size() > Suffix.size() && Name.substr(Name.size() - Suffix.size()) == Suffix)
      Name.remove_suffix(Suffix.size());
  };
  for (const char *S : {"_gfx11plus", "_gfxpre11", "_ci", "_vi", "_LO16", "_HI16"})
    Strip(S);
  auto One = [](std::string_view N) -> RegRange {
    auto Num = [&](size_t From) {
      unsigned V = 0;
      for (size_t I = From; I < N.size(); ++I) {
        if (N[I] < '0' || N[I] > '9')
          return ~0u;
        V = V * 10 + unsigned(N[I] - '0');
      }
      return From < N.size() ? V : ~0u;
    };
    static const struct {
      std::string_view Name;
      RegRange Reg;
    } Named[] = {{"VCC", {reg::VccLo, 2}},     {"EXEC", {reg::ExecLo, 2}},  {"VCC_LO", {reg::VccLo, 1}},
                 {"VCC_HI", {reg::VccHi, 1}},  {"EXEC_LO", {reg::ExecLo, 1}}, {"EXEC_HI", {reg::ExecHi, 1}},
                 {"M0", {reg::M0, 1}},         {"SCC", {reg::Scc, 1}},      {"SGPR_NULL", {reg::Null, 1}},
                 {"SGPR_NULL64", {reg::Null, 1}}};
    for (const auto &R : Named)
      if (N == R.Name)
        return R.Reg;
    // Numbered files: prefix, first register of ours, how many there are.
    static const struct {
      std::string_view Prefix;
      uint16_t Base;
      unsigned Count;
    } Files[] = {{"SGPR", 0, 106}, {"TTMP", 108, 16}, {"VGPR", reg::VgprBase, 1024}, {"AGPR", reg::AgprBase, 1024}};
    for (const auto &F : Files)
      if (N.substr(0, 4) == F.Prefix && Num(4) < F.Count)
        return {uint16_t(F.Base + Num(4)), 1};
    return {};
  };
  if (RegRange Whole = One(Name); Whole.valid())
    return Whole;
  // A tuple: its parts joined by '_' ("SGPR4_SGPR5_SGPR6_SGPR7").
  RegRange First;
  uint16_t Count = 0;
  size_t Start = 0;
  while (Start <= Name.size()) {
    size_t End = Name.find('_', Start);
    std::string_view Part = Name.substr(Start, End == std::string_view::npos ? std::string_view::npos : End - Start);
    RegRange R = One(Part);
    if (!R.valid())
      return {};
    if (Count == 0)
      First = R;
    Count += R.Count;
    if (End == std::string_view::npos)
      break;
    Start = End + 1;
  }
  if (!First.valid())
    return {};
  First.Count = Count;
  return First;
}

/// LLVM's MC objects for one (CPU, features) pair.
struct McTarget {
  std::unique_ptr<llvm::MCRegisterInfo> MRI;
  std::unique_ptr<llvm::MCAsmInfo> MAI;
  std::unique_ptr<llvm::MCSubtargetInfo> STI;
  std::unique_ptr<llvm::MCInstrInfo> MII;
  std::unique_ptr<llvm::MCContext> Ctx;
  std::unique_ptr<llvm::MCDisassembler> Dis;
  std::unique_ptr<llvm::MCInstrAnalysis> MIA;
  std::unique_ptr<llvm::MCInstPrinter> Printer;
  std::vector<RegRange> Regs; // by LLVM register number
};

std::unique_ptr<McTarget> makeTarget(const std::string &CPU, const std::string &Features, const std::string &Where) {
  static std::once_flag Once;
  std::call_once(Once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUDisassembler();
  });
  llvm::Triple TT(Triple);
  std::string Err;
  const llvm::Target *T = llvm::TargetRegistry::lookupTarget(Triple, Err);
  if (!T)
    throw Error(Where + ": LLVM has no AMDGPU target: " + Err);
  auto M = std::make_unique<McTarget>();
  M->MRI.reset(T->createMCRegInfo(Triple));
  llvm::MCTargetOptions Options;
  M->MAI.reset(T->createMCAsmInfo(*M->MRI, Triple, Options));
  M->STI.reset(T->createMCSubtargetInfo(Triple, CPU, Features));
  M->MII.reset(T->createMCInstrInfo());
  if (!M->MRI || !M->MAI || !M->STI || !M->MII || !M->STI->isCPUStringValid(CPU))
    throw Error(Where + ": LLVM's AMDGPU backend does not know the target '" + CPU + "'");
  M->Ctx = std::make_unique<llvm::MCContext>(TT, M->MAI.get(), M->MRI.get(), M->STI.get());
  M->Dis.reset(T->createMCDisassembler(*M->STI, *M->Ctx));
  M->MIA.reset(T->createMCInstrAnalysis(M->MII.get()));
  M->Printer.reset(T->createMCInstPrinter(TT, 0, *M->MAI, *M->MII, *M->MRI));
  if (!M->Dis || !M->MIA || !M->Printer)
    throw Error(Where + ": LLVM has no AMDGPU disassembler for '" + CPU + "'");
  M->Regs.resize(M->MRI->getNumRegs());
  for (unsigned R = 1; R < M->MRI->getNumRegs(); ++R)
    M->Regs[R] = rangeOfName(M->MRI->getName(R));
  return M;
}

/// Whether \p Body, a function's bytes, decodes whole for \p T (the
/// padding after its code decodes too).
bool decodesWhole(McTarget &T, llvm::ArrayRef<uint8_t> Body) {
  for (uint64_t Off = 0; Off < Body.size();) {
    llvm::MCInst MI;
    uint64_t Size = 0;
    if (T.Dis->getInstruction(MI, Size, Body.slice(Off), Off, llvm::nulls()) != llvm::MCDisassembler::Success ||
        Size == 0)
      return false;
    Off += Size;
  }
  return true;
}

/// "gfx90a:sramecc+:xnack-" -> CPU "gfx90a", features "+sramecc,-xnack".
std::pair<std::string, std::string> cpuAndFeatures(const std::string &Target) {
  std::string CPU = Target.substr(0, Target.find(':')), Features;
  for (size_t At = Target.find(':'); At != std::string::npos;) {
    size_t Next = Target.find(':', At + 1);
    std::string F = Target.substr(At + 1, Next == std::string::npos ? std::string::npos : Next - At - 1);
    if (!F.empty() && (F.back() == '+' || F.back() == '-'))
      Features += std::string(Features.empty() ? "" : ",") + F.back() + F.substr(0, F.size() - 1);
    At = Next;
  }
  return {CPU, Features};
}

/// A function symbol and the executable section its code is in.
struct CodeSymbol {
  const ElfSymbol *Symbol;
  const ElfSection *Section;
};

/// The STT_FUNC symbols of \p Symbols in executable sections, by address.
std::vector<CodeSymbol> codeSymbols(const ElfImage &Elf, const std::vector<ElfSymbol> &Symbols) {
  std::vector<CodeSymbol> Code;
  for (const ElfSymbol &S : Symbols) {
    if (S.Type != 2 /* STT_FUNC */)
      continue;
    for (const ElfSection &Sec : Elf.sections())
      if ((Sec.Flags & 4 /* SHF_EXECINSTR */) && S.Value >= Sec.Addr && S.Value < Sec.Addr + Sec.Size) {
        Code.push_back({&S, &Sec});
        break;
      }
  }
  std::sort(Code.begin(), Code.end(),
            [](const CodeSymbol &A, const CodeSymbol &B) { return A.Symbol->Value < B.Symbol->Value; });
  return Code;
}

/// One decoded instruction in the ISA model's terms.
Instruction toInstruction(const McTarget &T, const llvm::MCInst &MI, uint64_t Address, uint64_t Size) {
  Instruction In;
  In.Address = Address;
  In.Size = uint32_t(Size);
  {
    llvm::raw_string_ostream OS(In.Text);
    T.Printer->printInst(&MI, Address, "", *T.STI, OS);
  }
  size_t Start = In.Text.find_first_not_of(" \t");
  In.Text.erase(0, Start == std::string::npos ? In.Text.size() : Start);
  // The mnemonic as the assembler spells it: the printed text's first
  // word (the printer's own mnemonic leaves out encoding suffixes such
  // as _e64 and can carry fixed operand text, "scratch_store_b32 off,").
  In.Mnemonic = In.Text.substr(0, In.Text.find_first_of(" \t"));
  const llvm::MCInstrDesc &Desc = T.MII->get(MI.getOpcode());
  In.NumDefs = Desc.getNumDefs();
  for (const llvm::MCOperand &Op : MI) {
    Operand O;
    if (Op.isReg()) {
      O.K = Operand::Register;
      unsigned R = Op.getReg();
      O.Reg = R < T.Regs.size() ? T.Regs[R] : RegRange();
      if (!O.Reg.valid())
        O.K = Operand::Other;
    } else if (Op.isImm()) {
      O.K = Operand::Immediate;
      O.Imm = Op.getImm();
    } else if (int64_t Value = 0; Op.isExpr() && Op.getExpr()->evaluateAsAbsolute(Value)) {
      // An explicit literal, lit(0xffffffff), is an expression.
      O.K = Operand::Immediate;
      O.Imm = Value;
    }
    In.Ops.push_back(O);
  }
  for (llvm::MCPhysReg R : Desc.implicit_defs())
    if (R < T.Regs.size() && T.Regs[R].valid())
      In.ImplicitDefs.push_back(T.Regs[R]);
  In.Kind = flowOf(In.Mnemonic);
  In.What = classifyInstruction(In.Mnemonic);
  uint64_t Target = 0;
  if ((In.Kind == Flow::Branch || In.Kind == Flow::CondBranch || In.Kind == Flow::Call) &&
      T.MIA->evaluateBranch(MI, Address, Size, Target))
    In.Target = Target;
  return In;
}

/// Decodes \p Body, \p Fn's bytes, into Fn.Insts; what does not decode
/// goes to \p Bad (padding after s_endpgm, s_code_end, decodes; anything else
/// is kept as a gap the analysis reports if a path reaches it).
void decodeBody(McTarget &T, Function &Fn, llvm::ArrayRef<uint8_t> Body, std::vector<Undecodable> &Bad) {
  for (uint64_t Off = 0; Off < Body.size();) {
    llvm::MCInst MI;
    uint64_t Size = 0;
    uint64_t Address = Fn.Address + Off;
    auto Status = T.Dis->getInstruction(MI, Size, Body.slice(Off), Address, llvm::nulls());
    if (Status != llvm::MCDisassembler::Success || Size == 0) {
      Bad.push_back({Fn.Name, Address});
      Off += 4;
      continue;
    }
    Fn.Insts.push_back(toInstruction(T, MI, Address, Size));
    Off += Size;
  }
}

} // namespace

struct CodeObjectIsa::Lines {
  std::unique_ptr<llvm::MemoryBuffer> Buffer;
  std::unique_ptr<llvm::object::ObjectFile> Object;
  std::unique_ptr<llvm::DWARFContext> Dwarf;
};

CodeObjectIsa::CodeObjectIsa() = default;
CodeObjectIsa::CodeObjectIsa(CodeObjectIsa &&) = default;
CodeObjectIsa &CodeObjectIsa::operator=(CodeObjectIsa &&) = default;
CodeObjectIsa::~CodeObjectIsa() = default;

CodeObjectIsa CodeObjectIsa::decode(const CodeObject &CO, const std::string &Where,
                                    const std::vector<std::string> &KernelNames) {
  CodeObjectIsa Isa;
  Isa.Target = CO.Target;
  ElfImage Elf(CO.Data, CO.Size, Where);
  if (!Elf.isAmdgpu() || CO.Target.empty())
    throw Error(Where + ": not an AMDGPU code object");
  std::string CPU, Features;
  std::tie(CPU, Features) = cpuAndFeatures(CO.Target);
  Isa.Generation = sqtt_hardware_ids::generation_of_target(CPU);

  std::vector<ElfSymbol> Symbols = Elf.definedSymbols();
  std::unordered_set<std::string> Kernels(KernelNames.begin(), KernelNames.end());
  std::map<std::string, uint64_t> Descriptors;
  for (const ElfSymbol &S : Symbols)
    if (S.Name.size() > 3 && S.Name.compare(S.Name.size() - 3, 3, ".kd") == 0) {
      Kernels.insert(S.Name.substr(0, S.Name.size() - 3));
      Descriptors[S.Name.substr(0, S.Name.size() - 3)] = S.Value;
    }
  // Code without a descriptor (an object of another OS than amdhsa, a
  // shader) has the wave size the plugin's W: row names: the subtarget's,
  // which decides how wave64-only encodings decode.
  unsigned MapWave = 0;
  if (const ElfSection *S = Elf.findSection(sqtt_marker_kind::funcmap_section))
    MapWave = rocprof_trace_decoder::codeobj::parse_funcmap(Elf.contents(*S)).wave_size;
  if (MapWave != 32 && MapWave != 64)
    MapWave = 0;
  // A kernel's wave size: its descriptor's kernel_code_properties bit 10
  // (ENABLE_WAVEFRONT_SIZE32); gfx9 has wave64 only.
  auto Bytes = [&](uint64_t Address, size_t N) -> const uint8_t * {
    for (const ElfSection &Sec : Elf.sections())
      if (Sec.Type != 8 /* SHT_NOBITS */ && Address >= Sec.Addr && Address - Sec.Addr + N <= Sec.Size &&
          (Sec.Addr != 0 || Sec.Flags & 2 /* SHF_ALLOC */))
        return CO.Data + Sec.Offset + (Address - Sec.Addr);
    return nullptr;
  };
  auto WaveSizeOf = [&](const std::string &Name) -> unsigned {
    if (!sqtt_hardware_ids::has_wave32(Isa.Generation))
      return 64;
    auto D = Descriptors.find(Name);
    const uint8_t *KD = D == Descriptors.end() ? nullptr : Bytes(D->second, 64);
    if (!KD)
      return MapWave ? MapWave : 32;
    uint16_t Properties = uint16_t(KD[56] | (KD[57] << 8));
    return (Properties & (1u << 10)) ? 32 : 64;
  };
  // COMPUTE_PGM_RSRC2 (descriptor bytes 52-55), bits 1-5.
  auto UserSgprsOf = [&](const std::string &Name) -> unsigned {
    auto D = Descriptors.find(Name);
    const uint8_t *KD = D == Descriptors.end() ? nullptr : Bytes(D->second, 64);
    return KD ? (KD[52] >> 1) & 0x1F : 0;
  };

  std::vector<CodeSymbol> Code = codeSymbols(Elf, Symbols);

  unsigned CodeObjectWave = 0;
  for (const CodeSymbol &F : Code)
    if (Kernels.count(F.Symbol->Name)) {
      CodeObjectWave = WaveSizeOf(F.Symbol->Name);
      break;
    }
  if (!CodeObjectWave)
    CodeObjectWave = !sqtt_hardware_ids::has_wave32(Isa.Generation) ? 64 : MapWave ? MapWave : 32;

  std::map<unsigned, std::unique_ptr<McTarget>> Targets; // by wave size
  auto TargetFor = [&](unsigned Wave) -> McTarget & {
    auto &T = Targets[Wave];
    if (!T) {
      std::string F = Features;
      if (sqtt_hardware_ids::has_wave32(Isa.Generation))
        F += std::string(F.empty() ? "" : ",") + (Wave == 64 ? "+wavefrontsize64" : "+wavefrontsize32");
      T = makeTarget(CPU, F, Where);
    }
    return *T;
  };

  for (size_t I = 0; I < Code.size(); ++I) {
    const ElfSymbol &S = *Code[I].Symbol;
    const ElfSection &Sec = *Code[I].Section;
    if (I > 0 && Code[I - 1].Symbol->Value == S.Value)
      continue; // an alias
    Function Fn;
    Fn.Name = S.Name;
    Fn.Address = S.Value;
    uint64_t SectionEnd = Sec.Addr + Sec.Size;
    uint64_t End = S.Size ? std::min(S.Value + S.Size, SectionEnd) : SectionEnd;
    if (!S.Size && I + 1 < Code.size())
      End = std::min(End, Code[I + 1].Symbol->Value);
    Fn.Size = End - S.Value;
    Fn.Kernel = Kernels.count(S.Name) > 0;
    Fn.WaveSize = Fn.Kernel ? WaveSizeOf(S.Name) : CodeObjectWave;
    Fn.UserSgprs = Fn.Kernel ? UserSgprsOf(S.Name) : 0;
    llvm::ArrayRef<uint8_t> Body(CO.Data + Sec.Offset + (S.Value - Sec.Addr), Fn.Size);
    // Without a descriptor the wave size is a guess: wave64-only encodings
    // (gfx12's index_key:2 and :3) decode only for wave64, so code that does
    // not decode for the guess but does for the other size is the other's.
    bool Described = Fn.Kernel && Descriptors.count(S.Name) && Bytes(Descriptors[S.Name], 64);
    size_t BadBefore = Isa.Bad.size();
    for (bool Guessed = !Described && sqtt_hardware_ids::has_wave32(Isa.Generation);; Guessed = false) {
      decodeBody(TargetFor(Fn.WaveSize), Fn, Body, Isa.Bad);
      unsigned Other = Fn.WaveSize == 32 ? 64 : 32;
      if (!Guessed || Isa.Bad.size() == BadBefore || !decodesWhole(TargetFor(Other), Body))
        break;
      Fn.Insts.clear();
      Isa.Bad.resize(BadBefore);
      Fn.WaveSize = Other;
    }
    Isa.Functions.push_back(std::move(Fn));
  }

  if (Elf.findSection(".debug_line"))
    Isa.LineTable = readLines(CO, Where);
  return Isa;
}

std::unique_ptr<CodeObjectIsa::Lines> CodeObjectIsa::readLines(const CodeObject &CO, const std::string &Where) {
  auto L = std::make_unique<Lines>();
  L->Buffer = llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(reinterpret_cast<const char *>(CO.Data), CO.Size),
                                               Where, false);
  auto Obj = llvm::object::ObjectFile::createObjectFile(L->Buffer->getMemBufferRef());
  if (!Obj) {
    llvm::consumeError(Obj.takeError());
    return nullptr;
  }
  L->Object = std::move(*Obj);
  L->Dwarf = llvm::DWARFContext::create(*L->Object);
  return L;
}

const Function *CodeObjectIsa::functionAt(uint64_t Address) const {
  auto It = std::upper_bound(Functions.begin(), Functions.end(), Address,
                             [](uint64_t A, const Function &F) { return A < F.Address; });
  if (It == Functions.begin())
    return nullptr;
  --It;
  return Address < It->Address + It->Size ? &*It : nullptr;
}

const Function *CodeObjectIsa::find(std::string_view Name) const {
  for (const Function &F : Functions)
    if (F.Name == Name)
      return &F;
  return nullptr;
}

std::string CodeObjectIsa::sourceLine(uint64_t Address) const {
  if (!LineTable || !LineTable->Dwarf)
    return "";
  llvm::object::SectionedAddress A{Address, llvm::object::SectionedAddress::UndefSection};
  for (const llvm::object::SectionRef &S : LineTable->Object->sections())
    if (S.isText() && Address >= S.getAddress() && Address < S.getAddress() + S.getSize()) {
      A.SectionIndex = S.getIndex();
      break;
    }
  llvm::DILineInfoSpecifier Spec(llvm::DILineInfoSpecifier::FileLineInfoKind::RelativeFilePath,
                                 llvm::DILineInfoSpecifier::FunctionNameKind::None);
  llvm::DILineInfo Info = lineInfo(LineTable->Dwarf->getLineInfoForAddress(A, Spec));
  if (!Info.Line)
    return "";
  std::string File = Info.FileName;
  size_t Slash = File.find_last_of('/');
  if (Slash != std::string::npos)
    File = File.substr(Slash + 1);
  return File + ":" + std::to_string(Info.Line);
}

} // namespace sqtt::isa
