#include "core/timeline/LaneBar.h"

#include "core/timeline/TimelinePlot.h"

#include <QEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>

namespace irqscope::app {

LaneBar::LaneBar(TimelinePlot* plot, QWidget* parent) : QToolBar(parent), plot_(plot) {
    setObjectName(QStringLiteral("LaneBar"));
    label_ = new QLabel(this);
    addWidget(label_);
    filter_ = new QLineEdit(this);
    filter_->setObjectName(QStringLiteral("laneFilter"));
    filter_->setClearButtonEnabled(true);
    filter_->setMaximumWidth(180);
    addWidget(filter_);
    connect(filter_, &QLineEdit::textChanged, this, [this](const QString& text) {
        LaneFilter f = plot_->laneFilter();
        f.match = text.toStdString();
        plot_->setLaneFilter(f);
    });
    auto toggle = [this](const char* id, bool LaneFilter::*field) {
        QAction* a = addAction(QString());
        a->setObjectName(QString::fromLatin1(id));
        a->setCheckable(true);
        a->setChecked(plot_->laneFilter().*field);
        connect(a, &QAction::toggled, this, [this, field](bool on) {
            LaneFilter f = plot_->laneFilter();
            f.*field = on;
            plot_->setLaneFilter(f);
        });
        return a;
    };
    tasks_ = toggle("lanesTask", &LaneFilter::tasks);
    irqLines_ = toggle("lanesIrq", &LaneFilter::irqLines);
    hideIdle_ = toggle("lanesHideIdle", &LaneFilter::hideIdleCpus);
    reset_ = addAction(QString());
    reset_->setObjectName(QStringLiteral("lanesReset"));
    connect(reset_, &QAction::triggered, this, [this] {
        LaneFilter f = plot_->laneFilter();
        lanefilter::resetArrangement(f);
        f.match.clear();
        plot_->setLaneFilter(f);
    });
    connect(plot_, &TimelinePlot::laneFilterChanged, this, &LaneBar::syncFromPlot);
    connect(plot_, &TimelinePlot::laneMenuRequested, this,
            [this](std::uint32_t lane, const QPoint& at) { laneMenu(lane)->popup(at); });
    retranslateUi();
}

void LaneBar::syncFromPlot() {
    const LaneFilter f = plot_->laneFilter();
    const QSignalBlocker b1(tasks_), b2(irqLines_), b3(hideIdle_), b4(filter_);
    tasks_->setChecked(f.tasks);
    irqLines_->setChecked(f.irqLines);
    hideIdle_->setChecked(f.hideIdleCpus);
    if (filter_->text().toStdString() != f.match) filter_->setText(QString::fromStdString(f.match));
}

QMenu* LaneBar::laneMenu(std::uint32_t lane) {
    if (!menu_) menu_ = new QMenu(this);
    menu_->clear();
    const Trace* t = plot_->scene().trace();
    if (!t || lane >= t->laneCount()) return menu_;
    const std::string name = t->lane(lane).name;
    const LaneSlot* slot = plot_->scene().layout.slotOfLane(lane);
    menu_->addSection(QString::fromStdString(name));
    auto edit = [this](QAction* a, auto change) {
        connect(a, &QAction::triggered, this, [this, change] {
            LaneFilter g = plot_->laneFilter();
            change(g);
            plot_->setLaneFilter(g);
        });
    };
    const bool pinned = slot && slot->pinned;
    QAction* pin = menu_->addAction(pinned ? tr("Unpin") : tr("Pin to top"));
    pin->setObjectName(QStringLiteral("lanePin"));
    edit(pin, [name](LaneFilter& g) { lanefilter::togglePinned(g, name); });
    const std::vector<std::string> shown = plot_->shownLaneNames();
    QAction* up = menu_->addAction(tr("Move up"));
    up->setObjectName(QStringLiteral("laneUp"));
    edit(up, [name, shown](LaneFilter& g) { lanefilter::move(g, shown, name, -1); });
    QAction* down = menu_->addAction(tr("Move down"));
    down->setObjectName(QStringLiteral("laneDown"));
    edit(down, [name, shown](LaneFilter& g) { lanefilter::move(g, shown, name, +1); });
    const bool collapsed = slot && slot->collapsed;
    QAction* col = menu_->addAction(collapsed ? tr("Expand") : tr("Collapse to a strip"));
    col->setObjectName(QStringLiteral("laneCollapse"));
    edit(col, [name](LaneFilter& g) { lanefilter::toggleCollapsed(g, name); });
    QAction* hide = menu_->addAction(tr("Hide this lane"));
    hide->setObjectName(QStringLiteral("laneHide"));
    edit(hide, [name](LaneFilter& g) { lanefilter::hide(g, name); });
    menu_->addSeparator();
    menu_->addAction(reset_);
    menu_->addAction(hideIdle_);
    return menu_;
}

void LaneBar::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslateUi();
    QToolBar::changeEvent(e);
}

void LaneBar::retranslateUi() {
    setWindowTitle(tr("Lanes"));
    label_->setText(tr(" Lanes: "));
    filter_->setPlaceholderText(tr("CPUs or names: 0-7, fio"));
    filter_->setToolTip(tr("Show only these lanes: CPU numbers or ranges (3, 0-7) and words in lane names "
                           "(a task, an interrupt), separated by commas. A task named here gets its own lane."));
    tasks_->setText(tr("Task lanes"));
    tasks_->setToolTip(tr("A lane per task that ran: when it was on a CPU and what interrupted it"));
    irqLines_->setText(tr("Interrupt-line lanes"));
    irqLines_->setToolTip(tr("A lane per interrupt line: pending, active and masked in the controller"));
    hideIdle_->setText(tr("Hide idle CPUs"));
    hideIdle_->setToolTip(tr("Leave out CPUs that were busy less than 0.05 % of the run (a note says which)"));
    reset_->setText(tr("Show all lanes"));
    reset_->setToolTip(tr("Undo pins, moves, collapses, hidden lanes and the filter"));
}

} // namespace irqscope::app
