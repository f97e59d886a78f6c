// AttStream.h - reading one raw SQTT buffer (one shader engine's .att file of
// a rocprofv3 --att capture) into what the marker tools take from it: the
// shader-data records, the wave launches and ends, the realtime samples, and
// where the stream lost packets. The rules are those of AMD's decoder, so the
// result equals what rocprofv3 writes as JSON from the same file (D32,
// docs/FORMATS.md §14).
#pragma once

#include "sqtt/rawatt/AttTokens.h"
#include "sqtt/trace/TraceModel.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sqtt::rawatt {

/// A wave launch or end, as an occupancy.json row. The kernel is the
/// wave's start address: within a code object the capture announced
/// (CodeObject != 0, Address = its offset there), or raw (CodeObject 0).
struct WaveEvent {
  int64_t Time = 0;
  uint8_t CU = 0, SIMD = 0, Slot = 0;
  bool Start = false;
  uint64_t CodeObject = 0, Address = 0;
};

struct RealtimeSample {
  int64_t ShaderClock = 0;
  uint64_t Realtime = 0;
};

/// What the reader met besides tokens it uses, for the tools' summaries.
struct StreamCounts {
  uint64_t Tokens = 0;
  uint64_t UnknownTokens = 0;    // skipped by their length
  uint64_t TruncatedBytes = 0;   // a last token cut short
  uint64_t PaddingBytes = 0;     // zeros after the last token (a full buffer)
  uint64_t Headers = 0;          // HEADER tokens (gfx10+)
  uint64_t InvalidRecords = 0;   // gfx11 shader data with bit 14 set: dropped
  uint64_t BadSlots = 0;         // gfx9 wave slot above 9: token skipped
};

struct AttStream {
  Generation Gen = Generation::Gfx9;
  unsigned Version = 0; // gfx9 header version, or the HEADER's tt_version
  std::vector<Record> Records;
  std::vector<WaveEvent> Waves;
  std::vector<RealtimeSample> Realtime;
  /// The realtime counter's rate the stream states (AGENT_INFO
  /// RT_FREQUENCY_KHZ, in Hz); 0 when it states none.
  double RealtimeHz = 0;
  std::vector<int64_t> PacketLoss; // times the stream says packets were lost
  StreamCounts Counts;
  /// With StreamWants::Boundaries: where a token may be inserted (its bit
  /// offset in the buffer) and the time a token there without delta gets.
  struct Boundary {
    uint64_t Bit;
    int64_t Time;
  };
  std::vector<Boundary> Boundaries;
};

/// What to collect: the records alone are the hot path of the tools.
struct StreamWants {
  bool Records = true;
  bool Waves = true;
  bool Boundaries = false; // for splicing tokens into a real stream (tests)
};

/// The generation of a buffer from its first 8 bytes. Throws Error naming
/// \p Name when they are neither a gfx9 header nor a known HEADER token.
Generation detectGeneration(std::string_view Bytes, const std::string &Name);

/// A shader-data record to splice into a real stream: written at the first
/// token boundary at or after \p Time (so its time is that boundary's).
struct SplicedRecord {
  int64_t Time = 0;
  Record Rec;
};
/// \p Bytes with a shader-data token for each of \p Records inserted (with
/// no time delta, so every other token keeps its time). Throws Error for a
/// record the generation cannot encode or a time after the stream's end.
std::string spliceRecords(std::string_view Bytes, const std::string &Name, std::vector<SplicedRecord> Records);

/// Decodes a whole buffer into \p Out, whose vectors are emptied first and
/// keep their capacity (a caller reading many buffers reuses its memory).
/// Throws Error for a buffer whose generation cannot be told; a damaged
/// stream is read as far as it goes, with what was skipped counted in
/// AttStream::Counts.
void decodeStream(std::string_view Bytes, const std::string &Name, StreamWants Wants, AttStream &Out);
inline AttStream decodeStream(std::string_view Bytes, const std::string &Name, StreamWants Wants = {}) {
  AttStream Out;
  decodeStream(Bytes, Name, Wants, Out);
  return Out;
}

} // namespace sqtt::rawatt
