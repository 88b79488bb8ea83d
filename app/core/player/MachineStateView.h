// The "Machine state" dock: the state of the machine at the player's cursor,
// grouped per CPU (context stack, interrupts on/off, need_resched, pending
// softirqs, GIC running priority, run queue), per interrupt line (pending /
// active / masked) and per workqueue pool (pending items, busy / idle
// workers). Items are updated in place so what a teacher expanded stays open.
// A run without a state log (an imported ftrace capture) shows what the trace
// gives and says "not recorded" for the rest.
#pragma once

#include "core/timeline/TimelineScene.h"
#include "irqscope/state_log.h"

#include <QWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace irqscope::app {

class MachineStateView : public QWidget {
    Q_OBJECT
public:
    explicit MachineStateView(QWidget* parent = nullptr);

    void setRun(RunPtr run);
    const MachineState& state() const { return state_; }
    QTreeWidget* tree() const { return tree_; }

public slots:
    void showTime(irqscope::Time t);

protected:
    void changeEvent(QEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void retranslateUi();
    void applyFont();
    void fitColumns();
    void refresh();
    void fillCpu(QTreeWidgetItem* item, const CpuStateAt& c);
    void fillLines(QTreeWidgetItem* group);
    void fillPools(QTreeWidgetItem* group);
    QString name(StringId id) const;

    QLabel* header_ = nullptr;
    QTreeWidget* tree_ = nullptr;
    RunPtr run_;
    MachineState state_;
    bool haveTime_ = false;
};

} // namespace irqscope::app
