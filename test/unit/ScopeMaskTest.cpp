//===- ScopeMaskTest.cpp - plugin and markers.hpp read masks alike ---------===//
//
// The plugin (SQTT_SCOPE_* at compile time) and markers.hpp's host helper
// sqtt::parse_env_mask (at launch time) must agree on every value, or host
// launch logic and device code disagree about which waves trace. Both run on
// the same table, and each row states what the value means.
//
//===----------------------------------------------------------------------===//

#include "SQTTConfig.h"

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
  return Cfg.ScopeSimd;
}

uint32_t headerMask(const char *Text, uint32_t Def) {
  ::setenv("SQTT_TEST_SCOPE_MASK", Text, 1);
  uint32_t V = sqtt::parse_env_mask("SQTT_TEST_SCOPE_MASK", Def);
  ::unsetenv("SQTT_TEST_SCOPE_MASK");
  return V;
}

TEST(ScopeMask, PluginAndHeaderAcceptTheSameValues) {
  const uint32_t PluginDefault = Config().ScopeSimd;
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

} // namespace
