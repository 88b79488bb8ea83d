#include "core/player/MachineStateView.h"

#include "core/player/PlayerController.h"
#include "core/timeline/ItemText.h"
#include "core/timeline/Palette.h"
#include "core/util/TimeFormat.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QStyledItemDelegate>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace irqscope::app {

namespace {
// Row heights for wrapped values: the view asks the delegate without a width,
// so the value column's width is put in here.
class WrapDelegate : public QStyledItemDelegate {
public:
    explicit WrapDelegate(QTreeWidget* tree) : QStyledItemDelegate(tree), tree_(tree) {}
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override {
        QStyleOptionViewItem o = option;
        int w = tree_->columnWidth(index.column());
        if (index.column() == 0) {
            // a name's text starts after one indentation per level, the top
            // level's own included when the root is decorated (its branch)
            if (tree_->rootIsDecorated()) w -= tree_->indentation();
            for (QModelIndex p = index.parent(); p.isValid(); p = p.parent()) w -= tree_->indentation();
        }
        o.rect = QRect(0, 0, std::max(w, 20), 1); // valid: the style wraps only in a valid rectangle
        o.features |= QStyleOptionViewItem::WrapText;
        return QStyledItemDelegate::sizeHint(o, index);
    }

private:
    QTreeWidget* tree_;
};

// Linux's softirq vector names (identifiers, not translated).
constexpr const char* kSoftirqNames[] = {"HI",       "TIMER",   "NET_TX", "NET_RX",  "BLOCK",
                                         "IRQ_POLL", "TASKLET", "SCHED",  "HRTIMER", "RCU"};

// The i-th child of parent, created when missing; extra children beyond `count` go.
QTreeWidgetItem* child(QTreeWidgetItem* parent, int i) {
    while (parent->childCount() <= i) new QTreeWidgetItem(parent);
    return parent->child(i);
}
void trim(QTreeWidgetItem* parent, int count) {
    while (parent->childCount() > count) delete parent->takeChild(parent->childCount() - 1);
}

// Set a row's texts; `alert` marks a state worth the eye (irqs off, need_resched set...).
void setRow(QTreeWidgetItem* it, const QString& what, const QString& value, bool alert = false) {
    it->setText(0, what);
    it->setText(1, value);
    QFont f = it->font(1);
    f.setBold(alert);
    it->setFont(1, f);
    it->setForeground(1, alert ? QBrush(QColor(0xA0, 0x10, 0x10)) : QBrush());
}
} // namespace

MachineStateView::MachineStateView(QWidget* parent) : QWidget(parent) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    header_ = new QLabel(this);
    header_->setObjectName(QStringLiteral("machineStateTime"));
    header_->setWordWrap(true);
    v->addWidget(header_);
    tree_ = new QTreeWidget(this);
    tree_->setObjectName(QStringLiteral("machineStateTree"));
    tree_->setColumnCount(2);
    // The values are what the class reads: the names' column takes at most
    // half the width, and a value longer than the rest wraps onto more lines
    // (in large type a narrow dock once left them all off to the right).
    tree_->setUniformRowHeights(false);
    tree_->setWordWrap(true);
    tree_->setTextElideMode(Qt::ElideNone);
    tree_->setItemDelegate(new WrapDelegate(tree_));
    tree_->header()->setSectionResizeMode(0, QHeaderView::Interactive);
    tree_->setIndentation(14);
    tree_->header()->setStretchLastSection(true);
    tree_->viewport()->installEventFilter(this);
    connect(tree_, &QTreeWidget::itemExpanded, this, &MachineStateView::fitColumns);
    connect(tree_, &QTreeWidget::itemCollapsed, this, &MachineStateView::fitColumns);
    tree_->setSelectionMode(QAbstractItemView::NoSelection);
    v->addWidget(tree_, 1);
    applyFont();
    retranslateUi();
}

bool MachineStateView::eventFilter(QObject* watched, QEvent* e) {
    if (watched == tree_->viewport() && e->type() == QEvent::Resize) fitColumns();
    return QWidget::eventFilter(watched, e);
}

namespace {
// The widest name (with its indentation) and the widest value among the rows
// on show (children of expanded rows).
void widths(const QTreeWidget* tree, const QTreeWidgetItem* parent, int depth, int& names, int& values) {
    for (int i = 0; i < parent->childCount(); ++i) {
        const QTreeWidgetItem* it = parent->child(i);
        names =
            std::max(names, (depth + 1) * tree->indentation() +
                                QFontMetrics(it->font(0).resolve(tree->font())).horizontalAdvance(it->text(0)) + 12);
        values = std::max(values, QFontMetrics(it->font(1).resolve(tree->font())).horizontalAdvance(it->text(1)) + 12);
        if (it->isExpanded()) widths(tree, it, depth + 1, names, values);
    }
}
} // namespace

