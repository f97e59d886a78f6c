// TreeLayout.cpp - the names of a rocprofv3 tree's directories and files.
#include "sqtt/uitree/TreeLayout.h"

#include <regex>

namespace sqtt::uitree {

std::string dispatchDirName(std::string_view Agent, std::string_view Dispatch) {
  return "ui_output_agent_" + std::string(Agent) + "_dispatch_" + std::string(Dispatch);
}

std::optional<std::pair<std::string, std::string>> dispatchOfDirName(std::string_view Name) {
  static const std::regex Pattern("^ui_output_agent_([0-9]+)_dispatch_([0-9]+)$");
  std::match_results<std::string_view::const_iterator> M;
  if (!std::regex_match(Name.begin(), Name.end(), M, Pattern))
    return std::nullopt;
  return std::make_pair(M[1].str(), M[2].str());
}

std::string shaderDataName(uint32_t SE, unsigned N) {
  return ShaderDataPrefix + std::to_string(SE) + "_" + std::to_string(N) + ".json";
}

bool isShaderDataName(std::string_view Name) {
  constexpr std::string_view Prefix = ShaderDataPrefix, Suffix = ".json";
  return Name.size() >= Prefix.size() + Suffix.size() && Name.substr(0, Prefix.size()) == Prefix &&
         Name.substr(Name.size() - Suffix.size()) == Suffix;
}

std::string waveFileName(uint32_t SE, uint32_t SIMD, uint32_t Slot, uint32_t N) {
  return "se" + std::to_string(SE) + "_sm" + std::to_string(SIMD) + "_sl" + std::to_string(Slot) + "_wv" +
         std::to_string(N) + ".json";
}

std::optional<uint32_t> engineOfWaveFileName(const std::string &Name) {
  static const std::regex Pattern(R"(se(\d{1,3})_sm\d+_sl\d+_wv\d+\.json)");
  std::smatch M;
  if (!std::regex_match(Name, M, Pattern))
    return std::nullopt;
  return uint32_t(std::stoul(M[1].str()));
}

std::string movedRecordsName(uint32_t SE) { return "sqtt_moved_" + std::to_string(SE) + ".json"; }

std::string movedPositionsPath(const std::string &Path) {
  std::string P = Path;
  if (P.size() > 5 && P.compare(P.size() - 5, 5, ".json") == 0)
    P.resize(P.size() - 5);
  return P + ".positions.json";
}

} // namespace sqtt::uitree
