// JsonString.h - JSON string escaping shared by every JSON writer.
#pragma once

#include <ostream>
#include <string>

namespace sqtt {

/// Escapes \p S as a JSON string, quotes included.
void writeJsonString(std::ostream &OS, const std::string &S);
/// The same, appended to \p Out.
void appendJsonString(std::string &Out, const std::string &S);

} // namespace sqtt
