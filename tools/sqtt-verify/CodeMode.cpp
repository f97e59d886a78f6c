// CodeMode.cpp - sqtt-verify CODE_OBJECT...: what each code object's ISA
// will record, checked on every path.
#include "Modes.h"
#include "sqtt/isa/CodeObjectIsa.h"
#include "sqtt/writers/VerifyWriters.h"

#include <iostream>

namespace sqtt::verify {

MapOfCodeObject readMap(const ElfImage &Elf) {
  MapOfCodeObject M;
  if (const ElfSection *S = Elf.findSection(sqtt_marker_kind::funcmap_section)) {
    M.Map = rtd::parse_funcmap(Elf.contents(*S));
    for (const rtd::FuncmapEntry &E : M.Map->entries)
      if (E.type == rtd::FuncmapEntryType::Kernel)
        M.Kernels.push_back(E.name);
  }
  return M;
}

namespace {

VerifiedCodeObject verifyOne(const CodeObject &CO, const std::string &Where, const Options &Opts) {
  VerifiedCodeObject R;
  R.Where = Where;
  R.Target = CO.Target;
  ElfImage Elf(CO.Data, CO.Size, Where);
  MapOfCodeObject Map = readMap(Elf);
  if (Map.Map) {
    requireUniqueMarkerIDs(*Map.Map, Where);
    for (const rtd::FuncmapDiagnostic &D : Map.Map->diagnostics)
      std::cerr << Tool << ": warning: " << Where << ": .sqtt_funcmap line " << D.line << ": " << D.message << '\n';
  }
  std::string Problem;
  isa::ScopeMasks Masks = isa::ScopeMasks::fromConfig(readConfigSection(Elf), Problem);
  isa::CodeObjectIsa Isa = isa::CodeObjectIsa::decode(CO, Where, Map.Kernels);
  R.Report = isa::verifyCodeObject(Isa, Map.get(), Masks, Opts.Limits);
  if (!Problem.empty())
    R.Report.Notes.push_back(Problem + ": which waves record is not checked");
  if (!Map.Map)
    R.Report.Notes.push_back("no .sqtt_funcmap section: every marker is unknown");
  for (const isa::FunctionResult &F : R.Report.Functions) {
    R.Kernels += F.Kernel;
    R.Functions += !F.Kernel && F.Traces;
    R.Paths += F.Paths;
  }
  return R;
}

} // namespace

int verifyCode(const Options &Opts) {
  std::vector<VerifiedCodeObject> Results;
  size_t Findings = 0;
  forEachCodeObject(Opts, [&](const CodeObject &CO, const std::string &Where) {
    Results.push_back(verifyOne(CO, Where, Opts));
    Findings += Results.back().Report.Findings.size();
    if (!Opts.Json)
      writeFindingsText(std::cout, std::cerr, Results.back(), Opts.Verbose);
  });
  if (Opts.Json)
    writeFindingsJson(std::cout, Results);
  if (Results.size() > 1 && !Opts.Json)
    std::cerr << Tool << ": " << Results.size() << " code objects: " << Findings << " finding"
              << (Findings == 1 ? "" : "s") << '\n';
  return Findings ? 1 : 0;
}

} // namespace sqtt::verify
