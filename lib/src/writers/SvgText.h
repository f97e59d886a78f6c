// SvgText.h - what the SVG writers share (the library's own header, not
// installed): text made safe for an XML document, and labels cut to fit.
#pragma once

#include <string>
#include <string_view>

namespace sqtt {

/// \p S as XML character data or an attribute value: markup characters as
/// entities; bytes XML 1.0 forbids (control characters) and bytes that are
/// not UTF-8 as U+FFFD, so a name from a trace can never break the document.
std::string escapeXml(std::string_view S);
/// \p S cut to at most \p Keep bytes from its start, never inside a UTF-8
/// sequence.
std::string_view utf8Prefix(std::string_view S, size_t Keep);
/// \p S cut to at most \p Keep bytes from its end, never inside a UTF-8
/// sequence.
std::string_view utf8Suffix(std::string_view S, size_t Keep);
/// Characters of \p S as a reader sees them (a UTF-8 sequence counts once).
size_t displayChars(std::string_view S);
/// \p S cut to \p Max characters in the middle ("head…tail"), never inside
/// a UTF-8 sequence.
std::string cutMiddle(const std::string &S, size_t Max);

} // namespace sqtt
