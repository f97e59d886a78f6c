// PerturbationMode.cpp - sqtt-verify --perturbation PLAIN INSTRUMENTED: what
// the plugin changed in each kernel beside its own instructions (D38).
#include "Modes.h"
#include "sqtt/perturbation/Perturbation.h"
#include "sqtt/writers/PerturbationWriters.h"

#include <iostream>

namespace sqtt::verify {

namespace {

struct Build {
  std::string Path;
  CodeObjectFile File;
  explicit Build(std::string P) : Path(P), File(std::move(P)) {}
  std::string where(const CodeObject &CO) const {
    return Path + (CO.BundleEntryID.empty() ? "" : " [" + CO.BundleEntryID + "]");
  }
};

std::string cpuOf(const std::string &Target) { return Target.substr(0, Target.find(':')); }

} // namespace

int perturbation(const Options &Opts) {
  if (Opts.Inputs.size() != 2)
    throw Error("--perturbation: give two builds of the same source, the plain one first, then the "
                "instrumented one (" + std::to_string(Opts.Inputs.size()) + " given)");
  Build Plain(Opts.Inputs[0]), Instrumented(Opts.Inputs[1]);
  std::vector<perturbation::PerturbationReport> Reports;
  for (const CodeObject &I : Instrumented.File.codeObjects()) {
    if (!ofTarget(Opts, I))
      continue;
    const CodeObject *P = nullptr;
    for (const CodeObject &C : Plain.File.codeObjects())
      if (cpuOf(C.Target) == cpuOf(I.Target))
        P = &C;
    if (!P) {
      std::cerr << Tool << ": warning: " << Plain.Path << " has no code object for " << I.Target << '\n';
      continue;
    }
    Reports.push_back(perturbation::comparePerturbation(*P, Plain.where(*P), I, Instrumented.where(I)));
    if (!Opts.Json)
      writePerturbationText(std::cout, Reports.back(), Opts.Verbose);
  }
  if (Reports.empty())
    throw Error(Instrumented.Path + " and " + Plain.Path + ": no code objects of one target to compare" +
                (Opts.Target.empty() ? "" : " for '" + Opts.Target + "'"));
  if (Opts.Json)
    writePerturbationJson(std::cout, Reports);
  size_t Perturbed = 0;
  for (const perturbation::PerturbationReport &R : Reports)
    Perturbed += R.perturbed();
  return Perturbed ? 1 : 0;
}

} // namespace sqtt::verify
