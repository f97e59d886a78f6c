// SvgWriter.cpp - an interactive flamegraph as one self-contained SVG.
//
// Root ("all") at the bottom (at the top with --inverted), children stacked
// above their parent, widest first; a frame narrower than --minwidth pixels
// is dropped. Each frame's tooltip gives its count (self time of everything
// above it), share of the total, entries and average. The embedded script
// searches by regular expression (highlighting matches and reporting the
// matched share), zooms into a clicked frame and resets. Colours come from a
// hash of the name in the chosen palette, so the same frame has the same
// colour in every graph; a differential graph colours by the change against
// the baseline instead (red: more, blue: less, as difffolded.pl).
#include "sqtt/writers/TraceWriters.h"

#include "SvgText.h"


#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>

namespace sqtt {

namespace {

constexpr double FrameHeight = 18, TopPad = 76, BottomPad = 30, FontSize = 11;

struct TreeNode {
  uint32_t Name = 0;
  uint64_t Cycles = 0, Execs = 0, Baseline = 0;
  std::vector<std::unique_ptr<TreeNode>> Children;
  TreeNode *child(uint32_t N) {
    for (auto &C : Children)
      if (C->Name == N)
        return C.get();
    Children.push_back(std::make_unique<TreeNode>());
    Children.back()->Name = N;
    return Children.back().get();
  }
};

/// Palettes: a hue range each (flamegraph.pl's names where they exist).
struct Palette {
  const char *Name;
  int Hue, HueRange;
};
constexpr Palette Palettes[] = {{"hot", 0, 50},     {"mem", 100, 40},   {"io", 200, 40},
                                {"red", 0, 10},     {"green", 110, 20}, {"blue", 210, 20},
                                {"aqua", 170, 20},  {"yellow", 45, 15}, {"purple", 270, 20}};

/// FNV-1a: a stable colour per name.
std::string colourFor(const std::string &Name, const Palette &P) {
  uint64_t H = 1469598103934665603ull;
  for (unsigned char C : Name)
    H = (H ^ C) * 1099511628211ull;
  int Hue = P.Hue + int(H % uint64_t(P.HueRange)), Sat = 60 + int((H >> 8) % 40),
      Light = 50 + int((H >> 16) % 30);
  char Buf[48];
  std::snprintf(Buf, sizeof Buf, "hsl(%d,%d%%,%d%%)", Hue, Sat, Light);
  return Buf;
}

/// difffolded.pl's colours: red where the count grew, blue where it shrank,
/// deeper with the size of the change.
std::string diffColour(int64_t Delta, uint64_t MaxDelta) {
  // The root's change may exceed every frame's: clamp to the deepest colour.
  int V = MaxDelta ? std::min(210, int(210.0 * double(Delta < 0 ? -Delta : Delta) / double(MaxDelta))) : 0;
  char Buf[48];
  if (Delta > 0)
    std::snprintf(Buf, sizeof Buf, "rgb(255,%d,%d)", 255 - V, 255 - V);
  else if (Delta < 0)
    std::snprintf(Buf, sizeof Buf, "rgb(%d,%d,255)", 255 - V, 255 - V);
  else
    std::snprintf(Buf, sizeof Buf, "rgb(250,250,250)");
  return Buf;
}

int64_t deltaOf(const TreeNode &N) { return int64_t(N.Cycles) - int64_t(N.Baseline); }

struct Writer {
  std::ostream &OS;
  const NameTable &Names;
  const SvgOptions &Opts;
  const Palette &Colours;
  uint64_t Total;
  double Width;
  int MaxDepth = 0;
  uint64_t MaxDelta = 0;

  void measure(const TreeNode &N, int Depth) {
    MaxDepth = std::max(MaxDepth, Depth);
    int64_t D = deltaOf(N);
    if (Depth) // the root's change is the total's, not a frame's
      MaxDelta = std::max(MaxDelta, uint64_t(D < 0 ? -D : D));
    for (auto &C : N.Children)
      measure(*C, Depth + 1);
  }

