// Mnemonic.h - matching instruction families by a mnemonic's prefix or
// suffix ("v_cmp_*_u32_e64", "scratch_*_dword").
#pragma once

#include <string_view>

namespace sqtt::isa {

inline bool startsWith(std::string_view S, std::string_view P) { return S.substr(0, P.size()) == P; }
inline bool endsWith(std::string_view S, std::string_view P) {
  return S.size() >= P.size() && S.substr(S.size() - P.size()) == P;
}

} // namespace sqtt::isa
