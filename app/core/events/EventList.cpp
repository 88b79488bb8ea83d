#include "core/events/EventList.h"

#include "core/timeline/Palette.h"
#include "core/timeline/TimelinePlot.h"
#include "core/util/TimeFormat.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace irqscope::app {

namespace {
enum Column { ColStart, ColCpu, ColKind, ColName, ColDuration, ColCount };

bool isEvent(ContextKind k) {
    return k != ContextKind::Idle && k < ContextKind::LinePending;
}

QString nameOf(const Trace& t, const Segment& s) {
    QString n = qstr(t.str(s.entity));
    if (s.detail != kNoString) n += QStringLiteral(" \u00b7 ") + qstr(t.str(s.detail));
    return n;
}
} // namespace

void EventModel::setTrace(const Trace* t, const Filter& f) {
    beginResetModel();
    trace_ = t;
    rows_.clear();
    if (t) {
        const std::string text = f.text.trimmed().toLower().toStdString();
        for (std::uint32_t l = 0; l < t->laneCount(); ++l) {
            const LaneInfo& info = t->lane(l);
            if (info.type != LaneType::Cpu || (f.cpu >= 0 && info.cpu != f.cpu)) continue;
            for (int d = 0; d < t->depthCount(l); ++d)
                for (std::size_t i = 0; i < t->segmentCount(l, d); ++i) {
                    const Segment s = t->segment(l, d, i);
                    if (!isEvent(s.kind) || (f.kind && s.kind != *f.kind)) continue;
                    if (!text.empty()) {
                        std::string n = std::string(t->str(s.entity)) + ' ' + std::string(t->str(s.detail));
                        std::transform(n.begin(), n.end(), n.begin(), [](char ch) { return char(std::tolower(ch)); });
                        if (n.find(text) == std::string::npos) continue;
                    }
                    rows_.push_back(Row{l, static_cast<std::uint8_t>(d), static_cast<std::uint32_t>(i), s.start});
                }
        }
        std::stable_sort(rows_.begin(), rows_.end(), [](const Row& a, const Row& b) { return a.start < b.start; });
    }
    endResetModel();
}

Segment EventModel::segment(int row) const {
    const Row& r = rows_[static_cast<std::size_t>(row)];
    return trace_->segment(r.lane, r.depth, r.index);
}

std::optional<int> EventModel::rowOf(std::uint32_t lane, const Segment& s) const {
    auto it = std::lower_bound(rows_.begin(), rows_.end(), s.start, [](const Row& r, Time t) { return r.start < t; });
    for (; it != rows_.end() && it->start == s.start; ++it)
        if (it->lane == lane && it->depth == s.depth && it->index == s.index) return int(it - rows_.begin());
    return std::nullopt;
}

int EventModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int EventModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColCount;
}

QVariant EventModel::data(const QModelIndex& index, int role) const {
    if (!trace_ || !index.isValid()) return {};
    const Segment s = segment(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case ColStart: return formatTime(double(s.start - trace_->startTime()));
        case ColCpu: return trace_->lane(rows_[static_cast<std::size_t>(index.row())].lane).cpu;
        case ColKind: return Palette::kindName(s.kind);
        case ColName: return nameOf(*trace_, s);
        case ColDuration: return formatTime(double(s.end - s.start));
        default: return {};
        }
    }
    if (role == Qt::DecorationRole && index.column() == ColKind) return Palette().kind(s.kind);
    if (role == Qt::TextAlignmentRole && index.column() != ColName && index.column() != ColKind)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant EventModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case ColStart: return tr("Start");
    case ColCpu: return tr("CPU");
    case ColKind: return tr("Kind");
    case ColName: return tr("Name");
    case ColDuration: return tr("Duration");
    default: return {};
    }
}

