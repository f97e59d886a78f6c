//===- FuncmapParserTest.cpp - funcmap.hpp: rows, diagnostics, encoding ---===//

#include <rocprof_trace_decoder/cxx/code_printing.hpp>
#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include "gtest/gtest.h"

#include <string>

using namespace rocprof_trace_decoder::codeobj;

namespace {

std::string diagnosticsOf(const Funcmap &Map) {
  std::string Out;
  for (const FuncmapDiagnostic &D : Map.diagnostics)
    Out += std::to_string(D.line) + ": " + D.message + "\n";
  return Out;
}

TEST(FuncmapParser, EveryRowType) {
  Funcmap Map = parse_funcmap("M:shader_clock_bits=12;shader_clock_shift=4\n"
                              "F:1:_Z4workv@w.hip:7\n"
                              "K:kernel@k.hip:30\n"
                              "U:2:phase\n"
                              "P:3:value\n"
                              "R:3:extra_payload_count=1\n"
                              "W:64\n"
                              "P:4:addr_trace_load@a.hip:3 -> b.hip:9\n"
                              "R:4:extra_payload_count=130\n");
  EXPECT_EQ(diagnosticsOf(Map), "");
  ASSERT_EQ(Map.entries.size(), 5u);
  EXPECT_EQ(Map.entries[0].type, FuncmapEntryType::Function);
  EXPECT_EQ(Map.entries[0].name, "_Z4workv");
  EXPECT_EQ(Map.entries[0].source_loc, "w.hip:7");
  EXPECT_EQ(Map.entries[1].type, FuncmapEntryType::Kernel);
  EXPECT_EQ(Map.entries[1].name, "kernel");
  EXPECT_EQ(Map.entries[1].source_loc, "k.hip:30");
  EXPECT_EQ(Map.find(2)->type, FuncmapEntryType::User);
  EXPECT_EQ(Map.find(3)->extra_payload_count, 1u);
  EXPECT_EQ(Map.find(4)->source_loc, "a.hip:3 -> b.hip:9");
  EXPECT_EQ(Map.find(4)->extra_payload_count, 130u);
  EXPECT_EQ(Map.find(1)->extra_payload_count, 0u);
  EXPECT_EQ(Map.find(99), nullptr);
  EXPECT_EQ(Map.wave_size, 64u);
  EXPECT_EQ(Map.marker_encoding.shader_clock_bits, 12u);
  EXPECT_EQ(Map.marker_encoding.shader_clock_shift, 4u);
}

TEST(FuncmapParser, LinesSplitOnNewlineAndNulWithTrimming) {
  // Two -fgpu-rdc chunks, CRLF endings, trailing blanks and empty lines.
  std::string Text("K:a\r\nU:1:x  \n\n", 14);
  Text += std::string("\0K:b\nP:2:y\t\n\0", 13);
  Funcmap Map = parse_funcmap(Text);
  EXPECT_EQ(diagnosticsOf(Map), "");
  ASSERT_EQ(Map.entries.size(), 4u);
  EXPECT_EQ(Map.entries[1].name, "x");
  EXPECT_EQ(Map.entries[2].name, "b");
  EXPECT_EQ(Map.entries[3].name, "y");
}

TEST(FuncmapParser, AtSplitsAtTheFirstOne) {
  Funcmap Map = parse_funcmap("P:1:name@a@b\n");
  EXPECT_EQ(Map.find(1)->name, "name");
  EXPECT_EQ(Map.find(1)->source_loc, "a@b");
}

TEST(FuncmapParser, DiagnosticsCarryLineNumbers) {
  Funcmap Map = parse_funcmap("nonsense\n"
                              "F:x:name\n"
                              "U:1:\n"
                              "K:\n"
                              "W:48\n"
                              "R:z:extra_payload_count=1\n"
                              "R:1:other=3\n"
                              "M:shader_clock_bits=12\n"
                              "Q:1:x\n"
                              "P:7:first\n"
                              "P:7:second\n"
                              "R:8:extra_payload_count=2\n");
  EXPECT_EQ(diagnosticsOf(Map),
            "1: malformed row (no prefix:): \"nonsense\"\n"
            "2: malformed F: row (bad ID): \"F:x:name\"\n"
            "3: malformed U: row (empty name): \"U:1:\"\n"
            "4: K: row missing name: \"K:\"\n"
            "5: malformed W: row: \"W:48\"\n"
            "6: malformed R: row (bad ID): \"R:z:extra_payload_count=1\"\n"
            "7: malformed R: row: \"R:1:other=3\"\n"
            "8: malformed M: row: \"M:shader_clock_bits=12\" - using the no-clock layout\n"
            "9: unknown row prefix 'Q': \"Q:1:x\"\n"
            "11: duplicate marker ID 7 - previous \"first\" replaced by \"second\"\n"
            "12: R: row for unknown marker ID 8\n");
  // The last duplicate wins; bad rows are skipped.
  EXPECT_EQ(Map.find(7)->name, "second");
  EXPECT_EQ(Map.entries.size(), 1u);
  EXPECT_FALSE(Map.marker_encoding.has_shader_clock());
  EXPECT_EQ(Map.wave_size, 0u);
}

TEST(FuncmapParser, ChunksOfAnFgpuRdcLinkWithoutThePlugin) {
  // Two units numbered from 1; the same row twice is harmless, a second
  // meaning of an ID is a conflict.
  Funcmap Map = parse_funcmap(std::string("K:kern_a\nU:1:load_a\nP:2:tick\n\0"
                                          "K:kern_b\nU:1:other_b\nP:2:tick\n\0",
                                          61));
  ASSERT_EQ(Map.conflicts.size(), 1u);
  EXPECT_EQ(Map.conflicts[0].id, 1u);
  EXPECT_EQ(Map.conflicts[0].first, "load_a");
  EXPECT_EQ(Map.conflicts[0].second, "other_b");
  EXPECT_EQ(Map.conflicts[0].line, 6u);
  EXPECT_EQ(diagnosticsOf(Map),
            "6: duplicate marker ID 1 - previous \"load_a\" replaced by \"other_b\"\n");

  Funcmap Agreeing = parse_funcmap(std::string("U:1:load\n\0U:1:load\n", 19));
  EXPECT_TRUE(Agreeing.conflicts.empty());
  EXPECT_TRUE(Agreeing.diagnostics.empty());
  EXPECT_EQ(Agreeing.entries.size(), 1u);
}

TEST(FuncmapParser, InvalidMRowsKeepTheNoClockLayout) {
  for (const char *Row : {"M:shader_clock_bits=30;shader_clock_shift=0",
                          "M:shader_clock_bits=12;shader_clock_shift=33",
                          "M:shader_clock_bits=12;shader_clock_shift=21",
                          "M:shader_clock_bits=x;shader_clock_shift=4",
                          "M:shader_clock_bits=12;junk"}) {
    Funcmap Map = parse_funcmap(Row);
    EXPECT_FALSE(Map.marker_encoding.has_shader_clock()) << Row;
    EXPECT_EQ(Map.marker_encoding.marker_id_mask(), 0xFFFFFFFCu) << Row;
    EXPECT_EQ(Map.diagnostics.size(), 1u) << Row;
  }
  // A row without shader_clock_bits is not about the layout: ignored quietly.
  Funcmap Other = parse_funcmap("M:future_key=1");
  EXPECT_TRUE(Other.diagnostics.empty());
  EXPECT_FALSE(Other.marker_encoding.has_shader_clock());
}

TEST(MarkerEncoding, TwelveBitsAtShiftFour) {
  MarkerEncoding E{12, 4};
  EXPECT_TRUE(E.is_valid());
  EXPECT_TRUE(E.has_shader_clock());
  EXPECT_EQ(E.marker_id_mask(), 0x000FFFFCu);
  EXPECT_EQ(E.packed_shader_clock_mask(), 0xFFF00000u);
  EXPECT_EQ(E.shader_clock_source_mask(), 0x0000FFF0u);
  EXPECT_EQ(E.decode_shader_clock(0xABC00006u), 0xABCu);
  MarkerValue V = decode_marker_value(0xABC00006u, E);
  EXPECT_EQ(V.id, 1u);
  EXPECT_TRUE(V.is_enter);
  EXPECT_FALSE(V.exit_prev);
}

TEST(MarkerEncoding, NoClockLayout) {
  MarkerEncoding E;
  EXPECT_TRUE(E.is_valid());
  EXPECT_FALSE(E.has_shader_clock());
  EXPECT_EQ(E.marker_id_mask(), 0xFFFFFFFCu);
  EXPECT_EQ(E.packed_shader_clock_mask(), 0u);
  EXPECT_EQ(E.shader_clock_source_mask(), 0u);
  EXPECT_EQ(E.decode_shader_clock(0xFFFFFFFFu), 0u);
  EXPECT_EQ(decode_marker_value(0xABC00006u, E).id, 0xABC00006u >> 2);
}

TEST(MarkerEncoding, InvalidLayoutsDecodeAsLegacy) {
  MarkerEncoding TooWide{30, 0};
  EXPECT_FALSE(TooWide.is_valid());
  EXPECT_EQ(TooWide.marker_id_mask(), 0xFFFFFFFCu);
  EXPECT_EQ(TooWide.packed_shader_clock_mask(), 0u);
  MarkerEncoding OutOfWindow{12, 21};
  EXPECT_FALSE(OutOfWindow.is_valid());
  EXPECT_EQ(decode_marker_value(0x80000004u, OutOfWindow).id, 0x20000001u);
}

TEST(MarkerDecoding, LegacyLayout) {
  MarkerValue V = decode_marker_value((5u << 2) | 3u);
  EXPECT_EQ(V.id, 5u);
  EXPECT_TRUE(V.is_enter);
  EXPECT_TRUE(V.exit_prev);
  static_assert(decode_marker_value(8u).id == 2, "constexpr legacy decode");
}

TEST(MarkerDecoding, PackedOnlyForKnownIDsAndBareExits) {
  Funcmap Map = parse_funcmap("M:shader_clock_bits=12;shader_clock_shift=4\nU:3:known\n");
  // A packed enter of known ID 3.
  MarkerValue Known = decode_marker_value(0x12300000u | (3u << 2) | 2u, Map);
  EXPECT_EQ(Known.id, 3u);
  // A packed bare exit.
  MarkerValue Exit = decode_marker_value(0x45600001u, Map);
  EXPECT_EQ(Exit.id, 0u);
  EXPECT_TRUE(Exit.exit_prev);
  // An unregistered numeric point stays legacy, whatever its high bits.
  MarkerValue Numeric = decode_marker_value(0x12300000u | (9u << 2), Map);
  EXPECT_EQ(Numeric.id, (0x12300000u | (9u << 2)) >> 2);
  // Without an M: row everything is legacy.
  Funcmap Legacy = parse_funcmap("U:3:known\n");
  EXPECT_EQ(decode_marker_value(0x12300000u | (3u << 2), Legacy).id,
            (0x12300000u | (3u << 2)) >> 2);
}

TEST(CodeobjMap, LookupAndFallback) {
  CodeobjMap Map;
  Map.addFuncmap(7, parse_funcmap("M:shader_clock_bits=12;shader_clock_shift=4\nF:1:f\n"));
  EXPECT_EQ(Map.getFuncmap(7).marker_encoding.shader_clock_bits, 12u);
  EXPECT_THROW(Map.getFuncmap(8), std::out_of_range);
  EXPECT_EQ(Map.decodeMarkerValue(7, 0xFFF00006u).id, 1u);
  // Unknown code object: the legacy layout.
  EXPECT_EQ(Map.decodeMarkerValue(8, 0xFFF00006u).id, 0xFFF00006u >> 2);
}

TEST(FuncmapSection, ElfLevelErrors) {
  const char NotElf[64] = "hello";
  EXPECT_THROW(parse_funcmap_section(NotElf, sizeof NotElf), std::runtime_error);
  char Elf32[64] = {0x7f, 'E', 'L', 'F', 1, 1};
  try {
    parse_funcmap_section(Elf32, sizeof Elf32);
    FAIL() << "ELF32 accepted";
  } catch (const std::runtime_error &E) {
    EXPECT_STREQ(E.what(), "not ELF64 (EI_CLASS)");
  }
  // A well-formed ELF64 header with no sections: an empty map.
  char NoSections[64] = {0x7f, 'E', 'L', 'F', 2, 1};
  EXPECT_TRUE(parse_funcmap_section(NoSections, sizeof NoSections).empty());
}

} // namespace
