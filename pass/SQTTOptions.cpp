//===- SQTTOptions.cpp - The -sqtt-marker-* plugin options ----------------===//
//
// Each option is a string parsed by the same code as its environment
// variable (SQTTConfig.cpp), so both accept the same spellings and report a
// bad value the same way. The options live on the heap and are never freed:
// at exit LLVM's option registry may already be gone.
//
//===----------------------------------------------------------------------===//

#include "SQTTOptions.h"

#include "llvm/Support/CommandLine.h"

#include <cstring>

using namespace llvm;
using namespace sqtt;

static const SettingName Settings[] = {
    {"SQTT_INSTRUMENT_FUNCTIONS", "sqtt-marker-instrument-functions", "N|cost:N"},
    {"SQTT_INSTRUMENT_BARRIERS", "sqtt-marker-instrument-barriers", "1|0|yes|no|true|false|on|off"},
    {"SQTT_INSTRUMENT_MEMORY", "sqtt-marker-instrument-memory", "N:M|off"},
    {"SQTT_TRACE_ADDRESSES", "sqtt-marker-trace-addresses", "memory|lds|memory,lds"},
    {"SQTT_SCOPE_WAVE", "sqtt-marker-scope-wave", "mask"},
    {"SQTT_SCOPE_SIMD", "sqtt-marker-scope-simd", "mask"},
    {"SQTT_SCOPE_CU", "sqtt-marker-scope-cu", "mask"},
    {"SQTT_SCOPE_WG", "sqtt-marker-scope-wg", "mask"},
    {"SQTT_MEM_BARRIER", "sqtt-marker-mem-barrier", "none|asm|fence"},
    {"SQTT_SHADER_CLOCK_BITS", "sqtt-marker-shader-clock-bits", "N"},
    {"SQTT_SHADER_CLOCK_SHIFT", "sqtt-marker-shader-clock-shift", "N"},
    {"SQTT_WAIT_AT_EXIT", "sqtt-marker-wait-at-exit", "1|0|yes|no|true|false|on|off"},
    {"SQTT_CONTAIN_SCOPES", "sqtt-marker-contain-scopes", "1|0|yes|no|true|false|on|off"},
};
static constexpr size_t NumSettings = sizeof(Settings) / sizeof(Settings[0]);

ArrayRef<SettingName> sqtt::settingNames() { return Settings; }

// Null until registered (and in a host that never registers them).
static cl::opt<std::string> *Options[NumSettings];

void sqtt::registerPluginOptions() {
  static bool Registered = false;
  if (Registered)
    return;
  Registered = true;
  auto *Category = new cl::OptionCategory("AMD SQTT marker options",
                                          "sqtt-instrument plugin settings; each wins over its SQTT_* variable");
  auto &Known = cl::getRegisteredOptions(); // a StringMap before LLVM 22, a DenseMap since
  for (size_t I = 0; I < NumSettings; ++I) {
    // A second copy of the plugin, or a host that has ROCm's marker pass
    // built in, registered the name already: registering it again is fatal.
    // The setting then comes from its variable only.
    if (Known.count(Settings[I].Option))
      continue;
    std::string Desc = std::string("Same as ") + Settings[I].Variable;
    // Options keep a StringRef to their description: it must outlive them.
    char *Kept = strdup(Desc.c_str());
    Options[I] = new cl::opt<std::string>(StringRef(Settings[I].Option), cl::desc(Kept),
                                          cl::value_desc(Settings[I].Values), cl::ValueOptional,
                                          cl::cat(*Category));
  }
}

static int indexOf(const char *Variable) {
  for (size_t I = 0; I < NumSettings; ++I)
    if (std::strcmp(Settings[I].Variable, Variable) == 0)
      return int(I);
  return -1;
}

std::optional<std::string> sqtt::explicitOption(const char *Variable) {
  int I = indexOf(Variable);
  if (I < 0 || !Options[I] || Options[I]->getNumOccurrences() == 0)
    return std::nullopt;
  const std::string &V = *Options[I];
  if (!V.empty())
    return V;
  // A bare flag: on for a switch; for any other setting a value the parser
  // reports as invalid, instead of a silent default.
  return std::strstr(Settings[I].Values, "yes") ? std::string("1") : std::string("(no value)");
}

std::string sqtt::settingOrigin(const char *Variable) {
  int I = indexOf(Variable);
  if (I >= 0 && Options[I] && Options[I]->getNumOccurrences())
    return std::string("-") + Settings[I].Option;
  return Variable;
}