EventList::EventList(TimelinePlot* plot, QWidget* parent) : QWidget(parent), plot_(plot), model_(new EventModel) {
    model_->setParent(this);
    setObjectName(QStringLiteral("EventList"));
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(2, 2, 2, 2);
    auto* row1 = new QHBoxLayout;
    search_ = new QLineEdit(this);
    search_->setClearButtonEnabled(true);
    kind_ = new QComboBox(this);
    cpu_ = new QComboBox(this);
    // The dock shares the right column with Details and Machine state: the
    // combos and the count must not set its width on a 1024-px screen.
    for (QComboBox* c : {kind_, cpu_}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(6);
    }
    row1->addWidget(search_, 1);
    row1->addWidget(kind_);
    row1->addWidget(cpu_);
    v->addLayout(row1);
    auto* row2 = new QHBoxLayout;
    prev_ = new QPushButton(this);
    next_ = new QPushButton(this);
    longest_ = new QPushButton(this);
    count_ = new QLabel(this);
    count_->setWordWrap(true);
    row2->addWidget(prev_);
    row2->addWidget(next_);
    row2->addWidget(longest_);
    row2->addWidget(count_, 1);
    v->addLayout(row2);
    table_ = new QTableView(this);
    table_->setModel(model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 4);
    table_->horizontalHeader()->setStretchLastSection(false);
    for (int c : {ColStart, ColCpu, ColKind, ColDuration})
        table_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(ColName, QHeaderView::Stretch);
    table_->horizontalHeader()->setResizeContentsPrecision(200);
    v->addWidget(table_, 1);

    auto* debounce = new QTimer(this);
    debounce->setSingleShot(true);
    debounce->setInterval(250);
    connect(debounce, &QTimer::timeout, this, &EventList::reload);
    connect(search_, &QLineEdit::textChanged, debounce, qOverload<>(&QTimer::start));
    connect(kind_, &QComboBox::activated, this, &EventList::reload);
    connect(cpu_, &QComboBox::activated, this, &EventList::reload);
    connect(prev_, &QPushButton::clicked, this, &EventList::previous);
    connect(next_, &QPushButton::clicked, this, &EventList::next);
    connect(longest_, &QPushButton::clicked, this, &EventList::longest);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& cur) {
        if (!syncing_ && cur.isValid()) selectRow(cur.row());
    });
    connect(plot_, &TimelinePlot::selectionChanged, this, &EventList::followTimeline);
    retranslateUi();
}

void EventList::reload() {
    const Trace* t = plot_->scene().trace();
    if (t != shown_) {
        // the CPU choices of this trace
        const QVariant keep = cpu_->currentData();
        cpu_->clear();
        cpu_->addItem(tr("all CPUs"), -1);
        if (t)
            for (std::uint32_t l = 0; l < t->laneCount(); ++l)
                if (t->lane(l).type == LaneType::Cpu) cpu_->addItem(qstr(t->lane(l).name), t->lane(l).cpu);
        cpu_->setCurrentIndex(std::max(0, cpu_->findData(keep)));
        shown_ = t;
    }
    EventModel::Filter f;
    if (kind_->currentData().toInt() >= 0) f.kind = static_cast<ContextKind>(kind_->currentData().toInt());
    f.cpu = cpu_->currentData().isValid() ? cpu_->currentData().toInt() : -1;
    f.text = search_->text();
    model_->setTrace(t, f);
    count_->setText(tr("%1 events").arg(QLocale().toString(model_->rowCount())));
    followTimeline();
}

void EventList::selectRow(int row) {
    if (row < 0 || row >= model_->rowCount()) return;
    const EventModel::Row& r = model_->rows()[static_cast<std::size_t>(row)];
    const Segment s = model_->segment(row);
    TimelineItem item;
    item.lane = r.lane;
    item.segment = s;
    // centre it, zoomed so that it is at least a few pixels wide
    const TimeRange v = plot_->view();
    const double len = double(s.end - s.start), mid = (double(s.start) + double(s.end)) / 2;
    const double px = len * std::max(1, plot_->axisRect()->width()) / std::max(1.0, v.span());
    const double want = (px < 3 || len > v.span()) ? std::max(len * 8, 20000.0) : v.span();
    plot_->setView({mid - want / 2, mid + want / 2}, true);
    syncing_ = true;
    plot_->selectItem(item);
    table_->selectRow(row);
    table_->scrollTo(model_->index(row, 0));
    syncing_ = false;
}

