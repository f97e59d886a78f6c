// ChromeTraceWriter.cpp - one trace directory as Chrome trace JSON.
//
// pid = dispatch, tid = wave instance (D8), metadata events first; slices are
// B/E pairs that nest per thread, points are thread-scoped instants.
#include "sqtt/TraceWriters.h"

#include <charconv>
#include <cmath>
#include <set>
#include <sstream>

namespace sqtt {

namespace {

void writeTime(std::string &Out, double T) {
  char Buf[64];
  auto [End, Ec] = std::to_chars(Buf, Buf + sizeof Buf, T);
  std::string_view S(Buf, size_t(End - Buf));
  Out.append(S);
  if (S.find_first_of(".e") == std::string_view::npos && std::isfinite(T))
    Out += ".0";
}

std::string threadName(SlotKey Slot, uint32_t Instance) {
  return "SE" + std::to_string(slotSE(Slot)) + "/CU" + std::to_string(slotCU(Slot)) + "/SIMD" +
         std::to_string(slotSIMD(Slot)) + "/W" + std::to_string(slotWave(Slot)) + "#" +
         std::to_string(Instance);
}

} // namespace

void writeChromeTrace(std::ostream &OS, const DirResult &Dir, const NameTable &Names,
                      double TimeScale) {
  std::string Out = "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[";
  bool First = true;
  auto Sep = [&] {
    if (!First)
      Out += ",\n";
    First = false;
  };
  std::set<int64_t> Pids;
  for (const ThreadInfo &T : Dir.Threads)
    Pids.insert(T.Pid);
  for (int64_t Pid : Pids) {
    Sep();
    auto It = Dir.ProcessNames.find(Pid);
    std::string Name = It != Dir.ProcessNames.end() ? It->second : "dispatch " + std::to_string(Pid);
    Out += "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + std::to_string(Pid) +
           ",\"args\":{\"name\":";
    std::ostringstream Tmp;
    writeJsonString(Tmp, Name);
    Out += Tmp.str() + "}}";
  }
  for (const ThreadInfo &T : Dir.Threads) {
    Sep();
    Out += "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + std::to_string(T.Pid) +
           ",\"tid\":" + std::to_string(T.Tid) + ",\"args\":{\"name\":\"" +
           threadName(T.Slot, T.Instance) + "\"}}";
  }
  OS << Out;
  Out.clear();
  static const char *Categories[] = {"sqtt.function", "sqtt.user", "sqtt.point"};
  char Num[32];
  auto AppendInt = [&](int64_t V) {
    auto [End, Ec] = std::to_chars(Num, Num + sizeof Num, V);
    Out.append(Num, size_t(End - Num));
  };
  std::string QuotedName;
  uint32_t LastName = UINT32_MAX;
  for (const WaveEvents &W : Dir.Waves) {
    auto [TidEnd, TidEc] = std::to_chars(Num, Num + sizeof Num, W.Tid);
    std::string Tid(Num, size_t(TidEnd - Num));
    const std::vector<ChromeEvent> &Events = Dir.EngineEvents[W.Engine];
    for (size_t I = W.Begin; I < W.End; ++I) {
      const ChromeEvent &E = Events[I];
      Sep();
      Out += E.Ph == ChromeEvent::Begin ? "{\"ph\":\"B\",\"ts\":"
             : E.Ph == ChromeEvent::End ? "{\"ph\":\"E\",\"ts\":"
                                        : "{\"ph\":\"i\",\"ts\":";
      writeTime(Out, double(E.Time) * TimeScale);
      Out += ",\"pid\":";
      AppendInt(E.Pid);
      Out += ",\"tid\":";
      Out += Tid;
      if (E.Ph != ChromeEvent::End) {
        if (E.Name != LastName) {
          std::ostringstream Tmp;
          writeJsonString(Tmp, Names.str(E.Name));
          QuotedName = Tmp.str();
          LastName = E.Name;
        }
        Out += ",\"name\":";
        Out += QuotedName;
        Out += ",\"cat\":\"";
        Out += Categories[int(E.Category)];
        Out += '"';
        if (E.Ph == ChromeEvent::Instant)
          Out += ",\"s\":\"t\"";
      }
      Out += '}';
      if (Out.size() > (1 << 20)) {
        OS << Out;
        Out.clear();
      }
    }
  }
  Out += "]}\n";
  OS << Out;
}

} // namespace sqtt
