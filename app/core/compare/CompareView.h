// Two runs one above the other on one linked time axis. Above them, what the
// comparison found in words (CompareHeadline: the differing settings and the
// largest changes); beside them, one latency series of A and B overlaid and
// the table of metric deltas (B − A), grouped, coloured by each metric's
// better direction (MetricsDelta).
#pragma once

#include "core/compare/CompareHeadline.h"
#include "core/run/RunList.h"
#include "core/timeline/Palette.h"

#include <QWidget>

#include <memory>

class QLabel;
class QSplitter;
class QTableWidget;

namespace irqscope::app {

class LatencyOverlayPlot;
class TimelinePlot;
struct TwinPair;

class CompareView : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);
    void setRuns(const RunRecord& a, const RunRecord& b);
    // A capture and its twin (core/twin/TwinPair.h): aligned lanes, and the
    // twin report's rows and ranking instead of the metric deltas.
    void setTwinPair(const RunRecord& capture, const RunRecord& twin, std::shared_ptr<const TwinPair> pair);
    const TwinPair* twinPair() const { return twin_.get(); }
    bool hasRuns() const { return hasRuns_; }
    // Forgets the two runs (a session was opened); the view asks for two again.
    void clear();
    TimelinePlot* plotA() const { return a_; }
    TimelinePlot* plotB() const { return b_; }
    QTableWidget* deltaTable() const { return table_; }
    LatencyOverlayPlot* overlay() const { return overlay_; }
    const CompareHeadline& headline() const { return headline_; }
    QLabel* headlineLabel() const { return summary_; }
    // The row ids (A's and B's run ids) shown, or 0.
    int runIdA() const { return runA_ ? runA_->id : 0; }
    int runIdB() const { return runB_ ? runB_->id : 0; }
    void setTheme(Palette::Theme theme, int basePt);
    // Both timelines stacked into one image (vector for SVG/PDF).
    bool exportImage(const QString& path, QSize size, QString* error) const;

protected:
    void changeEvent(QEvent* e) override;

private:
    // Titles, summary and the delta table: written again on a language change.
    void retranslateUi();
    void fillTable(const std::vector<DeltaRow>& rows);
    std::optional<RunRecord> runA_, runB_;
    TimelinePlot* a_ = nullptr;
    TimelinePlot* b_ = nullptr;
    QLabel* summary_ = nullptr;
    LatencyOverlayPlot* overlay_ = nullptr;
    CompareHeadline headline_;
    QTableWidget* table_ = nullptr;
    QSplitter* split_ = nullptr; // plots | overlay and table
    std::shared_ptr<const TwinPair> twin_;
    bool syncing_ = false;
    bool hasRuns_ = false;
};

} // namespace irqscope::app
