// Thresholds.h - every number that decides whether sqtt-triage raises a
// finding, named once with the reason beside it. docs/TRIAGE.md quotes
// them; kindTable()'s threshold texts name them.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sqtt::triage {

// --- straggler-waves -----------------------------------------------------
/// A wave is a straggler in a scope (or over its lifetime) when its cycles
/// exceed the median by this many scaled MADs (1.4826 * MAD estimates the
/// standard deviation of normal data; 5 of them is far outside run-to-run
/// jitter while a single outlier cannot move the median or the MAD)...
inline constexpr double StragglerMads = 5.0;
/// ...and at least this multiple of the median: a wave 30 % slower than the
/// rest is variation, twice as slow is a wave doing other work.
inline constexpr double StragglerMinRatio = 2.0;
/// "A few waves": when more than this share of the waves are outliers, the
/// scope's time is a distribution (data-dependent work), not stragglers.
inline constexpr double StragglerMaxShare = 0.10;
/// Fewer waves than this give no robust median.
inline constexpr size_t StragglerMinWaves = 5;
/// The MAD times this estimates a normal sample's standard deviation.
inline constexpr double MadToSigma = 1.4826;
/// A scope is hot because of its stragglers when their excess is at least
/// this share of its time: the rest of its waves would not make it hot.
inline constexpr double StragglersExplainHotShare = 0.50;

// --- tail and low-occupancy ---------------------------------------------
/// The tail starts when this share of the dispatch's waves has ended.
inline constexpr double TailWaveShare = 0.90;
/// A tail longer than this share of the dispatch's time is a warning: the
/// slots sit mostly idle for a quarter of the run.
inline constexpr double TailMaxShare = 0.25;
/// Mean waves in flight under this share of the peak (the slots the
/// dispatch itself used) is a warning: half the slots idle on average.
inline constexpr double OccupancyMinShare = 0.50;
/// Dispatches of fewer waves than this say nothing about tails or occupancy.
inline constexpr size_t ShapeMinWaves = 4;

// --- regression ------------------------------------------------------------
/// A scope or kernel is slower than its baseline when its mean cycles per
/// wave grew by more than this ratio (10 %: above the run-to-run spread of
/// one kernel on one GPU) ...
inline constexpr double RegressionMinRatio = 1.10;
/// ... and by at least this many cycles per wave (shorter scopes are
/// dominated by the markers' own cost).
inline constexpr double RegressionMinCycles = 100.0;
/// A scope's regression accounts for its kernel's when it explains at least
/// this share of the kernel's added cycles per wave.
inline constexpr double RegressionExplainsShare = 0.50;

// --- memory access (address traces) --------------------------------------
/// LDS: an operation whose worst lane set needs at least this many passes
/// on average is conflicted (1 is conflict-free; 2 already halves its rate).
inline constexpr double LdsMinWorstWays = 2.0;
/// Global memory: lines touched over the fewest the lanes could touch; at
/// twice the ideal every request moves twice the data it needs.
inline constexpr double CoalescingMaxRatio = 2.0;
/// Cycles one extra 128-byte line costs the wave that asked for it: the
/// vector L1 of a CDNA CU returns 64 bytes a clock, so two clocks a line.
inline constexpr double CyclesPerExtraLine = 2.0;
/// divergence: an operation whose mean active lanes are under this share of
/// the widest execution of its kernel (the wave as the kernel runs it).
inline constexpr double DivergenceMaxLaneShare = 0.50;
/// Under this share, divergence is a warning, else information...
inline constexpr double DivergenceWarnLaneShare = 0.25;
/// ...when the operation runs at least this often per wave: a single-lane
/// operation once a wave (lane 0 publishing a reduction's result, an
/// atomic) is the code's intent and costs little.
inline constexpr double DivergenceMinExecutionsPerWave = 4.0;

// --- instruction waits ------------------------------------------------------
/// A wait (s_waitcnt, s_barrier) whose unhidden stall is at least this share
/// of its scope's cycles is a finding: the scope spends a tenth of its time
/// waiting at one line.
inline constexpr double WaitMinShare = 0.10;

// --- marker-overhead ---------------------------------------------------------
/// The plugin's instructions taking more than this share of a scope's
/// cycles make its times mostly the instrument's.
inline constexpr double OverheadMaxShare = 0.10;

// --- hot-scope ---------------------------------------------------------------
/// A scope is hot when it holds at least this share of its kernel's wave
/// time; at most HotScopeMax are named.
inline constexpr double HotScopeMinShare = 0.20;
inline constexpr size_t HotScopeMax = 3;

// --- severity of gains ---------------------------------------------------------
/// A finding whose gain is under this share of its dispatch's time is
/// information, whatever its kind: fixing it would not show.
inline constexpr double GainMinPercent = 2.0;

// --- incomplete-trace ------------------------------------------------------------
/// Bytes a record takes in the trace buffer (FORMATS: 8 a record).
inline constexpr uint64_t BytesPerRecord = 8;
/// The waves an incomplete-trace finding names (the count is in its
/// evidence; sqtt-verify --trace lists them all).
inline constexpr size_t IncompleteWavesNamed = 16;

} // namespace sqtt::triage
