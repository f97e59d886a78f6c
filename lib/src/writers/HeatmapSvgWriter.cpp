// HeatmapSvgWriter.cpp - the memory heatmap as an SVG: one panel per kernel,
// time across, address rows down grouped by base object (one colour each),
// each cell's opacity the log of its access count on one scale for every
// panel (its legend at the top).
//
// Every text has its own line or column, sized from an estimate of its width
// so no label runs over another or over a plot: titles above the panels, the
// object labels in a left column as wide as the longest (names past a limit
// cut in the middle, the full name in a tooltip), each object's address range
// in a right column, the time ticks under the plot.
#include "sqtt/support/JsonString.h"
#include "sqtt/support/HexText.h"
#include "sqtt/writers/MemoryWriters.h"

#include "SvgText.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>

namespace sqtt {

namespace {

/// Colours that stay apart on white, one per object in row order.
const char *colourOf(size_t I) {
  static const char *Palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
                                  "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"};
  return Palette[I % (sizeof Palette / sizeof Palette[0])];
}

// Widths of the sans-serif fonts browsers pick for Verdana (Verdana itself,
// DejaVu Sans) stay under these per character at the sizes used; estimates
// on the wide side only cost white space.
constexpr double FontPx = 11, CharW = 7.2, BoldCharW = 8.0, TitleCharW = 9.6;
constexpr double LineH = 16;      // one line of text at FontPx
constexpr size_t MaxLabelChars = 64; // the object column's width limit
constexpr double Pad = 10;

/// A <text> element; when \p Shown is a cut of \p Full, the full text is its
/// tooltip.
void text(std::ostream &OS, double X, double Y, const std::string &Shown, const std::string &Full,
          const char *Extra = "") {
  char Pos[96];
  std::snprintf(Pos, sizeof Pos, "<text x=\"%.1f\" y=\"%.1f\"", X, Y);
  OS << Pos << Extra << '>';
  if (Shown != Full)
    OS << "<title>" << escapeXml(Full) << "</title>";
  OS << escapeXml(Shown) << "</text>\n";
}

struct ObjectLabel {
  std::string Full, Shown, Range;
};

} // namespace

