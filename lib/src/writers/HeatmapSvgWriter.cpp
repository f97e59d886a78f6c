// HeatmapSvgWriter.cpp - the memory heatmap as an SVG: one panel per kernel,
// time across, address rows down grouped by base object (one colour each),
// each cell's opacity the log of its access count.
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/MemoryWriters.h"

#include "SvgText.h"

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

} // namespace

void writeMemoryHeatmapSvg(std::ostream &OS, const MemoryHeatmap &Map, const NameTable &Names) {
  const double Left = 260, CellW = 2, Top = 40, PanelGap = 60, LabelH = 16;
  std::vector<const MemoryHeatmap::Panel *> Panels = Map.panels(Names);
  double Height = Top;
  double Width = Left + 20;
  // Each object's band is at least one label high, whatever its rows.
  auto RowHeight = [](const MemoryHeatmap::Panel &P, const MemoryHeatmap::ObjectRows &R) {
    double CellH = P.Rows > 128 ? 2 : P.Rows > 32 ? 4 : 10;
    return std::max(CellH, 14.0 / R.Rows);
  };
  auto PanelHeight = [&](const MemoryHeatmap::Panel &P) {
    double H = 0;
    for (const MemoryHeatmap::ObjectRows &R : P.Objects)
      H += R.Rows * RowHeight(P, R);
    return H;
  };
  for (const MemoryHeatmap::Panel *P : Panels) {
    Height += LabelH + PanelHeight(*P) + PanelGap;
    Width = std::max(Width, Left + P->Columns * CellW + 20);
  }
  char Buf[256];
  OS << "<?xml version=\"1.0\" standalone=\"no\"?>\n<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" "
        "width=\""
     << Width << "\" height=\"" << Height << "\" font-family=\"Verdana, sans-serif\" font-size=\"11\">\n"
     << "<title>sqtt-memory-trace heatmap</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
     << "<text x=\"10\" y=\"20\" font-size=\"14\">Memory accesses over time: rows are address pages (4 KiB) "
        "grouped by base object, darker is more lane accesses</text>\n";
  double Y = Top;
  for (const MemoryHeatmap::Panel *P : Panels) {
    const std::string &Kernel = Names.str(P->Kernel);
    std::snprintf(Buf, sizeof Buf, "%.0f cycles", double(P->End - P->Begin));
    OS << "<g class=\"panel\"><text x=\"10\" y=\"" << Y + 12 << "\" font-weight=\"bold\">"
       << escapeXml(Kernel.empty() ? "(no dispatch)" : Kernel) << "</text><text x=\"" << Left << "\" y=\"" << Y + 12
       << "\">time: cycle " << P->Begin << " + " << Buf << " across " << P->Columns << " bins</text>\n";
    Y += LabelH;
    double Log = std::log1p(double(std::max<uint32_t>(P->MaxCount, 1)));
    double BandY = Y;
    for (size_t O = 0; O < P->Objects.size(); ++O) {
      const MemoryHeatmap::ObjectRows &R = P->Objects[O];
      double CellH = RowHeight(*P, R);
      std::string Base = Names.str(R.Base);
      if (Base.size() > 28) // the label column's width
        Base = std::string(utf8Prefix(Base, 12)) + "..." + std::string(utf8Suffix(Base, 13));
      // A coarse object's rows split its address range evenly: its page
      // count is only a lower bound.
      std::snprintf(Buf, sizeof Buf, R.Coarse ? " (%llu+ pages, %llu accesses)" : " (%llu pages, %llu accesses)",
                    (unsigned long long)R.Pages,
                    (unsigned long long)R.Accesses);
      OS << "<text x=\"10\" y=\"" << BandY + 11 << "\" fill=\"" << colourOf(O) << "\">"
         << escapeXml(Base.empty() ? "(object not recorded)" : Base) << Buf << "</text>\n";
      for (uint32_t Row = R.FirstRow; Row < R.FirstRow + R.Rows; ++Row)
        for (uint32_t C = 0; C < P->Columns; ++C) {
          uint32_t N = P->Counts[size_t(Row) * P->Columns + C];
          if (!N)
            continue;
          std::snprintf(Buf, sizeof Buf,
                        "<rect x=\"%.0f\" y=\"%.1f\" width=\"%.0f\" height=\"%.1f\" fill=\"%s\" "
                        "fill-opacity=\"%.2f\"/>\n",
                        Left + C * CellW, BandY + (Row - R.FirstRow) * CellH, CellW, CellH, colourOf(O),
                        0.15 + 0.85 * std::log1p(double(N)) / Log);
          OS << Buf;
        }
      BandY += R.Rows * CellH;
    }
    OS << "<rect x=\"" << Left << "\" y=\"" << Y << "\" width=\"" << P->Columns * CellW << "\" height=\""
       << BandY - Y << "\" fill=\"none\" stroke=\"#999999\"/></g>\n";
    Y = BandY + PanelGap;
  }
  OS << "</svg>\n";
}

} // namespace sqtt
