// Colours and display names of context kinds and instant markers. Two themes:
// the standard one for a monitor, and a high-contrast, colour-blind-safe one
// (Okabe-Ito) with thicker lines for a projector.
#pragma once

#include "irqscope/trace.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>

#include <vector>

namespace irqscope::app {

class Palette {
    Q_DECLARE_TR_FUNCTIONS(Palette)
public:
    enum class Theme { Standard, Presentation };

    explicit Palette(Theme theme = Theme::Standard) : theme_(theme) {}
    Theme theme() const { return theme_; }
    bool presentation() const { return theme_ == Theme::Presentation; }

    QColor kind(ContextKind k) const;
    QColor instant(InstantKind k) const;
    QColor laneBackground(int laneIndex) const;
    QColor irqsOff() const;
    QColor flow() const;
    QColor selection() const;
    QColor text() const;
    double lineWidth() const { return presentation() ? 2.5 : 1.0; }

    // The kinds shown in the legend, in drawing order (hardirq first).
    static const std::vector<ContextKind>& legendKinds();
    static QString kindName(ContextKind k);
    static QString instantName(InstantKind k);
    static QString flowName(FlowKind k);

private:
    Theme theme_;
};

} // namespace irqscope::app
