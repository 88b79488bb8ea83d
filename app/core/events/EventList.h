// The event list: every context a CPU ran (hardirq, softirq, tasklet, threads,
// tasks), searchable, linked to the timeline both ways — selecting a row shows
// it on the timeline, selecting on the timeline selects its row. Filters by
// kind, CPU and a word of its name; steps to the previous / next event of that
// filter from the selection (or the cursor), and finds the longest.
#pragma once

#include "core/timeline/ItemText.h"

#include <QAbstractTableModel>
#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace irqscope::app {

class TimelinePlot;

// One row per non-idle segment of the CPU lanes that passes the filter, by start time.
class EventModel : public QAbstractTableModel {
    Q_OBJECT
public:
    struct Row {
        std::uint32_t lane;
        std::uint8_t depth;
        std::uint32_t index;
        Time start;
    };
    struct Filter {
        std::optional<ContextKind> kind;
        int cpu = -1; // -1: every CPU
        QString text; // in the entity or detail name
    };
    void setTrace(const Trace* t, const Filter& f);
    const Trace* trace() const { return trace_; }
    const std::vector<Row>& rows() const { return rows_; }
    Segment segment(int row) const;
    std::optional<int> rowOf(std::uint32_t lane, const Segment& s) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

private:
    const Trace* trace_ = nullptr;
    std::vector<Row> rows_;
};

class EventList : public QWidget {
    Q_OBJECT
public:
    explicit EventList(TimelinePlot* plot, QWidget* parent = nullptr);

    EventModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    QLineEdit* searchEdit() const { return search_; }
    QComboBox* kindCombo() const { return kind_; }
    QComboBox* cpuCombo() const { return cpu_; }
    // Select row `row` and show it on the timeline.
    void selectRow(int row);
    int selectedRow() const;

public slots:
    void next();
    void previous();
    void longest();
    // A new trace on the timeline (or a new filter).
    void reload();

protected:
    void changeEvent(QEvent* e) override;
    void showEvent(QShowEvent* e) override;

private:
    void retranslateUi();
    void followTimeline();
    Time reference() const; // the selection's start, else the cursor, else the view's start

    TimelinePlot* plot_;
    EventModel* model_;
    QLineEdit* search_ = nullptr;
    QComboBox* kind_ = nullptr;
    QComboBox* cpu_ = nullptr;
    QPushButton* prev_ = nullptr;
    QPushButton* next_ = nullptr;
    QPushButton* longest_ = nullptr;
    QLabel* count_ = nullptr;
    QTableView* table_ = nullptr;
    const Trace* shown_ = nullptr;
    bool syncing_ = false;
};

} // namespace irqscope::app
