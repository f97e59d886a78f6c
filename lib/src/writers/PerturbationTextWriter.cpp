// PerturbationTextWriter.cpp - sqtt-verify --perturbation for people.
#include "sqtt/writers/PerturbationWriters.h"

#include <iomanip>

namespace sqtt {

namespace {

using perturbation::KernelPerturbation;
using perturbation::RegionDiff;

void writeCounts(std::ostream &OS, const char *Label, const std::map<std::string, long> &D) {
  if (D.empty())
    return;
  OS << "      " << Label << ':';
  for (const auto &[Mn, N] : D)
    OS << ' ' << (N > 0 ? "+" : "") << N << ' ' << Mn;
  OS << '\n';
}

std::string versus(uint64_t Plain, uint64_t Instrumented) {
  return std::to_string(Plain) + (Plain == Instrumented ? "" : " -> " + std::to_string(Instrumented));
}

void writeRegion(std::ostream &OS, const RegionDiff &R, bool Verbose) {
  bool Differs = !R.Memory.empty() || !R.Vector.empty() || !R.Integer.empty() || !R.Scalar.empty() || !R.Moves.empty() || !R.Waits.empty() ||
                 R.WaitsAtMarkers || R.WaitsForRecords || R.ExitWaits;
  if (!Differs && !Verbose && R.What != "kernel")
    return;
  OS << "    " << R.What << (R.Source.empty() ? "" : " (" + R.Source + ")") << ": " << R.PlainInstructions
     << " instructions plain, " << R.OwnInstructions << " own + " << R.PluginInstructions << " plugin instrumented"
     << (R.Reordered ? ", reordered" : "") << '\n';
  writeCounts(OS, "memory", R.Memory);
  writeCounts(OS, "vector", R.Vector);
  writeCounts(OS, "integer", R.Integer);
  writeCounts(OS, "scalar", R.Scalar);
  writeCounts(OS, "moves", R.Moves);
  writeCounts(OS, "waits", R.Waits);
  if (R.WaitsAtMarkers)
    OS << "      waits right before a marker: " << R.WaitsAtMarkers << '\n';
  if (R.WaitsForRecords)
    OS << "      waits for recorded values (data markers, address traces): " << R.WaitsForRecords << '\n';
  if (R.ExitWaits)
    OS << "      exit waits (SQTT_WAIT_AT_EXIT): " << R.ExitWaits << '\n';
}

void writeKernel(std::ostream &OS, const KernelPerturbation &K, bool Verbose) {
  const isa::KernelResources &P = K.Plain, &I = K.Instrumented;
  OS << "  " << K.Name << ": " << (K.Findings.empty() ? "unchanged but for the plugin's instructions" : "PERTURBED")
     << '\n';
  OS << "    VGPRs " << versus(P.Vgprs, I.Vgprs);
  if (P.Agprs || I.Agprs)
    OS << ", AGPRs " << versus(P.Agprs, I.Agprs);
  OS << ", SGPRs " << versus(P.Sgprs, I.Sgprs) << ", scratch " << versus(P.ScratchBytes, I.ScratchBytes)
     << " B, LDS " << versus(P.LdsBytes, I.LdsBytes) << " B, spills " << versus(P.SgprSpills + P.VgprSpills,
                                                                              I.SgprSpills + I.VgprSpills);
  if (K.PlainWaves)
    // The registers' bound only: LDS and the workgroup size can lower it further.
    OS << ", waves/SIMD by registers " << versus(K.PlainWaves, K.InstrumentedWaves);
  OS << '\n';
  OS << "    code " << versus(K.PlainCodeBytes, K.InstrumentedCodeBytes) << " B, of it the plugin's "
     << K.PluginCodeBytes << " B\n";
  for (const RegionDiff &R : K.Regions)
    writeRegion(OS, R, Verbose);
  if (!K.LoopsDiffer.empty())
    OS << "    loops: " << K.LoopsDiffer << '\n';
  for (const std::string &F : K.Findings)
    OS << "    finding: " << F << '\n';
}

} // namespace

void writePerturbationText(std::ostream &OS, const perturbation::PerturbationReport &R, bool Verbose) {
  OS << R.Instrumented << " against " << R.Plain << " (" << R.Target << ")\n";
  for (const KernelPerturbation &K : R.Kernels)
    writeKernel(OS, K, Verbose);
  for (const std::string &N : R.Notes)
    OS << "  note: " << N << '\n';
  OS << "  " << R.Kernels.size() << " kernel" << (R.Kernels.size() == 1 ? "" : "s") << ", " << R.perturbed()
     << " perturbed\n";
}

} // namespace sqtt
