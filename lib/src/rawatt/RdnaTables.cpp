// RdnaTables.cpp - the token prefixes of gfx10, gfx11 and gfx12 streams.
//
// Prefixes are written as binary, bit 0 rightmost; a later prefix overwrites
// the table slots it matches, which is how gfx11 and gfx12 change the gfx10
// base. Prefixes none of these match (low nibble 0x7, 0xE, 0xF, and 0x41)
// are 8 bits long; 0xE and 0xF (instruction-execution tokens some captures
// enable) carry a 2-bit delta at bits 4-5. TIMESTAMP has no delta field:
// its time fields are read by name (AttTokens.h). That is how AMD's released
// decoder reads them (its source has changed on this, docs/FORMATS.md §14).
#include "sqtt/rawatt/AttTokens.h"

#include <stdexcept>

namespace sqtt::rawatt {

const char *generationName(Generation G) {
  switch (G) {
  case Generation::Gfx9: return "gfx9";
  case Generation::Gfx10: return "gfx10";
  case Generation::Gfx11: return "gfx11";
  case Generation::Gfx12: return "gfx12";
  }
  return "?";
}

unsigned gfxipMajor(Generation G) {
  switch (G) {
  case Generation::Gfx9: return 9;
  case Generation::Gfx10: return 10;
  case Generation::Gfx11: return 11;
  case Generation::Gfx12: return 12;
  }
  return 0;
}

namespace rdna {
namespace {

// clang-format off
constexpr Encoding Base[] = {
  //  kind                  pattern     bits len  delta [begin, end)
  {Type::Inst,            0b010,        3, 20,  4,  7},
  {Type::ValuInst,        0b011,        3, 12,  3,  6},
  {Type::ImmOne,          0b1101,       4, 12,  4,  7},
  {Type::Immediate,       0b00100,      5, 24,  5,  8},
  {Type::WaveReady,       0b10100,      5, 24,  5,  8},
  {Type::NewPc,           0b0100001,    7, 64,  8, 11},
  {Type::WaveStart,       0b01100,      5, 32,  5,  7},
  {Type::WaveStartExt,    0b11100,      5, 48,  5,  7},
  {Type::WaveAlloc,       0b00101,      5, 20,  5,  8},
  {Type::WaveEnd,         0b10101,      5, 20,  5,  8},
  {Type::ShaderData,      0b00110,      5, 52,  5,  8},
  {Type::ShaderDataShort, 0b10110,      5, 28,  5,  8},
  {Type::UtilCounter,     0b0110001,    7, 64,  7,  9},
  {Type::Time,            0b1000,       4,  8,  4,  8},
  {Type::Nop,             0b0000,       4,  4,  0,  0},
  {Type::Misc,            0b1010001,    7, 24,  7, 16},
  {Type::Event,           0b01100001,   8, 24,  8, 11},
  {Type::EventSync,       0b11100001,   8, 32,  8, 11},
  {Type::Reg,             0b1001,       4, 64,  4,  7},
  {Type::RegInit,         0b1110001,    7, 64,  7, 10},
  {Type::Timestamp,       0b0000001,    7, 64,  0,  0},
  {Type::Header,          0b0010001,    7, 64,  0,  0},
};
constexpr Encoding Gfx11[] = {
  {Type::UtilCounter,     0b0110001,    7, 48,  7,  9},
  {Type::Timestamp,       0b0000001,    7, 48,  0,  0},
};
constexpr Encoding Gfx12[] = {
  {Type::Inst,            0b010,        3, 20,  3,  6},
  {Type::ShaderData,      0b0000110,    7, 56,  7, 10},
  {Type::ShaderDataShort, 0b1000110,    7, 32,  7, 10},
  {Type::ExecPopcount1,   0b1100110,    7, 24,  7, 10},
  {Type::ExecPopcount3,   0b010110,     6, 48,  6,  9},
  {Type::NewPc,           0b0100001,    7, 72,  8, 11},
  {Type::WaveStartExt,    0b11100,      5, 40,  5,  7},
  {Type::WaveAlloc,       0b00101,      5, 24,  5,  8},
  {Type::Timestamp,       0b0000001,    7, 64,  0,  0},
};
// clang-format on

/// Calls \p F with every prefix of \p G's table in order: the gfx10 base,
/// then gfx11's (gfx12 builds on gfx11), then gfx12's.
template <class Fn> void forEachEncoding(Generation G, Fn &&F) {
  for (const Encoding &E : Base)
    F(E);
  if (G == Generation::Gfx11 || G == Generation::Gfx12)
    for (const Encoding &E : Gfx11)
      F(E);
  if (G == Generation::Gfx12)
    for (const Encoding &E : Gfx12)
      F(E);
}

LookupTable build(Generation G) {
  LookupTable T;
  for (unsigned I = 0; I < 256; ++I) {
    const unsigned Nibble = I & 0xF;
    T[I] = {Type::Unknown, 8, uint8_t(Nibble >= 0xE ? 4 : 0), uint8_t(Nibble >= 0xE ? 6 : 0)};
  }
  forEachEncoding(G, [&T](const Encoding &E) {
    for (unsigned I = E.Pattern; I < 256; I += 1u << E.PatternBits)
      T[I] = {E.Kind, E.Length, E.DeltaBegin, E.DeltaEnd};
  });
  return T;
}

} // namespace

const LookupTable &lookupTable(Generation G) {
  static const LookupTable Tables[] = {build(Generation::Gfx10), build(Generation::Gfx10),
                                       build(Generation::Gfx11), build(Generation::Gfx12)};
  return Tables[size_t(G)];
}

Encoding encodingOf(Generation G, Type Kind) {
  const Encoding *Found = nullptr; // the last prefix of the kind wins, as in the table
  forEachEncoding(G, [&](const Encoding &E) {
    if (E.Kind == Kind)
      Found = &E;
  });
  if (!Found)
    throw std::logic_error("no prefix for this token kind");
  return *Found;
}

} // namespace rdna
} // namespace sqtt::rawatt

namespace sqtt::rawatt {

unsigned shaderDataBits(Generation G) {
  return G == Generation::Gfx9 ? gfx9::LengthBits[gfx9::ShaderData] : rdna::encodingOf(G, rdna::Type::ShaderData).Length;
}

} // namespace sqtt::rawatt
