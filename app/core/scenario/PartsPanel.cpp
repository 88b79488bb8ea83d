#include "core/scenario/PartsPanel.h"

#include "core/scenario/PartEditor.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace irqscope::app {

namespace {
constexpr int kListRole = Qt::UserRole;
constexpr int kIndexRole = Qt::UserRole + 1;

QString listTitle(const std::string& list) {
    if (list == "sources") return PartsPanel::tr("Interrupt sources");
    if (list == "tasks") return PartsPanel::tr("Tasks");
    if (list == "workqueues") return PartsPanel::tr("Workqueues");
    if (list == "resources") return PartsPanel::tr("Resources");
    if (list == "devices") return PartsPanel::tr("Devices (built-in models)");
    return PartsPanel::tr("Probes");
}
QString addText(const std::string& list) {
    if (list == "sources") return PartsPanel::tr("Interrupt source");
    if (list == "tasks") return PartsPanel::tr("Task");
    if (list == "workqueues") return PartsPanel::tr("Workqueue");
    if (list == "resources") return PartsPanel::tr("Resource (mutex, condition, barrier, completion)");
    if (list == "devices") return PartsPanel::tr("Device (nvme, i915, panthor, gic_bench)");
    return PartsPanel::tr("Probe (a latency to measure)");
}
} // namespace

PartsPanel::PartsPanel(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);
    notice_ = new QLabel(this);
    notice_->setObjectName(QStringLiteral("rtappNotice"));
    notice_->setWordWrap(true);
    notice_->setStyleSheet(
        QStringLiteral("QLabel { background:#fff6d6; color:#5a4300; padding:4px; border-radius:3px; }"));
    notice_->hide();
    outer->addWidget(notice_);

    auto* split = new QSplitter(Qt::Vertical, this);
    auto* top = new QWidget(split);
    auto* tv = new QVBoxLayout(top);
    tv->setContentsMargins(0, 0, 0, 0);
    tree_ = new QTreeWidget(top);
    tree_->setObjectName(QStringLiteral("partsTree"));
    tree_->setHeaderHidden(true);
    tree_->setColumnCount(1);
    tree_->setRootIsDecorated(true);
    tree_->setUniformRowHeights(true);
    tv->addWidget(tree_, 1);
    auto* buttons = new QHBoxLayout;
    add_ = new QToolButton(top);
    add_->setObjectName(QStringLiteral("addPart"));
    add_->setPopupMode(QToolButton::InstantPopup);
    add_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    addMenu_ = new QMenu(add_);
    for (const char* list : kPartListOrder) {
        const std::string l = list;
        QAction* a = addMenu_->addAction(QString(), this, [this, l] { addPart(l); });
        a->setData(QString::fromLatin1(list));
    }
    add_->setMenu(addMenu_);
    duplicate_ = new QPushButton(top);
    duplicate_->setObjectName(QStringLiteral("duplicatePart"));
    remove_ = new QPushButton(top);
    remove_->setObjectName(QStringLiteral("removePart"));
    connect(duplicate_, &QPushButton::clicked, this, &PartsPanel::duplicateSelected);
    connect(remove_, &QPushButton::clicked, this, &PartsPanel::removeSelected);
    buttons->addWidget(add_);
    buttons->addWidget(duplicate_);
    buttons->addWidget(remove_);
    buttons->addStretch(1);
    tv->addLayout(buttons);
    banner_ = new QLabel(top);
    banner_->setWordWrap(true);
    banner_->setStyleSheet(
        QStringLiteral("QLabel { background:#fdecea; color:#8a1c1c; padding:4px; border-radius:3px; }"));
    banner_->hide();
    tv->addWidget(banner_);

    auto* scroll = new QScrollArea(split);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    editor_ = new PartEditor(scroll);
    scroll->setWidget(editor_);
    split->addWidget(top);
    split->addWidget(scroll);
    // at 1366x768 the tab is about 300 px high: the list gets a third (it
    // scrolls), the form the rest; both shares ignore their size hints
    tree_->setMinimumHeight(tree_->fontMetrics().lineSpacing() * 2);
    top->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    scroll->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    scroll_ = scroll;
    split_ = split;
    outer->addWidget(split, 1);

    connect(tree_, &QTreeWidget::currentItemChanged, this, &PartsPanel::selectionChanged);
    connect(editor_, &PartEditor::fieldCommitted, this, &PartsPanel::applyField);
    connect(editor_, &PartEditor::jsonCommitted, this, &PartsPanel::applyJson);
    retranslateUi();
    rebuildTree();
}

