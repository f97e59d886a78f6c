// CompletenessTextWriter.cpp - the completeness report for people: where
// each incomplete wave deviated, then the counts per group.
#include "sqtt/writers/CompletenessWriters.h"

#include <cstdio>

namespace sqtt {

using namespace completeness;

namespace {

std::string percent(const Tally &T) {
  char B[32];
  std::snprintf(B, sizeof B, "%.1f %%", T.completePercent());
  return B;
}

void writeTally(std::ostream &OS, const std::string &Group, const Tally &T) {
  OS << "  " << Group << ": " << T.Complete << " of " << T.Waves << " waves complete (" << percent(T) << ")";
  if (T.FirstGap != INT64_MAX)
    OS << ", first gap at cycle " << T.FirstGap;
  OS << '\n';
}

} // namespace

void writeCompletenessText(std::ostream &OS, const CompletenessReport &R, size_t MaxWaves, bool PerCU) {
  size_t Listed = 0, Incomplete = 0;
  for (const WaveVerdict &W : R.Waves) {
    if (W.Complete)
      continue;
    ++Incomplete;
    if (MaxWaves && Listed == MaxWaves)
      continue;
    ++Listed;
    OS << R.dirOf(W) << ": se " << W.SE << " cu " << W.CU << " simd " << W.SIMD << " slot " << W.Slot << " (launch "
       << W.Begin << ", dispatch " << W.Dispatch << " " << R.kernelOf(W) << "): incomplete at record " << W.GapIndex
       << " of " << W.Records << " (after cycle " << W.GapTime << "): expected " << W.Expected << "; got " << W.Got
       << " [" << gapCauseName(W.Cause) << "]\n";
  }
  if (Listed < Incomplete)
    OS << "... and " << (Incomplete - Listed) << " more incomplete waves (-v lists every one)\n";
  OS << "per dispatch:\n";
  for (const auto &[Name, T] : R.ByDispatch)
    writeTally(OS, Name, T);
  OS << "per kernel:\n";
  for (const auto &[Name, T] : R.ByKernel)
    writeTally(OS, Name, T);
  OS << "per shader engine:\n";
  for (const auto &[SE, T] : R.BySE)
    writeTally(OS, "se " + std::to_string(SE), T);
  if (PerCU) {
    OS << "per CU:\n";
    for (const auto &[Key, T] : R.ByCU)
      writeTally(OS, "se " + std::to_string(Key.first) + " cu " + std::to_string(Key.second), T);
  }
  for (const std::string &U : R.Unchecked)
    OS << "not checked: " << U << '\n';
  for (const std::string &N : R.Notes)
    OS << "note: " << N << '\n';
  if (R.Total.Waves == 0)
    OS << "no wave checked";
  else
    OS << R.Total.Complete << " of " << R.Total.Waves << " waves complete (" << percent(R.Total) << ")";
  if (R.UncheckedWaves)
    OS << ", " << R.UncheckedWaves << " not checked";
  OS << '\n';
}

} // namespace sqtt
