// Two runs one above the other on one linked time axis, with what changed in
// the scenario and a table of metric deltas (B − A).
#pragma once

#include "core/run/RunList.h"
#include "core/timeline/Palette.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace irqscope::app {

class TimelinePlot;

class CompareView : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);
    void setRuns(const RunRecord& a, const RunRecord& b);
    bool hasRuns() const { return hasRuns_; }
    TimelinePlot* plotA() const { return a_; }
    TimelinePlot* plotB() const { return b_; }
    QTableWidget* deltaTable() const { return table_; }
    void setTheme(Palette::Theme theme, int basePt);
    // Both timelines stacked into one image (vector for SVG/PDF).
    bool exportImage(const QString& path, QSize size, QString* error) const;

protected:
    void changeEvent(QEvent* e) override;

private:
    // Titles, summary and the delta table: written again on a language change.
    void retranslateUi();
    std::optional<RunRecord> runA_, runB_;
    TimelinePlot* a_ = nullptr;
    TimelinePlot* b_ = nullptr;
    QLabel* summary_ = nullptr;
    QTableWidget* table_ = nullptr;
    bool syncing_ = false;
    bool hasRuns_ = false;
};

} // namespace irqscope::app
