// CompletenessJsonWriter.cpp - the completeness report as the JSON document
// CompletenessWriters.h specifies.
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/CompletenessWriters.h"

#include <cstdio>

namespace sqtt {

using namespace completeness;

namespace {

void appendCounts(std::string &Out, const Tally &T) {
  char B[32];
  std::snprintf(B, sizeof B, "%.3f", T.completePercent());
  Out += "\"waves\": ";
  appendInt(Out, T.Waves);
  Out += ", \"complete\": ";
  appendInt(Out, T.Complete);
  Out += ", \"complete_percent\": ";
  Out += T.Waves ? B : "null"; // no wave checked: no share to give
  Out += ", \"first_gap_time\": ";
  if (T.FirstGap == INT64_MAX)
    Out += "null";
  else
    appendInt(Out, T.FirstGap);
}

void appendStrings(std::string &Out, const std::vector<std::string> &List) {
  Out += '[';
  for (size_t I = 0; I < List.size(); ++I) {
    Out += I ? ", " : "";
    appendJsonString(Out, List[I]);
  }
  Out += ']';
}

} // namespace

void writeCompletenessJson(std::ostream &OS, const CompletenessReport &R) {
  std::string Out = "{\"waves\": [";
  for (size_t I = 0; I < R.Waves.size(); ++I) {
    const WaveVerdict &W = R.Waves[I];
    Out += I ? ",\n  {" : "\n  {";
    Out += "\"dir\": ";
    appendJsonString(Out, R.dirOf(W));
    for (auto [Key, V] : {std::pair<const char *, int64_t>{"se", W.SE}, {"cu", W.CU}, {"simd", W.SIMD},
                          {"slot", W.Slot}, {"begin", W.Begin}, {"dispatch", W.Dispatch}}) {
      Out += ", \"";
      Out += Key;
      Out += "\": ";
      appendInt(Out, V);
    }
    Out += ", \"kernel\": ";
    appendJsonString(Out, R.kernelOf(W));
    Out += ", \"records\": ";
    appendInt(Out, W.Records);
    Out += W.Complete ? ", \"status\": \"complete\"" : ", \"status\": \"incomplete\"";
    if (!W.Complete) {
      Out += ", \"gap_time\": ";
      appendInt(Out, W.GapTime);
      Out += ", \"gap_index\": ";
      appendInt(Out, W.GapIndex);
      Out += ", \"expected\": ";
      appendJsonString(Out, W.Expected);
      Out += ", \"got\": ";
      appendJsonString(Out, W.Got);
      Out += ", \"cause\": ";
      appendJsonString(Out, gapCauseName(W.Cause));
    }
    Out += '}';
    if (Out.size() > (1 << 20)) {
      OS << Out;
      Out.clear();
    }
  }
  Out += "],\n\"summary\": {";
  appendCounts(Out, R.Total);
  Out += ", \"unchecked\": ";
  appendInt(Out, R.UncheckedWaves);
  Out += ", \"built_without_plugin\": ";
  appendInt(Out, R.WithoutPluginWaves);
  Out += ",\n  \"dispatches\": [";
  bool First = true;
  for (const auto &[Name, T] : R.ByDispatch) {
    Out += First ? "{\"name\": " : ", {\"name\": ";
    First = false;
    appendJsonString(Out, Name);
    Out += ", ";
    appendCounts(Out, T);
    Out += '}';
  }
  Out += "],\n  \"kernels\": [";
  First = true;
  for (const auto &[Name, T] : R.ByKernel) {
    Out += First ? "{\"kernel\": " : ", {\"kernel\": ";
    First = false;
    appendJsonString(Out, Name);
    Out += ", ";
    appendCounts(Out, T);
    Out += '}';
  }
  Out += "],\n  \"ses\": [";
  First = true;
  for (const auto &[SE, T] : R.BySE) {
    Out += First ? "{\"se\": " : ", {\"se\": ";
    First = false;
    appendInt(Out, SE);
    Out += ", ";
    appendCounts(Out, T);
    Out += '}';
  }
  Out += "],\n  \"cus\": [";
  First = true;
  for (const auto &[Key, T] : R.ByCU) {
    Out += First ? "{\"se\": " : ", {\"se\": ";
    First = false;
    appendInt(Out, Key.first);
    Out += ", \"cu\": ";
    appendInt(Out, Key.second);
    Out += ", ";
    appendCounts(Out, T);
    Out += '}';
  }
  Out += "]},\n\"unchecked\": ";
  appendStrings(Out, R.Unchecked);
  Out += ",\n\"notes\": ";
  appendStrings(Out, R.Notes);
  Out += "}\n";
  OS << Out;
}

} // namespace sqtt
