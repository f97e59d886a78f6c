//===- SQTTOptions.h - The -sqtt-marker-* plugin options --------*- C++ -*-===//
//
// D28: every SQTT_* setting is also a plugin option with the spelling of
// ROCm's in-tree marker plugin (-sqtt-marker-scope-cu=0x3, ...), which build
// systems see and cache keys include, unlike the environment. An option
// given explicitly wins over its variable. The options are registered when
// the plugin is loaded into a matching LLVM (the host's major version is
// checked first: registering into a mismatched one crashes it), by the
// library's constructor and again, at most once, by llvmGetPassPluginInfo.
// opt and clang 22 load pass plugins before they parse -mllvm options;
// older clangs load -fpass-plugin later, so there the plugin must also be
// given as -Xclang -load -Xclang <plugin>, which loads it first.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_OPTIONS_H
#define SQTT_OPTIONS_H

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace sqtt {

/// One setting: its environment variable and its option.
struct SettingName {
  const char *Variable; // SQTT_SCOPE_CU
  const char *Option;   // sqtt-marker-scope-cu
  const char *Values;   // what it accepts, for --help
};
llvm::ArrayRef<SettingName> settingNames();

/// Registers the options, once per process.
void registerPluginOptions();

/// The value of the option standing for \p Variable when it was given on
/// the command line (a switch given without a value reads as "1").
std::optional<std::string> explicitOption(const char *Variable);

/// "-sqtt-marker-scope-cu" when \p Variable's value came from its option,
/// else the variable's name: what messages about the value name.
std::string settingOrigin(const char *Variable);

} // namespace sqtt

#endif // SQTT_OPTIONS_H
