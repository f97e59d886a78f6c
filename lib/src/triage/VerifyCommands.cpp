//===- VerifyCommands.cpp - the command that shows a finding's evidence ---===//
//
// Every finding carries a command line of this project's tools that shows
// the numbers it rests on, with the paths the user gave sqtt-triage. Each
// command exits 0, or 1 where the tool's status means it found something
// (sqtt-verify --trace with incomplete waves, --perturbation with a
// perturbed kernel); test/lit/tools/triage-verify-commands-run.test runs
// every one.
//
//===----------------------------------------------------------------------===//
#include "TriageContext.h"

namespace sqtt::triage {

std::string TriageContext::shellQuote(const std::string &S) {
  if (!S.empty() && S.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:+,@%") ==
                        std::string::npos)
    return S;
  std::string Out = "'";
  for (char C : S)
    Out += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Out + "'";
}

std::string TriageContext::kernelFilter(const std::string &Kernel) {
  std::string Regex = "^";
  for (char C : Kernel) {
    if (std::string("\\^$.|?*+()[]{}").find(C) != std::string::npos)
      Regex += '\\';
    Regex += C;
  }
  return "--kernel " + shellQuote(Regex + "$");
}

std::string TriageContext::codeObjectArgs() const {
  std::string Out = O.Demangle ? " -d" : "";
  for (const std::string &C : O.CodeObjects)
    Out += " -c " + shellQuote(C);
  return Out;
}

std::string TriageContext::statsCommand(const std::string &Extra, std::optional<int64_t> Only) const {
  if (O.Dispatch)
    Only = O.Dispatch;
  std::string Dispatch = Only ? " --dispatch " + std::to_string(*Only) : "";
  return "sqtt-stats " + shellQuote(O.TracePath) + codeObjectArgs() + Dispatch + (Extra.empty() ? "" : " " + Extra);
}

std::string TriageContext::memoryCommand() const {
  std::string Dispatch = O.Dispatch ? " --dispatch " + std::to_string(*O.Dispatch) : "";
  return "sqtt-memory-trace " + shellQuote(O.TracePath) + codeObjectArgs() + Dispatch + " --summary > /dev/null";
}

std::string TriageContext::verifyTraceCommand() const {
  std::string Out = "sqtt-verify --trace " + shellQuote(O.TracePath);
  for (const std::string &C : O.CodeObjects)
    Out += " " + shellQuote(C);
  return Out;
}

std::string TriageContext::costCommand() const {
  std::string Out = "sqtt-verify --cost --trace " + shellQuote(O.TracePath);
  for (const std::string &C : O.CodeObjects)
    Out += " " + shellQuote(C);
  return Out;
}

std::string TriageContext::perturbationCommand() const {
  std::string Out = "sqtt-verify --perturbation";
  if (!O.Plain.empty())
    Out += " " + shellQuote(O.Plain.front());
  if (!O.CodeObjects.empty())
    Out += " " + shellQuote(O.CodeObjects.front());
  return Out;
}

std::string TriageContext::baselineCommand() const {
  return "sqtt-flamegraph " + shellQuote(O.TracePath) + codeObjectArgs() + " --baseline " +
         shellQuote(O.BaselinePath) + " --no-svg";
}

} // namespace sqtt::triage