void MachineStateView::fitColumns() {
    // the names as wide as they need, but no more than half; a value (or a
    // name) that does not fit wraps at its spaces
    const int view = tree_->viewport()->width();
    int names = 0, values = 0;
    widths(tree_, tree_->invisibleRootItem(), 0, names, values);
    const int w = std::max(40, std::min(names, view / 2));
    if (tree_->columnWidth(0) != w) tree_->setColumnWidth(0, w);
    tree_->doItemsLayout(); // wrapped values: row heights for the new width
}

void MachineStateView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslateUi();
    if (e->type() == QEvent::FontChange) applyFont();
    QWidget::changeEvent(e);
}

// A fifth larger than the window's font (presentation mode included): read from the back of a room.
void MachineStateView::applyFont() {
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 1.2);
    tree_->setFont(f);
    f.setBold(true);
    header_->setFont(f);
    fitColumns();
}

void MachineStateView::retranslateUi() {
    tree_->setHeaderLabels({tr("What"), tr("State")});
    tree_->setToolTip(tr("<p>The machine at the player's cursor. <b>Interrupts OFF</b>: the CPU takes no interrupt "
                         "(a hardirq, or local_irq_disable). <b>need_resched</b>: the scheduler wants to switch "
                         "at the next preemption point (lazy: at the tick or on return to user). <b>GIC running "
                         "priority</b> 0xa0: an acknowledged interrupt has not had its priority dropped (EOI), so "
                         "no other is signalled to this CPU.</p>"));
    refresh();
}

void MachineStateView::setRun(RunPtr run) {
    run_ = std::move(run);
    tree_->clear();
    haveTime_ = false;
    state_ = MachineState{};
    refresh();
}

void MachineStateView::showTime(Time t) {
    if (!run_) return;
    state_ = stateAt(run_->trace, run_->stateLog, t);
    haveTime_ = true;
    refresh();
}

QString MachineStateView::name(StringId id) const {
    return run_ && id != kNoString ? qstr(run_->trace.str(id)) : tr("—");
}

void MachineStateView::refresh() {
    if (!run_ || !haveTime_) {
        header_->setText(tr("Play the timeline or click in it to see the machine state at that time."));
        tree_->clear();
        return;
    }
    const StateLog& log = run_->stateLog;
    QString note;
    if (!log.active()) note = tr(" — this run has no state log: only the trace's contexts");
    else if (!state_.recorded)
        note = tr(" — not recorded after %1 (memory budget)").arg(formatTime(double(log.recordedUntil())));
    header_->setText(tr("State at %1%2").arg(PlayerController::cursorText(state_.t), note));

    const bool fresh = tree_->topLevelItemCount() == 0;
    int row = 0;
    for (const CpuStateAt& c : state_.cpus) {
        while (tree_->topLevelItemCount() <= row) tree_->addTopLevelItem(new QTreeWidgetItem);
        fillCpu(tree_->topLevelItem(row++), c);
    }
    while (tree_->topLevelItemCount() <= row + 1) tree_->addTopLevelItem(new QTreeWidgetItem);
    QTreeWidgetItem* lines = tree_->topLevelItem(row++);
    fillLines(lines);
    QTreeWidgetItem* pools = tree_->topLevelItem(row++);
    fillPools(pools);
    if (fresh) {
        lines->setExpanded(true);
        pools->setExpanded(true);
    }
    while (tree_->topLevelItemCount() > row) delete tree_->takeTopLevelItem(tree_->topLevelItemCount() - 1);
    fitColumns();
}

