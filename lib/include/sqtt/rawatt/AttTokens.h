// AttTokens.h - the token layouts of raw SQTT streams (the .att files), per
// GPU generation: one definition that the reader and the encoder both use,
// so a field cannot be read from one place and written to another.
//
// Facts and their sources: docs/FORMATS.md §14 (from AMD's MIT-licensed
// decoder source). Bit positions count from the token's first bit.
#pragma once

#include <array>
#include <cstdint>

namespace sqtt::rawatt {

/// A bit field of a token: Width bits starting at bit Lo.
struct Field {
  uint8_t Lo = 0, Width = 0;
  constexpr uint64_t mask() const { return Width >= 64 ? ~uint64_t(0) : (uint64_t(1) << Width) - 1; }
  constexpr uint64_t get(uint64_t Token) const { return (Token >> Lo) & mask(); }
  constexpr uint64_t put(uint64_t Token, uint64_t Value) const {
    return (Token & ~(mask() << Lo)) | ((Value & mask()) << Lo);
  }
};

enum class Generation : uint8_t { Gfx9, Gfx10, Gfx11, Gfx12 };
const char *generationName(Generation G);
/// The gfxip major of a generation (9 to 12), as a tree's filenames.json
/// and the hardware ids spell it.
unsigned gfxipMajor(Generation G);
/// The bits an s_ttracedata record's token takes in a generation's stream:
/// what a record costs of the trace buffer.
unsigned shaderDataBits(Generation G);

/// The software header of a gfx9 buffer (8 bytes, written by the capture
/// library; gfx10+ buffers start with the hardware HEADER token instead).
namespace gfx9header {
inline constexpr Field LegacyVersion{0, 13}; // 0x11 or 0
inline constexpr Field Version{13, 3};       // 4 MI200 and older, 5 MI300, 6 MI350
inline constexpr Field SimdMask{16, 4};
inline constexpr Field TargetCU{20, 5};
inline constexpr Field SEID{26, 6};
inline constexpr uint64_t Bytes = 8;
} // namespace gfx9header

/// gfx9 (gfx90a, gfx942, gfx950): fixed-length tokens, the type in the low
/// 4 bits of the first little-endian 16-bit word.
namespace gfx9 {
enum Type : uint8_t {
  Misc = 0, Time, Reg, WaveStart, WaveAlloc, RegCs, WaveEnd, Event,
  EventCs, EventGfx1, Inst, InstPc, ShaderData, Issue, Perf, RegCsPriv
};
inline constexpr std::array<uint8_t, 16> LengthBits = {16, 64, 64, 32, 16, 48, 16, 16,
                                                       16, 16, 16, 64, 48, 32, 64, 48};
inline constexpr Field TypeBits{0, 4};
/// Time advances by 4 cycles per unit of delta.
inline constexpr Field Delta{4, 1};
inline constexpr Field MiscDelta{4, 8};
inline constexpr Field MiscType{13, 3};
enum MiscKind : uint8_t { MiscTime = 0, MiscTimeReset = 1, MiscPacketLost = 2 };
inline constexpr Field TimeValue{16, 48};
// Waves and shader data: where the wave runs.
inline constexpr Field SH{5, 1}, CU{6, 4}, Slot{10, 4}, SIMD{14, 2};
inline constexpr unsigned MaxSlot = 9;
inline constexpr Field WavePipe{16, 2}, WaveMe{18, 2}, WaveCount{22, 7};
/// A WAVE_START of the target CU with a count above this is a context
/// save or restore, not a launch.
inline constexpr unsigned ContextCount = 64;
inline constexpr Field Data{16, 32};
/// INST: an instruction of a target-CU wave (its slot and SIMD).
inline constexpr Field InstSlot{5, 4}, InstSIMD{9, 2};
// Register writes.
inline constexpr Field RegPipe{5, 2}, RegMe{7, 2}, RegEnabled{15, 1}, RegAddr{16, 16}, RegData{32, 32};
inline constexpr Field RegCsAddr{9, 7}, RegCsData{16, 32};
} // namespace gfx9

/// gfx10, gfx11, gfx12: a little-endian bit stream of tokens that start on
/// nibble boundaries; the type comes from the 8 bits at the token start.
namespace rdna {
enum class Type : uint8_t {
  Unknown, Nop, Inst, ValuInst, ImmOne, Immediate, WaveReady, NewPc, WaveStart, WaveStartExt,
  WaveAlloc, WaveEnd, ShaderData, ShaderDataShort, UtilCounter, Time, Misc, Event, EventSync,
  Reg, RegInit, Timestamp, Header, ExecPopcount1, ExecPopcount3
};
/// One prefix: Pattern in the low PatternBits bits; the token is Length
/// bits long and its time delta is bits [DeltaBegin, DeltaEnd).
struct Encoding {
  Type Kind;
  uint8_t Pattern, PatternBits, Length, DeltaBegin, DeltaEnd;
};
struct TokenInfo {
  Type Kind = Type::Unknown;
  uint8_t Length = 4, DeltaBegin = 0, DeltaEnd = 0;
};
using LookupTable = std::array<TokenInfo, 256>;
/// The lookup table of a generation: the gfx10 prefixes, then the
/// generation's own (later prefixes overwrite what they match).
const LookupTable &lookupTable(Generation G);
/// The prefix a token of \p Kind is written with (the encoder's side).
Encoding encodingOf(Generation G, Type Kind);

// HEADER, the first token of a buffer.
inline constexpr Field HeaderVersion{7, 6};
inline constexpr Field HeaderSIMD{13, 2}, HeaderWGP{15, 3}, HeaderSA{19, 1};
/// HEADER version -> generation: 1, 2 gfx10; 3 gfx11; 4 gfx12; 5 MI400.
inline constexpr unsigned VersionGfx11 = 3, VersionGfx12 = 4, VersionMI400 = 5;

/// Where a wave runs, in the layouts of WAVE_START, WAVE_END and the shader
/// data tokens. The exported cu is (sa << CuSaShift) + wgp.
struct SlotLayout {
  Field SA, SIMD, WGP, Slot;
};
inline constexpr unsigned CuSaShift = 7;
/// gfx10/gfx11 (tt_version <= 3) and gfx12 (tt_version 4).
inline constexpr SlotLayout WaveStart10{{7, 1}, {8, 2}, {10, 3}, {13, 5}};
inline constexpr SlotLayout WaveStart12{{7, 1}, {8, 2}, {10, 4}, {15, 5}};
inline constexpr Field WaveStartPipe10{21, 2}, WaveStartMe10{23, 1}, WaveStartCount10{25, 7};
inline constexpr Field WaveStartPipe12{20, 2}, WaveStartMe12{22, 1}, WaveStartCount12{25, 7};
/// Counts [66, 90) are context save/restore; a bit per count says which.
inline constexpr unsigned ContextBegin = 66, ContextEnd = 90;
inline constexpr uint32_t ContextSaves = 0b0000110011, ContextRestores = 0b1111001100;
inline constexpr SlotLayout WaveEnd10{{8, 1}, {9, 2}, {11, 3}, {15, 5}};
inline constexpr SlotLayout WaveEnd12{{8, 1}, {9, 2}, {11, 4}, {15, 5}};
inline constexpr SlotLayout Data10{{8, 1}, {9, 2}, {11, 3}, {15, 5}};
inline constexpr SlotLayout Data12{{10, 1}, {11, 2}, {13, 4}, {17, 5}};
/// gfx10/gfx11: bit 14 of a shader-data token; gfx11 drops such records.
inline constexpr Field DataInvalid10{14, 1};
inline constexpr Field DataValue10{20, 32}, DataShortValue10{20, 8};
inline constexpr Field DataValue12{22, 32}, DataShortValue12{22, 8};
/// gfx12: a nonzero sdt marks a privileged record (the trap handler's).
inline constexpr Field DataSdt12{54, 2}, DataShortSdt12{30, 2};
// Register writes.
inline constexpr Field RegPipe{7, 2}, RegMe{9, 2}, RegCS{15, 1}, RegAddr{16, 16}, RegData{32, 32};
// TIMESTAMP: gfx10 type 1 advances the clock and type 2 is a realtime
// sample; gfx11/12 say so with the rt and pl bits.
inline constexpr Field Timestamp10Type{14, 2}, Timestamp10Time{16, 48};
inline constexpr Field Timestamp11PL{8, 1}, Timestamp11RT{9, 1}, Timestamp11Time{12, 36};
inline constexpr Field Timestamp12RT{7, 1}, Timestamp12PL{8, 1}, Timestamp12Time{12, 52};
/// MISC bit 16: a packet was lost, on tt_version <= 2.
inline constexpr Field MiscPacketLost{16, 1};
/// TIME tokens add their delta plus this.
inline constexpr unsigned TimeDeltaBias = 4;
} // namespace rdna

/// The capture library's instrumentation packets, written to the
/// USERDATA_2 and USERDATA_3 registers (register writes in the stream):
/// code object loads with their address ranges, and realtime samples.
namespace userdata {
inline constexpr uint16_t Userdata2 = 0xC342, Userdata3 = 0xC343;
/// '\0', 'R', 'O', 'C' in a USERDATA_2 write turns the packets on.
inline constexpr uint32_t RocFormat = 0x434F5200;
inline constexpr Field Opcode{0, 8}, Kind{8, 4}, Data20{12, 20};
enum OpcodeKind : uint8_t { CodeObject = 4, RtTimestamp = 5, AgentInfo = 6, RtTimestampLo32 = 7 };
enum CodeObjectField : uint8_t { Tail = 0, SizeLo, AddrLo, AddrHi, SizeHi, IdLo, IdHi, WaitForHeader };
inline constexpr Field TailUnload{0, 1}, TailFromStart{1, 1}, TailLegacyId{2, 30};
// Compute registers (REG_CS on gfx9, REG with CS set on gfx10+).
inline constexpr uint16_t ComputePgmLo = 0xC, ComputePgmHi = 0xD;
/// Wave start addresses are COMPUTE_PGM << 8, 48 bits.
inline constexpr unsigned PgmShift = 8;
inline constexpr uint64_t PcMask = (uint64_t(1) << 48) - 1;
} // namespace userdata

} // namespace sqtt::rawatt
