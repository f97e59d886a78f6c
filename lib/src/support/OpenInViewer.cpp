// OpenInViewer.cpp - handing an output file to the desktop's viewer.
#include "sqtt/support/OpenInViewer.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>

extern char **environ;

namespace sqtt {

bool openInViewer(const std::string &Path) {
  posix_spawn_file_actions_t Actions;
  if (posix_spawn_file_actions_init(&Actions) != 0)
    return false;
  posix_spawn_file_actions_addopen(&Actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&Actions, 2, "/dev/null", O_WRONLY, 0);
  std::string Program = "xdg-open";
  char *Argv[] = {Program.data(), const_cast<char *>(Path.c_str()), nullptr};
  pid_t Pid;
  int Spawned = posix_spawnp(&Pid, Argv[0], &Actions, nullptr, Argv, environ);
  posix_spawn_file_actions_destroy(&Actions);
  if (Spawned != 0)
    return false;
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0)
    if (errno != EINTR)
      return false;
  return WIFEXITED(Status) && WEXITSTATUS(Status) == 0;
}

} // namespace sqtt
