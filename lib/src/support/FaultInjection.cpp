// FaultInjection.cpp - testing only: dying or failing at the k-th file change.
#include "sqtt/support/FaultInjection.h"
#include "sqtt/support/Error.h"

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace sqtt {

namespace {

struct FaultPlan {
  bool Kill = false;
  unsigned long At = 0; // 0: never
};

FaultPlan planFromEnvironment() {
  FaultPlan P;
  const char *Spec = std::getenv("SQTT_TEST_FAULT");
  if (!Spec)
    return P;
  const char *At = std::strchr(Spec, '@');
  if (!At)
    return P;
  P.Kill = std::strncmp(Spec, "kill", size_t(At - Spec)) == 0;
  bool Fail = std::strncmp(Spec, "fail", size_t(At - Spec)) == 0;
  if (P.Kill || Fail)
    P.At = std::strtoul(At + 1, nullptr, 10);
  return P;
}

} // namespace

void faultPoint(const std::string &What) {
  static const FaultPlan Plan = planFromEnvironment();
  static std::atomic<unsigned long> Count{0};
  if (Plan.At == 0)
    return;
  if (++Count != Plan.At)
    return;
  if (Plan.Kill) {
    ::kill(::getpid(), SIGKILL);
    ::_exit(137); // not reached
  }
  throw Error(What + ": simulated failure (SQTT_TEST_FAULT)");
}

} // namespace sqtt
