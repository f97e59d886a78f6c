// OutputRow.cpp - one row of a tool's output as named, typed fields.
#include "sqtt/writers/OutputRow.h"
#include "sqtt/support/JsonString.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace sqtt {

FieldValue FieldValue::real(double V, const char *Format) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, Format, V);
  return {Type::Real, 0, false, std::strtod(Buf, nullptr), Buf};
}

FieldValue FieldValue::real(double V) {
  char Buf[64];
  auto [End, Ec] = std::to_chars(Buf, Buf + sizeof Buf, V);
  return {Type::Real, 0, false, V, std::string(Buf, End)};
}

namespace {

void writeValue(std::ostream &OS, const FieldValue &V) {
  switch (V.T) {
  case FieldValue::Type::Null:
    OS << "null";
    break;
  case FieldValue::Type::Integer:
    if (V.Signed)
      OS << int64_t(V.Bits);
    else
      OS << V.Bits;
    break;
  case FieldValue::Type::Bool:
    OS << (V.Bits ? "true" : "false");
    break;
  case FieldValue::Type::Text:
    writeJsonString(OS, V.Text);
    break;
  case FieldValue::Type::Real:
  case FieldValue::Type::Json:
    OS << V.Text;
    break;
  }
}

} // namespace

void writeJsonRow(std::ostream &OS, const OutputRow &Row) {
  OS << '{';
  for (size_t I = 0; I < Row.size(); ++I) {
    if (I)
      OS << (Row[I].Break ? ",\n   " : ", ");
    OS << '"' << Row[I].Key << "\": ";
    writeValue(OS, Row[I].Value);
  }
  OS << '}';
}

OutputRows OutputRows::of(std::vector<OutputRow> Rows) {
  auto Held = std::make_shared<const std::vector<OutputRow>>(std::move(Rows));
  return {Held->size(), [Held](size_t I) { return (*Held)[I]; }};
}

void writeJsonRows(std::ostream &OS, const OutputRows &Rows) {
  OS << '[';
  for (size_t I = 0; I < Rows.Count; ++I) {
    OS << (I ? ",\n  " : "\n  ");
    writeJsonRow(OS, Rows.Row(I));
  }
  OS << (Rows.Count ? "\n]\n" : "]\n");
}

} // namespace sqtt
