#include "core/export/FigureOptions.h"

#include "core/run/ScenarioDiff.h"
#include "irqscope/presets.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

namespace irqscope::app {

FigurePage figurePage(FigurePreset preset) {
    switch (preset) {
    case FigurePreset::Slide: return FigurePage{QSizeF(338.667, 190.5), 18, 144, true};
    case FigurePreset::Paper:
    case FigurePreset::Custom: break;
    }
    return FigurePage{QSizeF(170, 95), 8.5, 300, false};
}

ExportPage figureExportPage(FigurePreset preset, QSize pixels) {
    if (preset == FigurePreset::Custom) return screenPage(pixels);
    const FigurePage p = figurePage(preset);
    return physicalPage(p.millimetres, p.rasterDpi);
}

QString figurePresetName(FigurePreset preset) {
    switch (preset) {
    case FigurePreset::Paper:
        return QCoreApplication::translate("FigureOptions", "Paper: 17 × 9.5 cm, 8.5 pt, 300 dpi");
    case FigurePreset::Slide: return QCoreApplication::translate("FigureOptions", "Slide: 16:9, 18 pt, 1920 × 1080");
    case FigurePreset::Custom: break;
    }
    return QCoreApplication::translate("FigureOptions", "Custom size");
}

namespace {
// "12000.0" (a whole number in a real-valued parameter) reads "12000".
QString valueText(QString v) {
    static const QRegularExpression whole(QStringLiteral("^-?[0-9]+\\.0$"));
    if (whole.match(v).hasMatch()) v.chop(2);
    return v;
}
} // namespace

QString figureTitle(const Scenario& s) {
    const QString name = QString::fromStdString(s.name());
    std::vector<ParamChange> changes;
    if (auto base = loadPreset(s.name()); base.ok()) changes = diffScenarios(*base, s);
    if (changes.empty())
        return s.title().empty() ? name : name + QStringLiteral(" — ") + QString::fromStdString(s.title());
    QStringList set;
    const std::size_t shown = std::min<std::size_t>(3, changes.size());
    for (std::size_t i = 0; i < shown; ++i) {
        const ParamChange& c = changes[i];
        set << (c.after.isEmpty() ? QCoreApplication::translate("FigureOptions", "%1 unset").arg(c.path)
                                  : QStringLiteral("%1 = %2").arg(c.path, valueText(c.after)));
    }
    if (changes.size() > shown)
        set << QCoreApplication::translate("FigureOptions", "+%n more", nullptr, int(changes.size() - shown));
    return name + QStringLiteral(" · ") + set.join(QStringLiteral(", "));
}

} // namespace irqscope::app
