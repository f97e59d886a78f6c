// PerturbationJsonWriter.cpp - sqtt-verify --perturbation as JSON (the
// contract is in PerturbationWriters.h).
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/PerturbationWriters.h"

namespace sqtt {

namespace {

using perturbation::KernelPerturbation;
using perturbation::RegionDiff;

void writeCounts(std::ostream &OS, const std::map<std::string, long> &D) {
  OS << '{';
  const char *Sep = "";
  for (const auto &[Mn, N] : D) {
    OS << Sep << jsonString(Mn) << ": " << N;
    Sep = ", ";
  }
  OS << '}';
}

void writeResources(std::ostream &OS, const isa::KernelResources &K, unsigned Waves) {
  OS << "{\"sgprs\": " << K.Sgprs << ", \"vgprs\": " << K.Vgprs << ", \"agprs\": " << K.Agprs
     << ", \"sgpr_spills\": " << K.SgprSpills << ", \"vgpr_spills\": " << K.VgprSpills
     << ", \"scratch_bytes\": " << K.ScratchBytes << ", \"lds_bytes\": " << K.LdsBytes
     << ", \"wave_size\": " << K.WaveSize << ", \"waves_per_simd\": ";
  if (Waves)
    OS << Waves;
  else
    OS << "null";
  OS << '}';
}

void writeRegion(std::ostream &OS, const RegionDiff &R) {
  OS << "{\"region\": " << jsonString(R.What) << ", \"source\": " << (R.Source.empty() ? "null" : jsonString(R.Source))
     << ", \"plain_address\": " << R.PlainAddress << ", \"instrumented_address\": " << R.InstrumentedAddress
     << ", \"plain_instructions\": " << R.PlainInstructions << ", \"own_instructions\": " << R.OwnInstructions
     << ", \"plugin_instructions\": " << R.PluginInstructions << ", \"memory\": ";
  writeCounts(OS, R.Memory);
  OS << ", \"vector\": ";
  writeCounts(OS, R.Vector);
  OS << ", \"integer\": ";
  writeCounts(OS, R.Integer);
  OS << ", \"scalar\": ";
  writeCounts(OS, R.Scalar);
  OS << ", \"moves\": ";
  writeCounts(OS, R.Moves);
  OS << ", \"waits\": ";
  writeCounts(OS, R.Waits);
  OS << ", \"waits_at_markers\": " << R.WaitsAtMarkers << ", \"waits_for_records\": " << R.WaitsForRecords
     << ", \"exit_waits\": " << R.ExitWaits << ", \"reordered\": " << (R.Reordered ? "true" : "false") << '}';
}

void writeKernel(std::ostream &OS, const KernelPerturbation &K) {
  OS << "{\"kernel\": " << jsonString(K.Name) << ", \"perturbed\": " << (K.Findings.empty() ? "false" : "true")
     << ", \"findings\": [";
  const char *Sep = "";
  for (const std::string &F : K.Findings) {
    OS << Sep << jsonString(F);
    Sep = ", ";
  }
  OS << "], \"plain\": ";
  writeResources(OS, K.Plain, K.PlainWaves);
  OS << ", \"instrumented\": ";
  writeResources(OS, K.Instrumented, K.InstrumentedWaves);
  OS << ", \"code_bytes\": {\"plain\": " << K.PlainCodeBytes << ", \"instrumented\": " << K.InstrumentedCodeBytes
     << ", \"plugin\": " << K.PluginCodeBytes << "}, \"loops_differ\": "
     << (K.LoopsDiffer.empty() ? "null" : jsonString(K.LoopsDiffer)) << ", \"regions\": [";
  Sep = "";
  for (const RegionDiff &R : K.Regions) {
    OS << Sep;
    writeRegion(OS, R);
    Sep = ", ";
  }
  OS << "]}";
}

} // namespace

void writePerturbationJson(std::ostream &OS, const std::vector<perturbation::PerturbationReport> &Reports) {
  size_t Kernels = 0, Perturbed = 0;
  OS << "{\"comparisons\": [";
  const char *Sep = "";
  for (const perturbation::PerturbationReport &R : Reports) {
    OS << Sep << "{\"plain\": " << jsonString(R.Plain) << ", \"instrumented\": " << jsonString(R.Instrumented)
       << ", \"target\": " << jsonString(R.Target) << ", \"notes\": [";
    const char *NSep = "";
    for (const std::string &N : R.Notes) {
      OS << NSep << jsonString(N);
      NSep = ", ";
    }
    OS << "], \"kernels\": [";
    const char *KSep = "";
    for (const KernelPerturbation &K : R.Kernels) {
      OS << KSep;
      writeKernel(OS, K);
      KSep = ", ";
    }
    OS << "]}";
    Sep = ", ";
    Kernels += R.Kernels.size();
    Perturbed += R.perturbed();
  }
  OS << "], \"kernels\": " << Kernels << ", \"perturbed\": " << Perturbed << "}\n";
}

} // namespace sqtt
