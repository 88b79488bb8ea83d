// A figure for a paper or a slide: the page presets (physical size, font size,
// raster dpi) and the title that says which run it shows.
#pragma once

#include "core/export/PlotExport.h"
#include "irqscope/scenario.h"

#include <QSize>
#include <QSizeF>
#include <QString>

namespace irqscope::app {

enum class FigurePreset {
    Custom, // the pixel size asked for, the window's fonts
    Paper,  // one column of a paper: 170 x 95 mm, 8.5 pt type, PNG at 300 dpi
    Slide,  // a 16:9 slide (13.33 x 7.5 in), 18 pt type, high contrast, PNG 1920 x 1080
};

struct FigurePage {
    QSizeF millimetres;
    double fontPt = 9;
    double rasterDpi = 300;
    bool presentation = false; // the high-contrast palette, thicker lines
};
// Paper and Slide only.
FigurePage figurePage(FigurePreset preset);
// The export page of a preset (Custom: `pixels` at the screen's dpi).
ExportPage figureExportPage(FigurePreset preset, QSize pixels);
QString figurePresetName(FigurePreset preset);

// "basics · gpu.bottom_half = tasklet": the scenario's name and what differs
// from the preset of that name (at most three settings, then "+N more");
// "basics — <title>" when nothing does or there is no such preset.
QString figureTitle(const Scenario& scenario);

// What the export dialog asks for a timeline figure.
struct FigureChoices {
    QString path;
    QSize size{1600, 900}; // Custom only
    FigurePreset preset = FigurePreset::Custom;
    bool wholeRun = false;
    bool overlays = true;        // cursors, the selection and its arrows, a lesson's highlights
    bool activeLanesOnly = true; // the lanes the window shows (filter, hidden idle CPUs); else every lane
    QString title;               // empty: none
};

} // namespace irqscope::app
