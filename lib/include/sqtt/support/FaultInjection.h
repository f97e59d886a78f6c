// FaultInjection.h - testing only: dying or failing at the k-th file change.
//
// Crash consistency is claimed only as far as it is tested. Every point where
// the library changes a file (each write of a temporary, each fsync, rename
// and removal) calls faultPoint(). With SQTT_TEST_FAULT=kill@K in the
// environment the process sends itself SIGKILL at the K-th point (nothing is
// flushed, no destructor runs: as if the machine stopped it), with
// SQTT_TEST_FAULT=fail@K the K-th point throws Error like a failing system
// call. Tests iterate K until a run completes. Without the variable a point
// costs one counter increment.
#pragma once

#include <string>

namespace sqtt {

/// One point where a file is about to change; \p What names it for the
/// simulated error.
void faultPoint(const std::string &What);

} // namespace sqtt