  void frame(const TreeNode &N, const std::string &Name, double X, int Depth, double Height) {
    double W = Total ? Width * double(N.Cycles) / double(Total) : Width;
    if (W < Opts.MinWidth)
      return;
    double Y = Opts.Inverted ? TopPad + Depth * FrameHeight
                             : Height - BottomPad - (Depth + 1) * FrameHeight;
    double Pct = Total ? 100.0 * double(N.Cycles) / double(Total) : 100.0;
    double Avg = N.Execs ? double(N.Cycles) / double(N.Execs) : 0.0;
    const char *Unit = Opts.CountName.c_str();
    char Title[320];
    int64_t Delta = deltaOf(N);
    if (Opts.Differential)
      std::snprintf(Title, sizeof Title, " (%llu %s, %.2f%%; baseline %llu, %+lld %s, %+.2f%%)",
                    (unsigned long long)N.Cycles, Unit, Pct, (unsigned long long)N.Baseline,
                    (long long)Delta, Unit,
                    N.Baseline ? 100.0 * double(Delta) / double(N.Baseline) : 100.0);
    else
      std::snprintf(Title, sizeof Title, " (%llu %s, %.2f%%, %llu entries, avg %.0f %s)",
                    (unsigned long long)N.Cycles, Unit, Pct, (unsigned long long)N.Execs, Avg, Unit);
    std::string Esc = escapeXml(Name);
    size_t Fit = size_t(std::max(0.0, (W - 6) / (FontSize * 0.59)));
    std::string Label = Name.size() <= Fit ? Name : (Fit > 2 ? std::string(utf8Prefix(Name, Fit - 2)) + ".." : "");
    char Geometry[200];
    std::snprintf(Geometry, sizeof Geometry,
                  "data-x=\"%.6f\" data-w=\"%.6f\" data-d=\"%d\" data-c=\"%llu\"", X / Width,
                  W / Width, Depth, (unsigned long long)N.Cycles);
    OS << "<g class=\"fr\" data-name=\"" << Esc << "\" " << Geometry;
    if (Opts.Differential)
      OS << " data-delta=\"" << Delta << "\"";
    OS << "><title>" << Esc << Title
       << "</title><rect x=\"" << X << "\" y=\"" << Y << "\" width=\"" << std::max(W - 0.5, 0.5)
       << "\" height=\"" << FrameHeight - 1 << "\" fill=\""
       << (Opts.Differential ? diffColour(Delta, MaxDelta) : colourFor(Name, Colours))
       << "\" rx=\"2\"/><text x=\"" << X + 3 << "\" y=\"" << Y + 12.5 << "\">" << escapeXml(Label)
       << "</text></g>\n";
    // Children widest first, packed from the left edge of their parent.
    std::vector<const TreeNode *> Kids;
    for (auto &C : N.Children)
      Kids.push_back(C.get());
    std::stable_sort(Kids.begin(), Kids.end(),
                     [](const TreeNode *A, const TreeNode *B) { return A->Cycles > B->Cycles; });
    double CX = X;
    for (const TreeNode *C : Kids) {
      frame(*C, Names.str(C->Name), CX, Depth + 1, Height);
      CX += Total ? Width * double(C->Cycles) / double(Total) : 0;
    }
  }
};

constexpr const char *Script = R"JS(
<script type="text/ecmascript"><![CDATA[
(function () {
  var W = +document.documentElement.getAttribute('width'), frames = Array.prototype.slice.call(document.querySelectorAll('g.fr'));
  var matched = document.getElementById('matched'), details = document.getElementById('details');
  function place(g, x, w) {
    var r = g.querySelector('rect'), t = g.querySelector('text');
    r.setAttribute('x', x * W); r.setAttribute('width', Math.max(w * W - 0.5, 0.5));
    t.setAttribute('x', x * W + 3);
    var name = g.getAttribute('data-name'), fit = Math.floor((w * W - 6) / 6.5);
    t.textContent = name.length <= fit ? name : (fit > 2 ? name.slice(0, fit - 2) + '..' : '');
  }
  function zoom(target) {
    var tx = +target.getAttribute('data-x'), tw = +target.getAttribute('data-w');
    var td = +target.getAttribute('data-d');
    frames.forEach(function (g) {
      var x = +g.getAttribute('data-x'), w = +g.getAttribute('data-w'), d = +g.getAttribute('data-d');
      var inside = x >= tx - 1e-9 && x + w <= tx + tw + 1e-9 && d >= td;
      var ancestor = d < td && x <= tx + 1e-9 && x + w >= tx + tw - 1e-9;
      g.style.display = inside || ancestor ? '' : 'none';
      g.classList.toggle('parent', ancestor);
      if (inside) place(g, (x - tx) / tw, w / tw); else if (ancestor) place(g, 0, 1);
    });
    document.getElementById('reset').style.display = '';
  }
  function reset() {
    frames.forEach(function (g) {
      g.style.display = ''; g.classList.remove('parent');
      place(g, +g.getAttribute('data-x'), +g.getAttribute('data-w'));
    });
    document.getElementById('reset').style.display = 'none';
  }
  function search(pattern) {
    var re, total = 0;
    try { re = new RegExp(pattern); } catch (e) { matched.textContent = 'Invalid pattern'; return; }
    var hits = [];
    frames.forEach(function (g) {
      var hit = pattern !== '' && re.test(g.getAttribute('data-name'));
      g.classList.toggle('match', hit);
      if (hit) hits.push(g);
    });
    // Count each matched region once: skip matches inside another match.
    var root = frames[0], rootCycles = root ? +root.getAttribute('data-c') : 0;
    hits.forEach(function (g) {
      var x = +g.getAttribute('data-x'), w = +g.getAttribute('data-w'), d = +g.getAttribute('data-d');
      var covered = hits.some(function (o) {
        var ox = +o.getAttribute('data-x'), ow = +o.getAttribute('data-w'), od = +o.getAttribute('data-d');
        return od < d && ox <= x + 1e-9 && ox + ow >= x + w - 1e-9;
      });
      if (!covered) total += +g.getAttribute('data-c');
    });
    matched.textContent = pattern === '' ? '' :
      'Matched: ' + (rootCycles ? (100 * total / rootCycles).toFixed(2) : '0.00') + '%';
  }
  frames.forEach(function (g) {
    g.addEventListener('click', function () { zoom(g); });
    g.addEventListener('mouseover', function () { details.textContent = g.querySelector('title').textContent; });
    g.addEventListener('mouseout', function () { details.textContent = ' '; });
  });
  document.getElementById('reset').addEventListener('click', reset);
  var box = document.getElementById('search');
  box.addEventListener('click', function () {
    var p = window.prompt('Search frames (regular expression):', box.getAttribute('data-last') || '');
    if (p !== null) { box.setAttribute('data-last', p); search(p); }
  });
  window.sqttFlamegraph = { search: search, zoom: function (name) {
    var g = frames.filter(function (f) { return f.getAttribute('data-name') === name; })[0];
    if (g) zoom(g); return !!g; }, reset: reset };
})();
]]></script>
)JS";

} // namespace