int EventList::selectedRow() const {
    const QModelIndex cur = table_->selectionModel()->currentIndex();
    return cur.isValid() ? cur.row() : -1;
}

void EventList::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    if (plot_->scene().trace() != shown_) reload();
}

void EventList::followTimeline() {
    if (syncing_) return;
    // a new run: listed now when the list is visible, else when it is shown
    if (plot_->scene().trace() != shown_) {
        if (isVisible()) reload();
        return;
    }
    const auto& sel = plot_->selection();
    if (!sel || sel->type != TimelineItem::Type::Segment) return;
    if (const auto row = model_->rowOf(sel->lane, sel->segment)) {
        syncing_ = true;
        table_->selectRow(*row);
        table_->scrollTo(model_->index(*row, 0));
        syncing_ = false;
    }
}

Time EventList::reference() const {
    if (const auto& sel = plot_->selection()) return sel->time();
    if (const auto c = plot_->cursorTime()) return *c;
    return static_cast<Time>(plot_->view().t0);
}

void EventList::next() {
    const auto& rows = model_->rows();
    const Time t = reference();
    int cur = selectedRow();
    // the first row after the selection (same start: the one after it in the list)
    auto it =
        std::upper_bound(rows.begin(), rows.end(), t, [](Time x, const EventModel::Row& r) { return x < r.start; });
    int row = int(it - rows.begin());
    if (cur >= 0 && rows[std::size_t(cur)].start == t && cur + 1 < int(rows.size())) row = cur + 1;
    if (row < int(rows.size())) selectRow(row);
}

void EventList::previous() {
    const auto& rows = model_->rows();
    const Time t = reference();
    const int cur = selectedRow();
    auto it =
        std::lower_bound(rows.begin(), rows.end(), t, [](const EventModel::Row& r, Time x) { return r.start < x; });
    int row = int(it - rows.begin()) - 1;
    if (cur >= 0 && rows[std::size_t(cur)].start == t && cur > 0) row = cur - 1;
    if (row >= 0) selectRow(row);
}

void EventList::longest() {
    int best = -1;
    Time bestLen = 0;
    for (int i = 0; i < model_->rowCount(); ++i) {
        const Segment s = model_->segment(i);
        if (best < 0 || s.end - s.start > bestLen) best = i, bestLen = s.end - s.start;
    }
    if (best >= 0) selectRow(best);
}

void EventList::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(e);
}

void EventList::retranslateUi() {
    search_->setPlaceholderText(tr("Search events: a name (eth0, NET_RX, fio)"));
    const int kind = kind_->currentIndex();
    kind_->clear();
    kind_->addItem(tr("every kind"), -1);
    for (ContextKind k : Palette::legendKinds())
        if (isEvent(k)) kind_->addItem(Palette::kindName(k), int(k));
    kind_->setCurrentIndex(std::max(0, kind));
    if (cpu_->count() > 0) cpu_->setItemText(0, tr("all CPUs"));
    prev_->setText(tr("\u25C0 Previous"));
    prev_->setToolTip(tr("The previous event of this kind and CPU before the selection"));
    next_->setText(tr("Next \u25B6"));
    next_->setToolTip(tr("The next event of this kind and CPU after the selection"));
    longest_->setText(tr("Longest"));
    longest_->setToolTip(tr("Select the longest event of this kind and CPU"));
    count_->setText(tr("%1 events").arg(QLocale().toString(model_->rowCount())));
}

} // namespace irqscope::app
