//===- ScopeMaskTest.cpp - plugin and markers.hpp read masks alike ---------===//
//
// The plugin (SQTT_SCOPE_* at compile time) and markers.hpp's host helper
// sqtt::parse_env_mask (at launch time) must agree on every value, or host
// launch logic and device code disagree about which waves trace. Both run on
// the same table, and each row states what the value means.
//
//===----------------------------------------------------------------------===//

#include "SQTTConfig.h"
#include "SQTTConfigSection.h"

#include "rocprof_trace_decoder/cxx/config_section.hpp"
#include "rocprof_trace_decoder/cxx/markers.hpp"

#include "gtest/gtest.h"

#include <cstdlib>
#include <optional>
#include <string>

using namespace sqtt;

namespace {

struct MaskRow {
  const char *Text;
  std::optional<uint32_t> Expected; // nullopt: invalid, the default is used
};

const MaskRow Table[] = {
    {"3", 3u},
    {"0x3", 3u},
    {"0X1f", 0x1Fu},
    {"0b101", 5u},
    {"0B11", 3u},
    {"0o17", 15u},
    {"017", 15u},
    {"0", 0u},
    {"00", 0u},
    {"-1", 0xFFFFFFFFu},
    {"4294967295", 0xFFFFFFFFu},
    {"0xffffffff", 0xFFFFFFFFu},
    {"", std::nullopt}, // empty: the default, and no warning from the plugin
    {" 3", std::nullopt},
    {"3 ", std::nullopt},
    {"+3", std::nullopt},
    {"-2", std::nullopt},
    {"-0", std::nullopt},
    {"0x1ffffffff", std::nullopt},
    {"4294967296", std::nullopt},
    {"99999999999999999999999", std::nullopt},
    {"0x", std::nullopt},
    {"08", std::nullopt},
    {"0b102", std::nullopt},
    {"0O17", std::nullopt},
    {"3k", std::nullopt},
    {"all", std::nullopt},
};

constexpr uint32_t Default = 0x5u; // Not a value of any valid row above.

uint32_t pluginMask(const char *Text, bool &Warned) {
  Config Cfg = Config::parse([&](const char *Name) -> const char * {
    return std::string(Name) == "SQTT_SCOPE_SIMD" ? Text : nullptr;
  });
  Warned = !Cfg.Diagnostics.empty();
  return Cfg.Scope.simd;
}

uint32_t headerMask(const char *Text, uint32_t Def) {
  ::setenv("SQTT_TEST_SCOPE_MASK", Text, 1);
  uint32_t V = sqtt::parse_env_mask("SQTT_TEST_SCOPE_MASK", Def);
  ::unsetenv("SQTT_TEST_SCOPE_MASK");
  return V;
}

TEST(ScopeMask, PluginAndHeaderAcceptTheSameValues) {
  const uint32_t PluginDefault = Config().Scope.simd;
  for (const MaskRow &Row : Table) {
    SCOPED_TRACE(std::string("value '") + Row.Text + "'");
    bool Warned = false;
    uint32_t FromPlugin = pluginMask(Row.Text, Warned);
    uint32_t FromHeader = headerMask(Row.Text, Default);
    if (Row.Expected) {
      EXPECT_EQ(FromPlugin, *Row.Expected);
      EXPECT_FALSE(Warned);
      EXPECT_EQ(FromHeader, *Row.Expected);
    } else {
      EXPECT_EQ(FromPlugin, PluginDefault);
      // Every invalid value but the empty one is reported by the plugin.
      EXPECT_EQ(Warned, *Row.Text != '\0');
      EXPECT_EQ(FromHeader, Default);
    }
    // The shared parser itself.
    EXPECT_EQ(parse_scope_mask(Row.Text), Row.Expected);
  }
}

TEST(ScopeMask, UnsetGivesTheDefault) {
  ::unsetenv("SQTT_TEST_SCOPE_MASK");
  EXPECT_EQ(sqtt::parse_env_mask("SQTT_TEST_SCOPE_MASK", Default), Default);
  EXPECT_EQ(sqtt::parse_env_mask("SQTT_TEST_SCOPE_MASK"), 0xFFFFFFFFu);
}

// The masks the plugin writes into .sqtt_config read back through the
// section's grammar (config_section.hpp) as the same masks: one type, one
// grammar for the writer and every reader.
TEST(ScopeMask, ConfigSectionTextReadsBackAsTheSameMasks) {
  Config Cfg = Config::parse([](const char *Name) -> const char * {
    std::string N = Name;
    return N == "SQTT_SCOPE_WAVE" ? "0b1010" : N == "SQTT_SCOPE_CU" ? "0x1f" : N == "SQTT_SCOPE_WG" ? "7" : nullptr;
  });
  ASSERT_TRUE(Cfg.Diagnostics.empty());
  std::string Text = configSectionText(Cfg, {"unscoped_fn"});
  // Two units built alike, and a damaged text the plugin did not write.
  std::string Section = Text + std::string(1, '\0') + Text + std::string(1, '\0') + "scope_cu=0x1";
  std::vector<std::string_view> Texts;
  sqtt_config_section::for_each_text(Section, [&](std::string_view T) { Texts.push_back(T); });
  ASSERT_EQ(Texts.size(), 1u);
  sqtt_hardware_ids::scope_masks Read = sqtt_hardware_ids::scope_masks::every_id();
  unsigned Settings = 0;
  sqtt_config_section::for_each_setting(Texts[0], [&](std::string_view K, std::string_view V) {
    ++Settings;
    EXPECT_TRUE(sqtt_config_section::apply_scope_setting(Read, K, V)) << K << "=" << V;
  });
  EXPECT_EQ(Read, Cfg.Scope);
  EXPECT_EQ(Read.wave, 0xAu);
  EXPECT_EQ(Read.simd, sqtt_hardware_ids::default_simd_mask);
  EXPECT_EQ(Settings, std::size(sqtt_config_section::keys) + 1); // every key, then the unscoped line
  EXPECT_NE(Text.find("scope_cu=0x1f\n"), std::string::npos);
}

TEST(ScopeMask, ABadMaskInTheSectionIsRefusedAndChangesNothing) {
  sqtt_hardware_ids::scope_masks M;
  EXPECT_FALSE(sqtt_config_section::apply_scope_setting(M, "scope_simd", "0x1ffffffff"));
  EXPECT_EQ(M, sqtt_hardware_ids::scope_masks{});
  EXPECT_TRUE(sqtt_config_section::apply_scope_setting(M, "memory", "off"));
  EXPECT_TRUE(sqtt_config_section::apply_scope_setting(M, "scope_simd", "-1"));
  EXPECT_EQ(M.simd, ~0u);
}

} // namespace
