# The gfx12 delayed-header trace on two shader engines, each split over
# three shaderdata files (rocprofv3 splits long engines routinely): the
# correction of one SIMD domain then changes records in several files.
import os

_ns = {}
exec(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "gfx12-delayed.py")).read(), _ns)
_dir = _ns["SCENARIO"]["dirs"]["ui_gfx12"]
_records = _dir["shaderdata"]["0"]
_occupancy = _dir["occupancy"]["0"]

SCENARIO = {
    "code_objects": _ns["SCENARIO"]["code_objects"],
    "dirs": {"ui_gfx12": {
        "occupancy": {"0": _occupancy, "1": [list(r) for r in _occupancy], "dispatches": {"1": "k"}},
        "shaderdata": {"0": _records, "1": [[t + 7, v, cu, simd, w, f] for t, v, cu, simd, w, f in _records]},
        "split": 3}},
}