void PartsPanel::retranslateUi() {
    add_->setText(tr("Add ▾"));
    add_->setToolTip(tr("Add a part with a fresh name and working defaults"));
    duplicate_->setText(tr("Duplicate"));
    duplicate_->setToolTip(tr("A copy of the selected part under a fresh name"));
    remove_->setText(tr("Remove"));
    remove_->setToolTip(tr("Remove the selected part (refused while another part refers to it)"));
    for (QAction* a : addMenu_->actions()) a->setText(addText(a->data().toString().toStdString()));
    for (int i = 0; i < tree_->topLevelItemCount(); ++i) {
        QTreeWidgetItem* it = tree_->topLevelItem(i);
        const std::string list = it->data(0, kListRole).toString().toStdString();
        it->setText(0, tr("%1 (%2)").arg(listTitle(list)).arg(model_.count(list)));
    }
    const std::string& rt = model_.scenario().rtappFile();
    if (rt.empty()) notice_->hide();
    else {
        const QString file = QFileInfo(QString::fromStdString(rt)).fileName();
        notice_->setText(
            rt == model_.scenario().source()
                ? tr("These tasks come from the rt-app task set %1. Edits are saved in IRQ Scope's scenario "
                     "language (File ▸ Save scenario as…), not as rt-app JSON; the rt-app file stays as it is.")
                      .arg(file)
                : tr("The tasks and resources of the rt-app file %1 are shown as parts. Saving writes them into "
                     "this scenario in IRQ Scope's language, in place of the reference to %1.")
                      .arg(file));
        notice_->show();
    }
}

void PartsPanel::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    if (sized_) return;
    sized_ = true;
    // a third for the list, the rest for the form, whatever the size hints say
    const int h = split_->height();
    split_->setSizes({h / 3, h - h / 3});
}

void PartsPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(e);
}

int PartsPanel::partCount() const {
    int n = 0;
    for (const char* list : kPartListOrder) n += int(model_.count(list));
    return n;
}

void PartsPanel::setScenario(const Scenario& s) {
    const bool same = s.parts() == model_.lists() && s.rtappFile() == model_.scenario().rtappFile();
    model_ = PartsModel(s);
    if (same) return;
    banner_->hide();
    editor_->clearErrors();
    rebuildTree();
}

void PartsPanel::rebuildTree() {
    const auto [selList, selIndex] = selected();
    rebuilding_ = true;
    tree_->clear();
    QTreeWidgetItem* current = nullptr;
    for (const char* list : kPartListOrder) {
        auto* top = new QTreeWidgetItem(tree_);
        top->setData(0, kListRole, QString::fromLatin1(list));
        top->setData(0, kIndexRole, -1);
        QFont f = top->font(0);
        f.setBold(true);
        top->setFont(0, f);
        for (std::size_t i = 0; i < model_.count(list); ++i) {
            auto* it = new QTreeWidgetItem(top);
            it->setText(0, model_.name(list, i));
            it->setData(0, kListRole, QString::fromLatin1(list));
            it->setData(0, kIndexRole, int(i));
            it->setToolTip(0, QString::fromStdString(model_.part(list, i)->dump()));
            if (selList == list && selIndex == i) current = it;
        }
        top->setExpanded(true);
    }
    rebuilding_ = false;
    retranslateUi();
    if (current) tree_->setCurrentItem(current);
    else selectionChanged();
    updateButtons();
    emit partCountChanged(partCount());
}

std::pair<std::string, std::size_t> PartsPanel::selected() const {
    const QTreeWidgetItem* it = tree_->currentItem();
    if (!it || it->data(0, kIndexRole).toInt() < 0) return {std::string(), 0};
    return {it->data(0, kListRole).toString().toStdString(), std::size_t(it->data(0, kIndexRole).toInt())};
}

void PartsPanel::select(const std::string& list, std::size_t index) {
    for (int i = 0; i < tree_->topLevelItemCount(); ++i) {
        QTreeWidgetItem* top = tree_->topLevelItem(i);
        if (top->data(0, kListRole).toString().toStdString() != list) continue;
        if (index < std::size_t(top->childCount())) tree_->setCurrentItem(top->child(int(index)));
    }
}

void PartsPanel::selectionChanged() {
    if (rebuilding_) return;
    const auto [list, index] = selected();
    editor_->clearErrors();
    if (list.empty()) editor_->clearPart();
    else editor_->showPart(model_, list, index);
    updateButtons();
}

void PartsPanel::updateButtons() {
    const bool any = !selected().first.empty();
    duplicate_->setEnabled(any);
    remove_->setEnabled(any);
}