// Long because the picture is laid out as it is written: the labels size the
// columns, and the legend and every panel's rows share one scale and one
// running height; apart, the pieces would hand the whole layout around.
void writeMemoryHeatmapSvg(std::ostream &OS, const MemoryHeatmap &Map, const NameTable &Names) {
  const double CellW = 2, PanelGap = 28;
  std::vector<const MemoryHeatmap::Panel *> Panels = Map.panels(Names);
  const unsigned PageBits = Map.pageBits();

  // The labels first: they size the columns.
  std::vector<std::vector<ObjectLabel>> Labels(Panels.size());
  size_t LabelChars = 0, RangeChars = 0, PlotColumns = 0;
  uint32_t MaxCount = 1;
  for (size_t I = 0; I < Panels.size(); ++I) {
    const MemoryHeatmap::Panel &P = *Panels[I];
    MaxCount = std::max(MaxCount, P.MaxCount);
    PlotColumns = std::max<size_t>(PlotColumns, P.Columns);
    for (const MemoryHeatmap::ObjectRows &R : P.Objects) {
      const std::string &Base = Names.str(R.Base);
      char Counts[96];
      // A coarse object's rows split its address range evenly: its page
      // count is only a lower bound.
      std::snprintf(Counts, sizeof Counts, " (%llu%s page%s, %llu access%s)", (unsigned long long)R.Pages,
                    R.Coarse ? "+" : "", R.Pages == 1 && !R.Coarse ? "" : "s", (unsigned long long)R.Accesses,
                    R.Accesses == 1 ? "" : "es");
      ObjectLabel L;
      std::string Name = Base.empty() ? "(object not recorded)" : Base;
      L.Full = Name + Counts;
      size_t Room = MaxLabelChars > displayChars(Counts) ? MaxLabelChars - displayChars(Counts) : 8;
      L.Shown = cutMiddle(Name, std::max<size_t>(Room, 8)) + Counts;
      uint64_t Lo = R.FirstPage << PageBits, Hi = ((R.LastPage + 1) << PageBits) - 1;
      L.Range = hexText(Lo) + "-" + hexText(Hi);
      LabelChars = std::max(LabelChars, displayChars(L.Shown));
      RangeChars = std::max(RangeChars, displayChars(L.Range));
      Labels[I].push_back(std::move(L));
    }
  }
  const double Left = std::ceil(Pad + LabelChars * CharW + Pad); // whole pixels: cells stay on the grid
  const double PlotW = PlotColumns * CellW;
  const double RangeX = Left + PlotW + Pad;
  const std::string Title = "Memory accesses over time";
  const std::string Subtitle = "rows: address pages (" + std::to_string((1u << PageBits) / 1024) +
                               " KiB) grouped by base object, in address order; columns: time bins; a cell is "
                               "darker the more lane accesses fell in it";
  double Width = std::max({RangeX + RangeChars * CharW + Pad, Pad + Title.size() * TitleCharW + Pad,
                           Pad + Subtitle.size() * CharW + Pad});

  // The legend: the shading of a few counts on the scale every panel uses.
  const double Log = std::log1p(double(MaxCount));
  auto Opacity = [&](uint64_t N) { return 0.15 + 0.85 * std::log1p(double(N)) / Log; };
  const std::string Caption = "lane accesses per cell:";
  std::vector<uint64_t> LegendCounts;
  double LegendW = Pad + Caption.size() * CharW + Pad;
  for (double F : {0.0, 0.25, 0.5, 0.75, 1.0}) {
    uint64_t N = std::max<uint64_t>(1, uint64_t(std::llround(std::expm1(F * Log))));
    if (!LegendCounts.empty() && N <= LegendCounts.back())
      continue;
    LegendCounts.push_back(N);
    LegendW += 16 + std::to_string(N).size() * CharW + Pad;
  }
  Width = std::max(Width, LegendW);

  // Each object's band is at least one line high, whatever its rows, so
  // neighbouring labels never touch.
  auto RowHeight = [](const MemoryHeatmap::Panel &P, const MemoryHeatmap::ObjectRows &R) {
    double CellH = P.Rows > 128 ? 2 : P.Rows > 32 ? 4 : 10;
    return std::max(CellH, LineH / R.Rows);
  };
  const double HeaderH = 2 * LineH + 4, TicksH = LineH + 4;
  const double PanelsTop = 20 + 4 * LineH; // title, subtitle, legend, a line apart
  double Height = PanelsTop;
  for (const MemoryHeatmap::Panel *P : Panels) {
    double H = 0;
    for (const MemoryHeatmap::ObjectRows &R : P->Objects)
      H += R.Rows * RowHeight(*P, R);
    Height += HeaderH + H + TicksH + PanelGap;
  }
  OS << "<?xml version=\"1.0\" standalone=\"no\"?>\n<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" "
        "width=\""
     << std::ceil(Width) << "\" height=\"" << std::ceil(Height)
     << "\" font-family=\"Verdana, sans-serif\" font-size=\"" << FontPx << "\">\n"
     << "<title>sqtt-memory-trace heatmap</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  text(OS, Pad, 20, Title, Title, " font-size=\"14\" class=\"title\"");
  text(OS, Pad, 20 + LineH, Subtitle, Subtitle, " class=\"title\"");
  double LegendY = 20 + 2 * LineH;
  OS << "<g class=\"legend\">";
  text(OS, Pad, LegendY + 10, Caption, Caption);
  double X = Pad + Caption.size() * CharW + Pad;
  for (uint64_t N : LegendCounts) {
    char Swatch[160];
    std::snprintf(Swatch, sizeof Swatch,
                  "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"10\" fill=\"#333333\" fill-opacity=\"%.2f\"/>\n",
                  X, LegendY + 1, Opacity(N));
    OS << Swatch;
    std::string Count = std::to_string(N);
    text(OS, X + 16, LegendY + 10, Count, Count);
    X += 16 + Count.size() * CharW + Pad;
  }
  OS << "</g>\n";


  double Y = PanelsTop;
  char Buf[256];
  for (size_t I = 0; I < Panels.size(); ++I) {
    const MemoryHeatmap::Panel &P = *Panels[I];
    const std::string &KernelName = Names.str(P.Kernel);
    std::string Kernel = KernelName.empty() ? "(no dispatch)" : KernelName;
    size_t Fits = size_t(std::max(8.0, (Width - 2 * Pad) / BoldCharW));
    OS << "<g class=\"panel\">";
    text(OS, Pad, Y + 12, cutMiddle(Kernel, Fits), Kernel, " font-weight=\"bold\"");
    int64_t Span = P.End - P.Begin;
    std::snprintf(Buf, sizeof Buf, "time: cycles %lld to %lld (%lld cycles in %u bins)", (long long)P.Begin,
                  (long long)P.End, (long long)Span, P.Columns);
    text(OS, Pad, Y + 12 + LineH, Buf, Buf);
    Y += HeaderH;
    double BandY = Y;
    for (size_t O = 0; O < P.Objects.size(); ++O) {
      const MemoryHeatmap::ObjectRows &R = P.Objects[O];
      const ObjectLabel &L = Labels[I][O];
      double CellH = RowHeight(P, R);
      std::string Fill = std::string(" fill=\"") + colourOf(O) + "\"";
      text(OS, Pad, BandY + 12, L.Shown, L.Full, Fill.c_str());
      text(OS, RangeX, BandY + 12, L.Range, L.Range, " fill=\"#555555\"");
      for (uint32_t Row = R.FirstRow; Row < R.FirstRow + R.Rows; ++Row)
        for (uint32_t C = 0; C < P.Columns; ++C) {
          uint32_t N = P.Counts[size_t(Row) * P.Columns + C];
          if (!N)
            continue;
          std::snprintf(Buf, sizeof Buf,
                        "<rect x=\"%.0f\" y=\"%.1f\" width=\"%.0f\" height=\"%.1f\" fill=\"%s\" "
                        "fill-opacity=\"%.2f\"/>\n",
                        Left + C * CellW, BandY + (Row - R.FirstRow) * CellH, CellW, CellH, colourOf(O), Opacity(N));
          OS << Buf;
        }
      BandY += R.Rows * CellH;
    }
    OS << "<rect x=\"" << Left << "\" y=\"" << Y << "\" width=\"" << P.Columns * CellW << "\" height=\""
       << BandY - Y << "\" fill=\"none\" stroke=\"#999999\"/>\n";
    // Time ticks: the panel's first and last cycle under the plot's ends.
    std::string From = "+0", To = "+" + std::to_string(Span) + " cycles";
    text(OS, Left, BandY + 13, From, From);
    text(OS, Left + P.Columns * CellW, BandY + 13, To, To, " text-anchor=\"end\"");
    OS << "</g>\n";
    Y = BandY + TicksH + PanelGap;
  }
  OS << "</svg>\n";
}

} // namespace sqtt
