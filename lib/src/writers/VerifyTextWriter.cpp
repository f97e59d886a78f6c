// VerifyTextWriter.cpp - sqtt-verify's reports on code objects for people:
// a line per finding, per kernel budget, per function cost, per scope share.
#include "sqtt/writers/VerifyWriters.h"

#include <cstdio>

namespace sqtt {

namespace {

std::string plural(size_t N, const char *Word) { return std::to_string(N) + " " + Word + (N == 1 ? "" : "s"); }

std::string sourceSuffix(const std::string &Source) { return Source.empty() ? "" : " (" + Source + ")"; }

} // namespace

void writeFindingsText(std::ostream &Out, std::ostream &Log, const VerifiedCodeObject &R, bool Verbose) {
  const char *Tool = "sqtt-verify";
  for (const isa::Finding &F : R.Report.Findings)
    Out << R.Where << ": " << F.Function << " " << isa::hexValue(F.Address) << sourceSuffix(F.Source) << ": "
        << isa::findingKindName(F.Kind) << ": " << F.Message << '\n';
  Out.flush();
  if (Verbose)
    for (const isa::FunctionResult &F : R.Report.Functions)
      if (F.Kernel || F.Traces)
        Log << Tool << ": " << R.Where << ": " << (F.Kernel ? "kernel " : "function ") << F.Name << ": " << F.Traces
            << " trace instructions, " << F.Paths << " paths in " << F.Cases << " cases\n";
  for (const std::string &N : R.Report.Notes)
    Log << Tool << ": note: " << R.Where << ": " << N << '\n';
  Log << Tool << ": " << R.Where << " (" << R.Target << "): " << plural(R.Kernels, "kernel") << ", "
      << plural(R.Functions, "other function") << " with markers, " << R.Paths << " paths in "
      << plural(R.Report.Cases, "hardware-id case") << ": " << plural(R.Report.Findings.size(), "finding") << '\n';
}

void writeBudgetText(std::ostream &OS, const BudgetReport &R, const isa::LaunchShape &Shape) {
  const isa::KernelBudget &B = R.Budget;
  OS << R.Where << ": " << B.Kernel << ": " << B.MinRecords << " to " << B.MaxRecords << " records per wave ("
     << R.bytes(B.MinRecords) << " to " << R.bytes(B.MaxRecords) << " bytes, " << R.RecordBits << "-bit tokens"
     << (R.BitsAssumed ? ", assumed" : "") << ")";
  if (!B.Loops.empty())
    OS << ", each loop once";
  if (B.RecordingShare < 1)
    OS << "; " << B.RecordingShare * 100 << " % of the waves record (scope masks)";
  if (B.Cut)
    OS << " (the walk stopped at a limit: at least this)";
  OS << '\n';
  for (const isa::LoopBudget &Loop : B.Loops) {
    OS << std::string(2 + 2 * Loop.Depth, ' ') << "+ up to " << Loop.RecordsPerIteration
       << " records per further pass through the " << (Loop.Depth ? "inner " : "") << "loop at "
       << isa::hexValue(Loop.Address) << sourceSuffix(Loop.Source);
    if (Loop.Parent != SIZE_MAX)
      OS << ", for each pass of the loop at " << isa::hexValue(B.Loops[Loop.Parent].Address);
    OS << '\n';
  }
  if (const std::optional<isa::LaunchBudget> &L = R.Launch) {
    char Share[32];
    std::snprintf(Share, sizeof Share, "%.2f", 100.0 * double(L->BytesPerEngine) / double(L->BufferPerEngine));
    OS << "  launch: " << L->Waves << " waves, " << L->WavesPerEngine << " per SE over " << Shape.ShaderEngines
       << " SEs, loops at " << Shape.Trips << " iteration(s) per entry: " << L->BytesPerEngine
       << " bytes per traced SE of a " << L->BufferPerEngine << "-byte buffer slice (" << Share << " %): "
       << (L->overflows() ? "this will overflow: the SE's records after the buffer fills are lost "
                            "(raise rocprofv3's --att-buffer-size, trace fewer waves or use fewer markers)"
                          : "fits")
       << '\n';
  }
}

void writeCostText(std::ostream &OS, const CostReport &R) {
  const isa::FunctionCost &C = R.Cost;
  OS << R.Where << ": " << (C.Kernel ? "kernel " : "function ") << C.Name << ": " << C.plugin() << " of "
     << C.Instructions << " instructions are the plugin's, " << C.pluginCycles() << " issue cycles (";
  bool First = true;
  for (size_t Role = 1; Role < isa::PluginRoles; ++Role)
    if (C.Count[Role]) {
      OS << (First ? "" : ", ") << C.Count[Role] << " " << isa::pluginRoleName(isa::PluginRole(Role));
      First = false;
    }
  OS << ")\n";
}

void writeSharesText(std::ostream &OS, const std::vector<completeness::ScopeShare> &Shares) {
  for (const completeness::ScopeShare &S : Shares) {
    char Line[240];
    std::snprintf(Line, sizeof Line,
                  ": %llu executions, %llu cycles, %llu records inside: ~%.0f cycles of markers (%.1f %%, %.2f a "
                  "record",
                  (unsigned long long)S.Executions, (unsigned long long)S.Cycles, (unsigned long long)S.Records,
                  S.instrumentationCycles(), 100 * S.share(), S.CyclesPerRecord);
    OS << S.Kernel << " / " << S.Scope << Line;
    // Address blocks cost once a block, and their lanes each their loop's
    // body: said apart.
    if (S.Address.Blocks) {
      std::snprintf(Line, sizeof Line, "; %llu address blocks at %.2f", (unsigned long long)S.Address.Blocks,
                    S.CyclesPerBlock);
      OS << Line;
    }
    for (size_t K = 0; K < 2; ++K)
      if (S.Address.Lanes[K]) {
        std::snprintf(Line, sizeof Line, "; %llu lane records of %s word%s at %.2f",
                      (unsigned long long)S.Address.Lanes[K], K ? "two" : "one", K ? "s" : "",
                      S.CyclesPerLaneRecord[K]);
        OS << Line;
      }
    OS << ")\n";
  }
}

} // namespace sqtt
