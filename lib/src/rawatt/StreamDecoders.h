// StreamDecoders.h - the per-generation token walks behind decodeStream().
#pragma once

#include "sqtt/rawatt/AttStream.h"

namespace sqtt::rawatt {

/// gfx9: \p Bytes after the 8-byte software header; \p TargetCU from it.
void decodeGfx9(std::string_view Bytes, int TargetCU, StreamWants Wants, AttStream &Out);
/// gfx10+: the whole buffer, HEADER token first.
void decodeRdna(std::string_view Bytes, StreamWants Wants, AttStream &Out);

} // namespace sqtt::rawatt
