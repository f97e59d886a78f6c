// OutputRow.h - one row of a tool's output as named, typed fields.
//
// The JSON writers of the row-shaped outputs (sqtt-stats' rows, waves and
// instruction detail, sqtt-memory-trace's summary and per-object rows)
// build each row once as OutputRow and print it; the -f sqlite writer
// (SqliteTables.h) stores the same rows in a table whose columns an
// OutputTable declares. So a JSON key is a column of the same name, and a
// JSON value the same value: integers as INTEGER, fractions as REAL (the
// value the JSON text spells, so they compare equal), strings as TEXT,
// true/false as 1/0, a nested object or array as TEXT holding its JSON,
// and an absent or null field as NULL.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

namespace sqtt {

struct FieldValue {
  enum class Type : uint8_t { Null, Integer, Real, Bool, Text, Json };
  Type T = Type::Null;
  uint64_t Bits = 0;   // Integer (two's complement when Signed), Bool
  bool Signed = false; // Integer
  double Real = 0;     // Real: the value Text spells
  std::string Text;    // Text; Real and Json: their JSON spelling

  static FieldValue null() { return {}; }
  static FieldValue integer(uint64_t V) { return {Type::Integer, V, false, 0, {}}; }
  static FieldValue integer(int64_t V) { return {Type::Integer, uint64_t(V), true, 0, {}}; }
  static FieldValue integer(uint32_t V) { return integer(uint64_t(V)); }
  /// \p V printed with \p Format ("%.1f"); the value is what that prints.
  static FieldValue real(double V, const char *Format);
  /// \p V in its shortest form that reads back as the same double.
  static FieldValue real(double V);
  static FieldValue boolean(bool V) { return {Type::Bool, V ? 1u : 0u, false, 0, {}}; }
  static FieldValue text(std::string S) { return {Type::Text, 0, false, 0, std::move(S)}; }
  /// Text, or null when \p S is empty.
  static FieldValue textOrNull(std::string S) { return S.empty() ? null() : text(std::move(S)); }
  /// A nested JSON value, already spelt.
  static FieldValue json(std::string Spelt) { return {Type::Json, 0, false, 0, std::move(Spelt)}; }
  /// The value, or null.
  template <class T> static FieldValue of(const std::optional<T> &V) {
    if (!V)
      return null();
    if constexpr (std::is_floating_point_v<T>)
      return real(*V);
    else if constexpr (std::is_signed_v<T>)
      return integer(int64_t(*V));
    else
      return integer(uint64_t(*V));
  }
};

struct OutputField {
  const char *Key;
  FieldValue Value;
  /// JSON: the field starts a new line (",\n   " before it, not ", ").
  bool Break = false;
};

using OutputRow = std::vector<OutputField>;

/// Rows built one at a time, so an output of many rows (a wave each) is
/// never held whole: Count rows, the I-th is Row(I).
struct OutputRows {
  size_t Count = 0;
  std::function<OutputRow(size_t)> Row;
  /// Rows already built.
  static OutputRows of(std::vector<OutputRow> Rows);
};

/// The rows of \p Source, the I-th built by \p Build(Source[I]). They
/// refer to \p Source, which must outlive them.
template <class T, class BuildFn> OutputRows outputRowsOf(const std::vector<T> &Source, BuildFn Build) {
  return {Source.size(), [&Source, Build](size_t I) { return Build(Source[I]); }};
}

/// The row as one JSON object: {"key": value, ...}.
void writeJsonRow(std::ostream &OS, const OutputRow &Row);
/// The rows as a JSON array, one object a line ("[\n  {...},\n  {...}\n]").
void writeJsonRows(std::ostream &OS, const OutputRows &Rows);

/// A column of a table: a key rows may have, and its SQL type.
enum class ColumnType : uint8_t { Integer, Real, Text };
struct OutputColumn {
  const char *Name;
  ColumnType Type;
};
/// A table of rows: its name and every key its rows may have, in order.
struct OutputTable {
  const char *Name;
  std::vector<OutputColumn> Columns;
};

} // namespace sqtt
