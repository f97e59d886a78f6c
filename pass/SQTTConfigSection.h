//===- SQTTConfigSection.h - The configuration in the code object -*- C++ -*-===//
//
// D27: the plugin's effective configuration travels with the code, in a
// section of its own (.sqtt_config, kept by the linker like the funcmap),
// so the trace tools can say what a trace can contain (which CUs or WGPs
// record markers, with which features) and a verifier can check it. One
// "key=value" line per setting; an -fgpu-rdc link keeps each unit's text,
// NUL-separated. Keys and values are config_section.hpp's.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_CONFIG_SECTION_H
#define SQTT_CONFIG_SECTION_H

#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace sqtt {

struct Config;

/// The section's text for \p Cfg; \p Unscoped names the functions whose
/// markers are unscoped although the masks filter.
std::string configSectionText(const Config &Cfg, const std::vector<std::string> &Unscoped = {});
/// Adds the section to \p M, naming the functions of \p M the masks cannot
/// scope (SQTTFunctionLimits.h).
void emitConfigSection(llvm::Module &M, const Config &Cfg);

} // namespace sqtt

#endif // SQTT_CONFIG_SECTION_H