const std::vector<std::string> &svgPalettes() {
  static const std::vector<std::string> Names = [] {
    std::vector<std::string> N;
    for (const Palette &P : Palettes)
      N.push_back(P.Name);
    return N;
  }();
  return Names;
}

void writeFlamegraphSvg(std::ostream &OS, const std::vector<FoldedStack> &Stacks,
                        const NameTable &Names, const SvgOptions &Opts) {
  TreeNode Root;
  for (const FoldedStack &S : Stacks) {
    TreeNode *N = &Root;
    Root.Cycles += S.Cycles;
    Root.Execs += S.Execs;
    Root.Baseline += S.Baseline;
    for (uint32_t F : S.Frames) {
      N = N->child(F);
      N->Cycles += S.Cycles;
      N->Execs += S.Execs;
      N->Baseline += S.Baseline;
    }
  }
  const Palette *Colours = &Palettes[0];
  for (const Palette &P : Palettes)
    if (Opts.Colors == P.Name)
      Colours = &P;
  const double Width = Opts.Width;
  Writer W{OS, Names, Opts, *Colours, Root.Cycles, Width};
  W.measure(Root, 0);
  double Height = TopPad + BottomPad + (W.MaxDepth + 1) * FrameHeight;
  OS << "<?xml version=\"1.0\" standalone=\"no\"?>\n"
     << "<svg version=\"1.1\" width=\"" << Width << "\" height=\"" << Height
     << "\" viewBox=\"0 0 " << Width << " " << Height
     << "\" xmlns=\"http://www.w3.org/2000/svg\">\n"
     << "<style>text{font-family:Verdana,sans-serif;font-size:" << FontSize
     << "px;fill:#000}g.fr text{pointer-events:none}g.fr{cursor:pointer}g.fr:hover rect{stroke:#000;"
        "stroke-width:0.5}g.match rect{fill:rgb(230,0,230)!important}g.parent rect{opacity:0.5}"
        "#title{font-size:17px;text-anchor:middle}#subtitle{fill:#555;text-anchor:middle}.ui{cursor:pointer;fill:#333}</style>\n"
     << "<rect width=\"100%\" height=\"100%\" fill=\"#f8f8f8\"/>\n"
     << "<text id=\"title\" x=\"" << Width / 2 << "\" y=\"24\">" << escapeXml(Opts.Title) << "</text>\n";
  if (!Opts.Subtitle.empty())
    OS << "<text id=\"subtitle\" x=\"" << Width / 2 << "\" y=\"44\">" << escapeXml(Opts.Subtitle)
       << "</text>\n";
  OS << "<text id=\"total\" x=\"10\" y=\"24\">" << Root.Cycles << " " << escapeXml(Opts.CountName);
  if (Opts.Differential)
    OS << " (baseline " << Root.Baseline << "; red: more, blue: less)";
  OS << "</text>\n"
     << "<text id=\"reset\" class=\"ui\" x=\"10\" y=\"48\" style=\"display:none\">Reset Zoom</text>\n"
     << "<text id=\"search\" class=\"ui\" x=\"" << Width - 110 << "\" y=\"48\">Search</text>\n"
     << "<text id=\"matched\" x=\"" << Width - 110 << "\" y=\"" << Height - 10 << "\"></text>\n"
     << "<text id=\"details\" x=\"10\" y=\"" << Height - 10 << "\"> </text>\n";
  W.frame(Root, "all", 0, 0, Height);
  OS << Script << "</svg>\n";
}

} // namespace sqtt