void PartsPanel::showBanner(const QString& text) {
    banner_->setText(text);
    banner_->setVisible(!text.isEmpty());
}

void PartsPanel::accepted(const std::string& list, std::size_t index) {
    lastEditOk_ = true;
    showBanner(QString());
    editor_->clearErrors();
    const auto [selList, selIndex] = selected();
    if (selList == list && selIndex == index && tree_->topLevelItemCount()) {
        // the same part: the rows stay (the focus stays in the next field)
        for (int i = 0; i < tree_->topLevelItemCount(); ++i) {
            QTreeWidgetItem* top = tree_->topLevelItem(i);
            if (top->data(0, kListRole).toString().toStdString() == list && int(index) < top->childCount()) {
                top->child(int(index))->setText(0, model_.name(list, index));
                top->child(int(index))->setToolTip(0, QString::fromStdString(model_.part(list, index)->dump()));
            }
        }
        editor_->showPart(model_, list, index);
    } else {
        rebuildTree();
        select(list, index);
    }
    emit partsEdited(model_.scenario());
}

void PartsPanel::refused(const Error& e) {
    lastEditOk_ = false;
    showBanner(tr("Not changed: %1").arg(QString::fromStdString(e.toString())));
}

bool PartsPanel::adopt(const std::string& list, const Result<std::size_t>& result) {
    if (!result) {
        refused(result.error());
        return false;
    }
    rebuildTree();
    select(list, *result);
    accepted(list, *result);
    return true;
}

bool PartsPanel::addPart(const std::string& list) {
    return adopt(list, model_.add(list));
}

bool PartsPanel::duplicateSelected() {
    const auto [list, index] = selected();
    if (list.empty()) return false;
    return adopt(list, model_.duplicate(list, index));
}

bool PartsPanel::removeSelected() {
    const auto [list, index] = selected();
    if (list.empty()) return false;
    if (auto st = model_.remove(list, index); !st) {
        refused(st.error());
        return false;
    }
    const std::size_t left = model_.count(list);
    rebuildTree();
    if (left > 0) select(list, std::min(index, left - 1));
    showBanner(QString());
    lastEditOk_ = true;
    emit partsEdited(model_.scenario());
    return true;
}

void PartsPanel::applyField(const char* pointer, const QString& text) {
    const auto [list, index] = selected();
    if (list.empty()) return;
    const PartField* field = nullptr;
    for (const PartField& f : partFields(list))
        if (std::string_view(f.pointer) == pointer) field = &f;
    if (!field) return;
    const ParsedText parsed = valueOfText(field->kind, text);
    if (!parsed.syntaxError.isEmpty()) {
        lastEditOk_ = false;
        editor_->showError(pointer, Error{model_.scenario().source(), errorPath(list, index, pointer),
                                          parsed.syntaxError.toStdString()});
        revealError();
        return;
    }
    if (auto st = model_.setField(list, index, pointer, parsed); !st) {
        lastEditOk_ = false;
        showBanner(QString());
        editor_->showError(pointer, st.error());
        revealError();
        return;
    }
    accepted(list, index);
}

void PartsPanel::applyJson(const QString& text) {
    const auto [list, index] = selected();
    if (list.empty()) return;
    const ParsedText parsed = valueOfText(FieldKind::Json, text);
    Error e{model_.scenario().source(), errorPath(list, index, ""), parsed.syntaxError.toStdString()};
    if (parsed.syntaxError.isEmpty()) {
        if (!parsed.value) e.message = tr("expected the part as a JSON object").toStdString();
        else if (auto st = model_.replacePart(list, index, *parsed.value); st) {
            // a renamed part keeps its place: select it again by index
            accepted(list, index);
            return;
        } else e = st.error();
    }
    lastEditOk_ = false;
    editor_->showError("", e);
    revealError();
}

void PartsPanel::revealError() {
    // the field that shows the error scrolls into view (the form can be taller than the dock)
    for (QLabel* l : editor_->findChildren<QLabel*>())
        if (l->isVisibleTo(editor_) && l->styleSheet().contains(QLatin1String("#b3141b"))) {
            scroll_->ensureWidgetVisible(l, 10, 40);
            return;
        }
}

bool PartsPanel::editField(const char* pointer, const QString& text) {
    lastEditOk_ = false;
    editor_->edit(pointer, text);
    return lastEditOk_;
}

QString PartsPanel::errorAt(const char* pointer) const {
    return editor_->errorAt(pointer);
}

QString PartsPanel::bannerText() const {
    return banner_->isHidden() ? QString() : banner_->text();
}

} // namespace irqscope::app
