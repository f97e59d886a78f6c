// EventStore.cpp - a trace directory's Perfetto events, kept out of memory.
#include "sqtt/trace/EventStore.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/ScratchFile.h"

#include <cerrno>
#include <cstring>
#include <string>
#include <unistd.h>

namespace sqtt {

uint64_t EventStore::append(const std::vector<ChromeEvent> &Events) {
  uint64_t First = Count;
  if (Events.empty())
    return First;
  if (!File)
    File.reset(openTemporaryFile("sqtt-events", "the timeline events"));
  // Only appends move the file position (reads use pread), so it is at the end.
  if (std::fwrite(Events.data(), sizeof(ChromeEvent), Events.size(), File.get()) != Events.size() ||
      std::fflush(File.get()) != 0)
    throw Error("cannot write the timeline events to a temporary file: " +
                std::string(std::strerror(errno)) + " (is TMPDIR full?)");
  Count += Events.size();
  return First;
}

void EventStore::read(uint64_t Begin, uint64_t End, std::vector<ChromeEvent> &Out) const {
  Out.resize(End - Begin);
  if (Begin == End)
    return;
  if (!File || End > Count ||
      ::pread(::fileno(File.get()), Out.data(), Out.size() * sizeof(ChromeEvent),
              off_t(Begin * sizeof(ChromeEvent))) != ssize_t(Out.size() * sizeof(ChromeEvent)))
    throw Error("cannot read the timeline events back from the temporary file: " +
                std::string(std::strerror(errno)));
}

} // namespace sqtt
