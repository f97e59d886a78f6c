// BudgetMode.cpp - sqtt-verify --budget: records and bytes per wave, and
// for a launch per traced SE against the buffer (D31).
#include "Modes.h"
#include "sqtt/isa/CodeObjectIsa.h"
#include "sqtt/rawatt/AttCaptureWriter.h"
#include "sqtt/rawatt/AttTokens.h"
#include "sqtt/writers/VerifyWriters.h"

#include <iostream>

namespace sqtt::verify {

/// --budget: per kernel its records per wave, and for a launch (--grid)
/// the bytes per traced SE against the buffer. 1 when a launch overflows.
int budget(const Options &Opts) {
  std::vector<BudgetReport> Budgets;
  bool Overflow = false;
  forEachCodeObject(Opts, [&](const CodeObject &CO, const std::string &Where) {
    ElfImage Elf(CO.Data, CO.Size, Where);
    MapOfCodeObject Map = readMap(Elf);
    std::string Problem;
    isa::ScopeMasks Masks = isa::ScopeMasks::fromConfig(readConfigSection(Elf), Problem);
    isa::CodeObjectIsa Isa = isa::CodeObjectIsa::decode(CO, Where, Map.Kernels);
    std::optional<rawatt::Generation> Gen = rawatt::generationOfTarget(CO.Target);
    for (isa::KernelBudget &B : isa::recordBudgets(Isa, Map.get(), Masks)) {
      BudgetReport R;
      R.Where = Where;
      R.Target = CO.Target;
      R.Budget = std::move(B);
      // A target without a raw format here: the widest token (gfx12's).
      R.RecordBits = rawatt::shaderDataBits(Gen ? *Gen : rawatt::Generation::Gfx12);
      R.BitsAssumed = !Gen;
      if (Opts.Launch.GridItems)
        R.Launch = isa::launchBudget(R.Budget, Opts.Launch, R.RecordBits);
      Overflow |= R.Launch && R.Launch->overflows();
      if (!Opts.Json)
        writeBudgetText(std::cout, R, Opts.Launch);
      Budgets.push_back(std::move(R));
    }
  });
  if (Opts.Json)
    writeBudgetsJson(std::cout, Budgets);
  if (!Opts.Launch.GridItems)
    std::cerr << Tool << ": note: give --grid (and --block) for the bytes per SE of a launch\n";
  std::cerr << Tool << ": note: the budget counts marker records only; the capture's own tokens (wave starts "
                       "and ends, instructions of the target CU) share the buffer\n";
  return Overflow ? 1 : 0;
}

} // namespace sqtt::verify
