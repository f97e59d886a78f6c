// CaptureClock.cpp - realtime.json: aligning the shader engines' cycle
// counters and the shader clock rate (D26, FORMATS §12).
//
// Each SE has samples [gfx_clock, realtime_clock]; like the viewers, the fit
// uses an SE's first and last samples. Realtime R then corresponds on SE k to
// cycle g_k(R) = g0_k + (R - r0_k) * cycles_per_tick_k. The offset moves SE
// k's counter onto the first SE's: at the first SE's first sample instant
// R0, offset_k = g0_ref - g_k(R0). Only the offset is applied (the SEs'
// rates differ by parts per million over a dispatch).
#include "TraceFileReaders.h"
#include "sqtt/support/Error.h"
#include "sqtt/trace/TraceFiles.h"

#include <cmath>
#include <filesystem>

namespace sqtt {

namespace {

struct SeFit {
  double Gfx0, Real0, CyclesPerTick;
};

} // namespace

CaptureClock fitCaptureClock(const std::map<uint32_t, ClockSamples> &SEs, double Frequency,
                             const std::string &Source) {
  std::map<uint32_t, SeFit> Fits;
  for (const auto &[SE, S] : SEs) {
    if (!(S.Gfx1 > S.Gfx0) || !(S.Real1 > S.Real0))
      throw Error(Source + ": SE" + std::to_string(SE) + "'s clocks do not advance between its samples");
    Fits[SE] = {S.Gfx0, S.Real0, (S.Gfx1 - S.Gfx0) / (S.Real1 - S.Real0)};
  }
  if (Fits.empty())
    throw Error(Source + ": no SE<k> samples");
  CaptureClock Clock;
  Clock.Source = Source;
  const SeFit &Ref = Fits.begin()->second;
  double Rate = 0;
  for (const auto &[SE, Fit] : Fits) {
    double AtRef = Fit.Gfx0 + (Ref.Real0 - Fit.Real0) * Fit.CyclesPerTick;
    Clock.Offset[SE] = int64_t(std::llround(Ref.Gfx0 - AtRef));
    Rate += Fit.CyclesPerTick * Frequency;
  }
  Clock.GHz = Rate / double(Fits.size()) / 1e9;
  Clock.RealtimeNsAtZero = (Ref.Real0 - Ref.Gfx0 / Ref.CyclesPerTick) / Frequency * 1e9;
  return Clock;
}

CaptureClock parseCaptureClock(std::string_view Text, const std::string &Path) {
  simdjson::padded_string Json(Text);
  simdjson::dom::parser Parser;
  simdjson::dom::element Doc = parseMetadataOrThrow(Parser, Json, Path);
  simdjson::dom::object Root;
  if (Doc.get(Root))
    malformed(Path, "not an object");
  double Frequency = 100e6; // the viewers' default when metadata has none
  std::map<uint32_t, ClockSamples> Samples;
  for (auto Field : Root) {
    std::string_view Key = Field.key;
    if (Key == "metadata") {
      uint64_t F = 0;
      if (!Field.value["frequency"].get(F) && F > 0)
        Frequency = double(F);
      continue;
    }
    if (Key.size() < 3 || Key.substr(0, 2) != "SE")
      continue;
    uint32_t SE = 0;
    for (char C : Key.substr(2)) {
      if (C < '0' || C > '9' || SE > 255)
        malformed(Path, "key '" + std::string(Key) + "' is not SE<number>");
      SE = SE * 10 + uint32_t(C - '0');
    }
    simdjson::dom::array List;
    if (Field.value.get(List) || List.size() < 2)
      throw Error(Path + ": " + std::string(Key) + " needs two [gfx_clock, realtime_clock] samples");
    auto Sample = [&](size_t I, double &Gfx, double &Real) {
      simdjson::dom::array S;
      int64_t G = 0, R = 0;
      if (List.at(I).get(S) || S.size() < 2 || S.at(0).get(G) || S.at(1).get(R))
        malformed(Path, std::string(Key) + " sample " + std::to_string(I) + " is not two integers");
      Gfx = double(G), Real = double(R);
    };
    ClockSamples &S = Samples[SE];
    Sample(0, S.Gfx0, S.Real0);
    Sample(List.size() - 1, S.Gfx1, S.Real1);
  }
  return fitCaptureClock(Samples, Frequency, Path);
}

std::optional<CaptureClock> readCaptureClock(const std::string &Dir, std::vector<std::string> &Warnings) {
  std::string Path = (std::filesystem::path(Dir) / "realtime.json").string();
  std::error_code EC;
  if (!std::filesystem::exists(Path, EC))
    return std::nullopt;
  try {
    simdjson::padded_string Json = loadMetadataJson(Path);
    return parseCaptureClock(std::string_view(Json.data(), Json.size()), Path);
  } catch (const std::exception &E) {
    Warnings.push_back(std::string(E.what()) + "; shader engines are not aligned and cycles stay as recorded");
    return std::nullopt;
  }
}

std::string CaptureClock::describeOffsets(const char *Sep) const {
  std::string Out;
  for (const auto &[SE, Cycles] : Offset)
    Out += (Out.empty() ? "" : Sep) + ("SE" + std::to_string(SE)) + (Cycles >= 0 ? " +" : " ") +
           std::to_string(Cycles);
  return Out;
}

void alignOccupancy(Occupancy &Occ, const CaptureClock &Clock) {
  for (auto &[Slot, Spans] : Occ.Spans) {
    auto It = Clock.Offset.find(slotSE(Slot));
    if (It == Clock.Offset.end() || It->second == 0)
      continue;
    for (WaveSpan &S : Spans) {
      S.Launch += It->second;
      if (S.Retire != INT64_MAX)
        S.Retire += It->second;
    }
  }
}

} // namespace sqtt
