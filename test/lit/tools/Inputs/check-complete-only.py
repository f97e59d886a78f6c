#!/usr/bin/env python3
"""check-complete-only.py REPORT LOSSLESS_WAVES LOSSY_COMPLETE_ONLY_WAVES

The waves sqtt-stats --waves lists with --complete-only on a lossy trace are
exactly the report's complete waves that ended in the capture, and each has
the lifetime and scoped cycles the same wave has in the lossless trace of
the same seed: what is left rests on waves that lost nothing. Prints a
summary; exits 1 on the first violation.
"""
import json
import sys

report, lossless, lossy = (json.load(open(p)) for p in sys.argv[1:4])


def key(w, dir_key):
    return (w[dir_key].rstrip("/").rsplit("/", 1)[-1] if dir_key == "dir" else w["wave"].split("/")[0],
            w["se"], w["cu"], w["simd"], w["slot"], w["begin"] if "begin" in w else w["launch"])


complete = {key(w, "dir") for w in report["waves"] if w["status"] == "complete"}
incomplete = {key(w, "dir") for w in report["waves"] if w["status"] == "incomplete"}
full = {key(w, "wave"): w for w in lossless}
kept = {key(w, "wave"): w for w in lossy}
if kept.keys() & incomplete:
    print(f"FAIL: incomplete waves kept, e.g. {sorted(kept.keys() & incomplete)[0]}")
    sys.exit(1)
missing = {k for k in complete if k in full} - kept.keys()
if missing:
    print(f"FAIL: complete waves left out, e.g. {sorted(missing)[0]}")
    sys.exit(1)
for k, w in kept.items():
    f = full.get(k)
    if f is None or (w["cycles"], w["scoped_cycles"]) != (f["cycles"], f["scoped_cycles"]):
        print(f"FAIL: wave {k}: {w} differs from the lossless trace's {f}")
        sys.exit(1)
print(f"complete-only: {len(kept)} waves kept, {len(incomplete)} incomplete left out, each kept wave as in the "
      f"lossless trace")
