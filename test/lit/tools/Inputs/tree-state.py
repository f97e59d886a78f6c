#!/usr/bin/env python3
"""tree-state.py DIR... - one line per entry under each DIR: type, mode,
owner, size, inode, modification time (files) and (for regular files up to 1 MiB) a
hash of the contents. Two equal outputs mean nothing was changed, created or
removed. Never opens anything but small regular files (FIFOs stay unread)."""
import hashlib
import os
import stat
import sys

for root in sys.argv[1:]:
    entries = [root]
    for base, dirs, files in os.walk(root):
        entries += [os.path.join(base, n) for n in sorted(dirs + files)]
    for path in sorted(entries):
        st = os.lstat(path)
        digest = ""
        if stat.S_ISREG(st.st_mode) and st.st_size <= 1 << 20:
            with open(path, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()[:16]
        elif stat.S_ISLNK(st.st_mode):
            digest = "-> " + os.readlink(path)
        # A directory's own time changes with the lock file a run creates
        # and removes; its entries are what matter, and they are listed.
        mtime = "-" if stat.S_ISDIR(st.st_mode) else st.st_mtime_ns
        print(f"{stat.filemode(st.st_mode)} {st.st_uid}:{st.st_gid} {st.st_size} {st.st_ino} "
              f"{mtime} {path} {digest}")
