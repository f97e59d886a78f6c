// SvgText.cpp - XML-safe text and UTF-8-safe cuts for the SVG writers.
#include "SvgText.h"

namespace sqtt {

namespace {

bool isContinuation(unsigned char C) { return (C & 0xC0) == 0x80; }

/// The length of the well-formed UTF-8 sequence at \p S's start, or 0.
size_t utf8Length(std::string_view S) {
  auto B = [&](size_t I) { return static_cast<unsigned char>(S[I]); };
  unsigned char Lead = B(0);
  size_t N = Lead < 0x80 ? 1 : (Lead >> 5) == 0x6 ? 2 : (Lead >> 4) == 0xE ? 3 : (Lead >> 3) == 0x1E ? 4 : 0;
  if (N == 0 || N > S.size() || (N == 2 && Lead < 0xC2) || (N == 4 && Lead > 0xF4))
    return 0;
  for (size_t I = 1; I < N; ++I)
    if (!isContinuation(B(I)))
      return 0;
  // Overlong three- and four-byte forms, surrogates, past U+10FFFF.
  if ((N == 3 && Lead == 0xE0 && B(1) < 0xA0) || (N == 3 && Lead == 0xED && B(1) >= 0xA0) ||
      (N == 4 && Lead == 0xF0 && B(1) < 0x90) || (N == 4 && Lead == 0xF4 && B(1) >= 0x90))
    return 0;
  return N;
}

} // namespace

std::string escapeXml(std::string_view S) {
  std::string Out;
  Out.reserve(S.size());
  for (size_t I = 0; I < S.size();) {
    char C = S[I];
    switch (C) {
    case '&': Out += "&amp;"; ++I; continue;
    case '<': Out += "&lt;"; ++I; continue;
    case '>': Out += "&gt;"; ++I; continue;
    case '"': Out += "&quot;"; ++I; continue;
    case '\'': Out += "&apos;"; ++I; continue;
    default: break;
    }
    size_t N = utf8Length(S.substr(I));
    bool Control = N == 1 && static_cast<unsigned char>(C) < 0x20 && C != '\t' && C != '\n' && C != '\r';
    if (N == 0 || Control) {
      Out += "\xEF\xBF\xBD"; // U+FFFD
      ++I;
      continue;
    }
    Out.append(S.substr(I, N));
    I += N;
  }
  return Out;
}

std::string_view utf8Prefix(std::string_view S, size_t Keep) {
  if (S.size() <= Keep)
    return S;
  size_t End = Keep;
  while (End > 0 && isContinuation(static_cast<unsigned char>(S[End])))
    --End;
  return S.substr(0, End);
}

std::string_view utf8Suffix(std::string_view S, size_t Keep) {
  if (S.size() <= Keep)
    return S;
  size_t Begin = S.size() - Keep;
  while (Begin < S.size() && isContinuation(static_cast<unsigned char>(S[Begin])))
    ++Begin;
  return S.substr(Begin);
}

size_t displayChars(std::string_view S) {
  size_t N = 0;
  for (unsigned char C : S)
    N += !isContinuation(C);
  return N;
}

namespace {

/// The byte offset of character \p N of \p S (its size when shorter).
size_t byteOfChar(std::string_view S, size_t N) {
  for (size_t I = 0; I < S.size(); ++I)
    if (!isContinuation(static_cast<unsigned char>(S[I])) && N-- == 0)
      return I;
  return S.size();
}

} // namespace

std::string cutMiddle(const std::string &S, size_t Max) {
  size_t Chars = displayChars(S);
  if (Chars <= Max)
    return S;
  size_t Head = Max > 1 ? (Max - 1) / 2 : 0, Tail = Max > Head + 1 ? Max - 1 - Head : 0;
  return S.substr(0, byteOfChar(S, Head)) + "\xE2\x80\xA6" + S.substr(byteOfChar(S, Chars - Tail));
}

} // namespace sqtt
