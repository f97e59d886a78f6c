// ChromeTraceWriter.cpp - one trace directory as Chrome trace JSON.
//
// pid = dispatch, tid = wave instance (D8), metadata events first; slices are
// B/E pairs that nest per thread, points are thread-scoped instants.
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/TraceWriters.h"

#include <charconv>
#include <cmath>
#include <set>
#include <sstream>
#include <unordered_map>
#include <climits>

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
  // Every event is four pieces: phase, time, the wave's pid/tid, and the
  // name/category tail; the last two are built once and reused.
  std::unordered_map<uint64_t, std::string> Tails; // (name << 2 | cat) -> tail
  auto Tail = [&](const ChromeEvent &E) -> const std::string & {
    uint64_t Key = (uint64_t(E.Name) << 2) | uint64_t(E.Category);
    auto [It, New] = Tails.try_emplace(Key);
    if (New) {
      std::ostringstream Tmp;
      Tmp << ",\"name\":";
      writeJsonString(Tmp, Names.str(E.Name));
      Tmp << ",\"cat\":\"" << Categories[int(E.Category)] << '"'
          << (E.Category == MarkerType::Point ? ",\"s\":\"t\"}" : "}");
      It->second = Tmp.str();
    }
    return It->second;
  };
  std::string Thread;
  char Num[32];
  std::vector<ChromeEvent> Events;
  for (const WaveEvents &W : Dir.Waves) {
    Dir.Events.read(W.Begin, W.End, Events);
    int32_t ThreadPid = INT32_MIN;
    for (const ChromeEvent &E : Events) {
      if (E.Pid != ThreadPid) {
        ThreadPid = E.Pid;
        Thread = ",\"pid\":" + std::to_string(E.Pid) + ",\"tid\":" + std::to_string(W.Tid);
      }
      Out += First ? "" : ",\n";
      First = false;
      Out += E.Ph == ChromeEvent::Begin ? "{\"ph\":\"B\",\"ts\":"
             : E.Ph == ChromeEvent::End ? "{\"ph\":\"E\",\"ts\":"
                                        : "{\"ph\":\"i\",\"ts\":";
      if (TimeScale == 1.0) { // Cycles as they are: an integer with ".0".
        auto [End, Ec] = std::to_chars(Num, Num + sizeof Num, E.Time);
        Out.append(Num, size_t(End - Num));
        Out += ".0";
      } else {
        writeTime(Out, double(E.Time) * TimeScale);
      }
      Out += Thread;
      if (E.Ph == ChromeEvent::End)
        Out += '}';
      else
        Out += Tail(E);
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
