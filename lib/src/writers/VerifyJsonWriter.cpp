// VerifyJsonWriter.cpp - sqtt-verify's reports on code objects as JSON
// (the contracts are in VerifyWriters.h).
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/VerifyWriters.h"

#include <cstdio>
#include <set>

namespace sqtt {

namespace {

const char *boolean(bool B) { return B ? "true" : "false"; }

std::string sourceOrNull(const std::string &Source) { return Source.empty() ? "null" : jsonString(Source); }

/// ", " before every item but the first.
struct Separator {
  const char *Between;
  bool First = true;
  const char *next() {
    const char *S = First ? "" : Between;
    First = false;
    return S;
  }
};

void writeIds(std::ostream &OS, const std::set<uint32_t> &Ids) {
  Separator Sep{", "};
  OS << '[';
  for (uint32_t Id : Ids)
    OS << Sep.next() << Id;
  OS << ']';
}

} // namespace

void writeFindingsJson(std::ostream &OS, const std::vector<VerifiedCodeObject> &Results) {
  size_t Total = 0;
  Separator Objects{", "};
  OS << "{\"code_objects\": [";
  for (const VerifiedCodeObject &R : Results) {
    OS << Objects.next() << "{\"file\": " << jsonString(R.Where) << ", \"target\": " << jsonString(R.Target)
       << ", \"kernels\": " << R.Kernels << ", \"functions_with_markers\": " << R.Functions
       << ", \"paths\": " << R.Paths << ", \"hardware_id_cases\": " << R.Report.Cases << ", \"notes\": [";
    Separator Notes{", "};
    for (const std::string &N : R.Report.Notes)
      OS << Notes.next() << jsonString(N);
    OS << "], \"scope_filters\": [";
    Separator Filters{", "};
    for (const isa::FilterCoverage &C : R.Report.Filters) {
      OS << Filters.next() << "{\"dimension\": " << jsonString(C.Dimension)
         << ", \"mask\": " << jsonString(isa::hexValue(C.Mask)) << ", \"ids\": " << C.Ids << ", \"walked\": ";
      writeIds(OS, C.Walked);
      OS << ", \"selected\": ";
      writeIds(OS, C.Selected);
      OS << '}';
    }
    OS << "], \"findings\": [";
    Separator Findings{", "};
    for (const isa::Finding &F : R.Report.Findings)
      OS << Findings.next() << "{\"kind\": " << jsonString(isa::findingKindName(F.Kind))
         << ", \"function\": " << jsonString(F.Function) << ", \"address\": " << jsonString(isa::hexValue(F.Address))
         << ", \"source\": " << sourceOrNull(F.Source) << ", \"message\": " << jsonString(F.Message) << "}";
    OS << "]}";
    Total += R.Report.Findings.size();
  }
  OS << "], \"findings\": " << Total << "}\n";
}

void writeBudgetsJson(std::ostream &OS, const std::vector<BudgetReport> &Budgets) {
  Separator Kernels{",\n  "};
  OS << "{\"budgets\": [";
  for (const BudgetReport &R : Budgets) {
    const isa::KernelBudget &B = R.Budget;
    OS << Kernels.next() << "{\"file\": " << jsonString(R.Where) << ", \"target\": " << jsonString(R.Target)
       << ", \"kernel\": " << jsonString(B.Kernel) << ", \"wave_size\": " << B.WaveSize
       << ", \"min_records\": " << B.MinRecords << ", \"max_records\": " << B.MaxRecords
       << ", \"bits_per_record\": " << R.RecordBits << ", \"min_bytes\": " << R.bytes(B.MinRecords)
       << ", \"max_bytes\": " << R.bytes(B.MaxRecords) << ", \"recording_share\": " << B.RecordingShare
       << ", \"cut\": " << boolean(B.Cut) << ", \"loops\": [";
    Separator Loops{", "};
    for (const isa::LoopBudget &L : B.Loops)
      OS << Loops.next() << "{\"address\": " << jsonString(isa::hexValue(L.Address))
         << ", \"source\": " << sourceOrNull(L.Source) << ", \"records_per_iteration\": " << L.RecordsPerIteration
         << ", \"own_records\": " << L.OwnRecords << ", \"depth\": " << L.Depth << ", \"parent\": "
         << (L.Parent == SIZE_MAX ? "null" : jsonString(isa::hexValue(B.Loops[L.Parent].Address))) << "}";
    OS << "]";
    if (const std::optional<isa::LaunchBudget> &L = R.Launch)
      OS << ", \"launch\": {\"waves\": " << L->Waves << ", \"waves_per_se\": " << L->WavesPerEngine
         << ", \"records_per_wave\": " << L->RecordsPerWave << ", \"bytes_per_wave\": " << L->BytesPerWave
         << ", \"bytes_per_se\": " << L->BytesPerEngine << ", \"buffer_per_se\": " << L->BufferPerEngine
         << ", \"overflows\": " << boolean(L->overflows()) << "}";
    OS << "}";
  }
  OS << "]}\n";
}

void writeCostsJson(std::ostream &OS, const std::vector<CostReport> &Costs) {
  Separator Functions{",\n  "};
  OS << "{\"costs\": [";
  for (const CostReport &R : Costs) {
    const isa::FunctionCost &C = R.Cost;
    OS << Functions.next() << "{\"file\": " << jsonString(R.Where) << ", \"function\": " << jsonString(C.Name)
       << ", \"kernel\": " << boolean(C.Kernel) << ", \"instructions\": " << C.Instructions
       << ", \"plugin_instructions\": " << C.plugin() << ", \"plugin_cycles\": " << C.pluginCycles()
       << ", \"roles\": {";
    for (size_t Role = 1; Role < isa::PluginRoles; ++Role)
      OS << (Role > 1 ? ", " : "") << jsonString(isa::pluginRoleName(isa::PluginRole(Role)))
         << ": {\"count\": " << C.Count[Role] << ", \"cycles\": " << C.Cycles[Role] << "}";
    OS << "}}";
  }
  OS << "]}\n";
}

void writeSharesJson(std::ostream &OS, const std::vector<completeness::ScopeShare> &Shares) {
  Separator Scopes{",\n  "};
  OS << "{\"scopes\": [";
  for (const completeness::ScopeShare &S : Shares) {
    char Numbers[400];
    std::snprintf(Numbers, sizeof Numbers,
                  ", \"address_blocks\": %llu, \"address_records\": %llu, \"lane_records\": [%llu, %llu], "
                  "\"cycles_per_record\": %.3f, \"cycles_per_block\": %.3f, \"cycles_per_lane_record\": [%.3f, "
                  "%.3f], \"instrumentation_cycles\": %.1f, \"share\": %.5f}",
                  (unsigned long long)S.Address.Blocks, (unsigned long long)S.Address.Records,
                  (unsigned long long)S.Address.Lanes[0], (unsigned long long)S.Address.Lanes[1], S.CyclesPerRecord,
                  S.CyclesPerBlock, S.CyclesPerLaneRecord[0], S.CyclesPerLaneRecord[1], S.instrumentationCycles(),
                  S.share());
    OS << (Scopes.First ? "\n  " : "") << Scopes.next() << "{\"kernel\": " << jsonString(S.Kernel)
       << ", \"scope\": " << jsonString(S.Scope) << ", \"kind\": " << jsonString(statKindName(S.Kind))
       << ", \"executions\": " << S.Executions << ", \"cycles\": " << S.Cycles << ", \"records\": " << S.Records
       << Numbers;
  }
  OS << "\n]}\n";
}

} // namespace sqtt
