// AttEventsWriter.h - what a raw .att buffer holds, as text: one line per
// wave launch or end, shader-data record, realtime sample and packet loss,
// each kind in stream order (docs/FORMATS.md §14):
//   start|end <time> <cu> <simd> <slot>
//   data <time> <cu> <simd> <slot> <value> <flags>
//   realtime <shader_clock> <realtime>
//   lost <time>
// The format of sqtt-dump-att and of the real-buffer fixtures' expected
// records.
#pragma once

#include "sqtt/rawatt/AttStream.h"

#include <ostream>
#include <string>

namespace sqtt {

void writeAttEvents(std::ostream &OS, const rawatt::AttStream &S);
/// "gfx11 (HEADER version 3): 12 records, 40 wave rows, ...; skipped: ...".
std::string describeAttStream(const rawatt::AttStream &S);

} // namespace sqtt