void MachineStateView::fillCpu(QTreeWidgetItem* item, const CpuStateAt& c) {
    const Segment* top = c.stack.empty() ? nullptr : &c.stack.back();
    const bool idle = !top || (c.stack.size() == 1 && top->kind == ContextKind::Idle);
    QString doing = tr("nothing recorded");
    if (top) doing = tr("%1 %2").arg(Palette::kindName(top->kind), name(top->entity));
    else if (state_.recorded) doing = tr("%1 %2").arg(Palette::kindName(ContextKind::Idle), name(c.running));
    // Busy CPUs open, idle ones close — each time a CPU changes between the two,
    // so what the teacher opened by hand stays open while nothing changes.
    const QVariant wasIdle = item->data(0, Qt::UserRole);
    if (!wasIdle.isValid() || wasIdle.toBool() != idle) {
        item->setData(0, Qt::UserRole, idle);
        item->setExpanded(!idle);
    }
    setRow(item, tr("CPU %1").arg(c.cpu), doing);
    QFont f = item->font(0);
    f.setBold(true);
    item->setFont(0, f);

    int i = 0;
    // The context stack, innermost last: what interrupted what.
    QTreeWidgetItem* stack = child(item, i++);
    setRow(stack, tr("Context stack"), tr("%n level(s)", nullptr, int(c.stack.size())));
    for (std::size_t d = 0; d < c.stack.size(); ++d) {
        const Segment& s = c.stack[d];
        QString what = tr("%1 %2").arg(Palette::kindName(s.kind), name(s.entity));
        if (s.detail != kNoString) what += tr(" (%1)").arg(name(s.detail));
        const bool irq = s.kind == ContextKind::Hardirq || s.kind == ContextKind::Nmi;
        setRow(child(stack, int(d)), tr("depth %1").arg(d), what, irq);
    }
    trim(stack, int(c.stack.size()));
    if (stack->childCount() > 0) stack->setExpanded(true);

    const QString none = tr("not recorded");
    if (!state_.recorded) {
        for (const QString& what : {tr("Interrupts"), tr("need_resched"), tr("Softirqs pending"),
                                    tr("GIC running priority"), tr("Run queue")}) {
            QTreeWidgetItem* r = child(item, i++);
            setRow(r, what, none);
            trim(r, 0);
        }
        trim(item, i);
        return;
    }
    setRow(child(item, i++), tr("Interrupts"), c.irqsOff ? tr("OFF") : tr("on"), c.irqsOff);
    QString resched = tr("clear");
    if (c.needResched) resched = tr("SET");
    else if (c.needReschedLazy) resched = tr("lazy");
    setRow(child(item, i++), tr("need_resched"), resched, c.needResched || c.needReschedLazy);
    QStringList soft;
    for (int v = 0; v < int(std::size(kSoftirqNames)); ++v)
        if (c.softirqPending & (1u << v)) soft << QString::fromLatin1(kSoftirqNames[v]);
    setRow(child(item, i++), tr("Softirqs pending"), soft.isEmpty() ? tr("none") : soft.join(QStringLiteral(", ")),
           !soft.isEmpty());
    // Linux runs every ordinary interrupt at one priority (0xa0); 0xff is "idle".
    setRow(child(item, i++), tr("GIC running priority"),
           c.activePriorities == 0 ? tr("idle (0xff)") : tr("0xa0, %n not EOIed", nullptr, c.activePriorities),
           c.activePriorities > 0);
    QTreeWidgetItem* rq = child(item, i++);
    setRow(rq, tr("Run queue"),
           c.runnable.empty() ? tr("empty — running %1").arg(name(c.running))
                              : tr("%n waiting — running %1", nullptr, int(c.runnable.size())).arg(name(c.running)));
    for (std::size_t k = 0; k < c.runnable.size(); ++k) setRow(child(rq, int(k)), tr("runnable"), name(c.runnable[k]));
    trim(rq, int(c.runnable.size()));
    trim(item, i);
}

void MachineStateView::fillLines(QTreeWidgetItem* group) {
    int busy = 0;
    int i = 0;
    for (const LineStateAt& l : state_.lines) {
        QStringList st;
        if (l.pending) st << tr("pending");
        if (l.active) st << tr("active");
        if (l.masked) st << tr("masked");
        busy += st.isEmpty() ? 0 : 1;
        // imported lanes are already named "IRQ 45 nvme0q1"
        const QString what = state_.recorded
                                 ? tr("IRQ %1 %2 → CPU %3").arg(l.info.intid).arg(qstr(l.info.name)).arg(l.info.cpu)
                                 : qstr(l.info.name);
        setRow(child(group, i++), what, st.isEmpty() ? tr("inactive") : st.join(QStringLiteral(", ")), !st.isEmpty());
    }
    trim(group, i);
    setRow(group, tr("Interrupt lines"),
           state_.lines.empty() ? (state_.recorded ? tr("none used") : tr("not recorded"))
                                : tr("%1 of %2 pending, active or masked").arg(busy).arg(state_.lines.size()));
    QFont f = group->font(0);
    f.setBold(true);
    group->setFont(0, f);
}

void MachineStateView::fillPools(QTreeWidgetItem* group) {
    int i = 0;
    for (const PoolStateAt& p : state_.pools) {
        const QString where = p.info.cpu >= 0 ? tr("pool %1 (CPU %2)").arg(qstr(p.info.name)).arg(p.info.cpu)
                                              : tr("pool %1 (unbound)").arg(qstr(p.info.name));
        setRow(child(group, i++), where,
               tr("%1 pending · %2 busy · %3 idle · %4 workers").arg(p.pending).arg(p.busy).arg(p.idle).arg(p.workers),
               p.pending > 0);
    }
    trim(group, i);
    setRow(group, tr("Workqueue pools"),
           !state_.recorded       ? tr("not recorded")
           : state_.pools.empty() ? tr("none used")
                                  : QString());
    QFont f = group->font(0);
    f.setBold(true);
    group->setFont(0, f);
}

} // namespace irqscope::app
