//===- TriageJsonWriter.cpp - the sqtt-triage/1 JSON contract -------------===//
//
// {"schema": "sqtt-triage/1", "trace", "baseline" (or null), "trust": [...],
//  "findings": [{"rank", "kind", "severity", "kernel", "dispatch", "scope",
//  "source", "waves", "gain_cycles", "gain_percent", "confidence",
//  "evidence", "action", "verify", "absorbed"}]}: docs/TRIAGE.md documents
// every field; a change that breaks a reader is a new schema version.
//
//===----------------------------------------------------------------------===//
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/TriageWriters.h"

#include <cmath>
#include <cstdio>

namespace sqtt {

namespace {

std::string number(double V) {
  if (!std::isfinite(V))
    return "null";
  if (std::floor(V) == V && std::fabs(V) < 1e15) // cycles stay exact
    return std::to_string(int64_t(V));
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.9g", V);
  return Buf;
}

std::string value(const triage::EvidenceValue &V) {
  if (auto *I = std::get_if<int64_t>(&V))
    return std::to_string(*I);
  if (auto *D = std::get_if<double>(&V))
    return number(*D);
  return jsonString(std::get<std::string>(V));
}

/// A number as the JSON spells it: whole cycles exact, else 9 digits.
FieldValue numberField(double V) {
  if (!std::isfinite(V))
    return FieldValue::null();
  if (std::floor(V) == V && std::fabs(V) < 1e15)
    return FieldValue::integer(int64_t(V));
  return FieldValue::real(V, "%.9g");
}

std::string wavesJson(const triage::Finding &F) {
  std::string Out = "[";
  for (size_t W = 0; W < F.Waves.size(); ++W)
    Out += (W ? ", [" : "[") + std::to_string(F.Waves[W][0]) + ", " + std::to_string(F.Waves[W][1]) + ", " +
           std::to_string(F.Waves[W][2]) + ", " + std::to_string(F.Waves[W][3]) + "]";
  return Out + "]";
}

std::string evidenceJson(const triage::Finding &F) {
  std::string Out = "{";
  for (size_t E = 0; E < F.Facts.size(); ++E)
    Out += (E ? ", " : "") + jsonString(F.Facts[E].first) + ": " + value(F.Facts[E].second);
  return Out + "}";
}

std::string absorbedJson(const triage::Finding &F) {
  std::string Out = "[";
  for (size_t A = 0; A < F.Absorbed.size(); ++A)
    Out += (A ? ", " : "") + jsonString(F.Absorbed[A]);
  return Out + "]";
}

} // namespace

OutputRows triageFindingRows(const triage::TriageReport &R) {
  return outputRowsOf(R.Findings, [](const triage::Finding &F) {
    return OutputRow{{"rank", FieldValue::integer(uint64_t(F.Rank))},
                     {"kind", FieldValue::text(triage::kindName(F.K))},
                     {"severity", FieldValue::text(triage::severityName(F.Sev))},
                     {"kernel", FieldValue::textOrNull(F.Kernel)},
                     {"dispatch", FieldValue::of(F.Dispatch)},
                     {"scope", FieldValue::text(F.Scope)},
                     {"source", F.Source ? FieldValue::text(*F.Source) : FieldValue::null()},
                     {"waves", FieldValue::json(wavesJson(F))},
                     {"gain_cycles", numberField(F.GainCycles)},
                     {"gain_percent", numberField(F.GainPercent)},
                     {"confidence", FieldValue::text(triage::confidenceName(F.Conf))},
                     {"evidence", FieldValue::json(evidenceJson(F))},
                     {"headline", FieldValue::text(F.Headline)},
                     {"action", FieldValue::text(F.Action)},
                     {"verify", FieldValue::text(F.Verify)},
                     {"absorbed", FieldValue::json(absorbedJson(F))}};
  });
}

const OutputTable &triageFindingsTable() {
  static const OutputTable T{"sqtt_findings",
                             {{"rank", ColumnType::Integer},
                              {"kind", ColumnType::Text},
                              {"severity", ColumnType::Text},
                              {"kernel", ColumnType::Text},
                              {"dispatch", ColumnType::Integer},
                              {"scope", ColumnType::Text},
                              {"source", ColumnType::Text},
                              {"waves", ColumnType::Text},
                              {"gain_cycles", ColumnType::Real},
                              {"gain_percent", ColumnType::Real},
                              {"confidence", ColumnType::Text},
                              {"evidence", ColumnType::Text},
                              {"headline", ColumnType::Text},
                              {"action", ColumnType::Text},
                              {"verify", ColumnType::Text},
                              {"absorbed", ColumnType::Text}}};
  return T;
}

void writeTriageJson(std::ostream &OS, const triage::TriageReport &R) {
  OS << "{\n  \"schema\": " << jsonString(triage::TriageSchema) << ",\n  \"trace\": " << jsonString(R.Trace)
     << ",\n  \"baseline\": " << (R.Baseline ? jsonString(*R.Baseline) : std::string("null")) << ",\n  \"trust\": [";
  for (size_t I = 0; I < R.Trust.size(); ++I)
    OS << (I ? "," : "") << "\n    {\"topic\": " << jsonString(R.Trust[I].Topic)
       << ", \"text\": " << jsonString(R.Trust[I].Text) << ", \"doubtful\": " << (R.Trust[I].Doubtful ? "true" : "false")
       << "}";
  OS << "\n  ],\n  \"findings\": [";
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    const triage::Finding &F = R.Findings[I];
    OS << (I ? "," : "") << "\n    {\"rank\": " << F.Rank << ", \"kind\": " << jsonString(triage::kindName(F.K))
       << ", \"severity\": " << jsonString(triage::severityName(F.Sev))
       << ", \"kernel\": " << (F.Kernel.empty() ? std::string("null") : jsonString(F.Kernel))
       << ", \"dispatch\": " << (F.Dispatch ? std::to_string(*F.Dispatch) : std::string("null"))
       << ", \"scope\": " << jsonString(F.Scope) << ", \"source\": " << (F.Source ? jsonString(*F.Source) : "null")
       << ",\n     \"waves\": " << wavesJson(F);
    OS << ",\n     \"gain_cycles\": " << number(F.GainCycles) << ", \"gain_percent\": " << number(F.GainPercent)
       << ", \"confidence\": " << jsonString(triage::confidenceName(F.Conf))
       << ",\n     \"evidence\": " << evidenceJson(F);
    OS << ",\n     \"headline\": " << jsonString(F.Headline) << ",\n     \"action\": " << jsonString(F.Action)
       << ",\n     \"verify\": " << jsonString(F.Verify) << ",\n     \"absorbed\": " << absorbedJson(F) << "}";
  }
  OS << "\n  ]\n}\n";
}

} // namespace sqtt
