// JsonString.cpp - JSON string escaping shared by the writers.
#include "sqtt/support/JsonString.h"

#include <cstdio>

namespace sqtt {

void appendJsonString(std::string &Out, const std::string &S) {
  Out += '"';
  for (unsigned char C : S) {
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\r':
      Out += "\\r";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      if (C < 0x20) {
        char Buf[8];
        std::snprintf(Buf, sizeof Buf, "\\u%04x", C);
        Out += Buf;
      } else {
        Out += char(C);
      }
    }
  }
  Out += '"';
}

void writeJsonString(std::ostream &OS, const std::string &S) {
  std::string Out;
  appendJsonString(Out, S);
  OS << Out;
}

} // namespace sqtt
