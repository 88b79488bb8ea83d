#include "core/scenario/KnobPanel.h"

#include "core/util/TimeFormat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

#include <map>

namespace irqscope::app {

namespace {
const nlohmann::json* lookup(const nlohmann::json& tree, const std::string& path) {
    const nlohmann::json* j = &tree;
    std::size_t pos = 0;
    while (pos <= path.size()) {
        const std::size_t dot = path.find('.', pos);
        const std::string key = path.substr(pos, dot == std::string::npos ? std::string::npos : dot - pos);
        if (!j->is_object() || !j->contains(key)) return nullptr;
        j = &(*j)[key];
        if (dot == std::string::npos) break;
        pos = dot + 1;
    }
    return j;
}

bool isDuration(const ParamSpec& p) {
    return p.type == ParamType::Duration || p.type == ParamType::Distribution;
}

// A distribution (ParamType::Distribution) shows as its JSON, which the field reads back.
QString valueText(const ParamSpec& p, const nlohmann::json& v) {
    if (isDuration(p) && v.is_number_integer()) return durationText(v.get<Time>());
    if (v.is_string()) return QString::fromStdString(v.get<std::string>());
    return QString::fromStdString(v.dump());
}

QString rangeText(const ParamSpec& p) {
    if (!p.hasRange) return {};
    if (isDuration(p)) return KnobPanel::tr("%1 … %2").arg(formatTime(p.min), formatTime(p.max));
    const QString unit = QString::fromStdString(p.unit);
    return KnobPanel::tr("%1 … %2 %3")
        .arg(QString::number(p.min, 'g', 10), QString::number(p.max, 'g', 10), unit)
        .trimmed();
}

// Schema group names are engine strings (English); listed here so lupdate
// extracts them and the panel can show them translated. A group missing here
// simply stays English.
[[maybe_unused]] constexpr const char* kGroupNames[] = {
    QT_TRANSLATE_NOOP("SchemaGroup", "Run"),
    QT_TRANSLATE_NOOP("SchemaGroup", "Machine"),
    QT_TRANSLATE_NOOP("SchemaGroup", "Kernel"),
    QT_TRANSLATE_NOOP("SchemaGroup", "Scheduler"),
    QT_TRANSLATE_NOOP("SchemaGroup", "Softirq"),
    QT_TRANSLATE_NOOP("SchemaGroup", "Workqueues"),
    QT_TRANSLATE_NOOP("SchemaGroup", "Watchdogs"),
    QT_TRANSLATE_NOOP("SchemaGroup", "Kernel costs"),
    QT_TRANSLATE_NOOP("SchemaGroup", "Interrupt controller"),
    QT_TRANSLATE_NOOP("SchemaGroup", "Workloads"),
    QT_TRANSLATE_NOOP("SchemaGroup", "IRQ benchmark"),
    QT_TRANSLATE_NOOP("SchemaGroup", "DRM scheduler"),
    QT_TRANSLATE_NOOP("SchemaGroup", "GPU (i915 execlists)"),
    QT_TRANSLATE_NOOP("SchemaGroup", "NVMe"),
    QT_TRANSLATE_NOOP("SchemaGroup", "IOMMU"),
};

// The tooltip of a parameter: its path, the schema's explanation (engine
// text, English), range and choices.
QString fieldTip(const ParamSpec& p) {
    QString tip =
        QStringLiteral("<b>%1</b><br>%2")
            .arg(QString::fromStdString(p.path).toHtmlEscaped(), QString::fromStdString(p.doc).toHtmlEscaped());
    if (const QString r = rangeText(p); !r.isEmpty())
        tip += QStringLiteral("<br><i>%1</i>").arg(KnobPanel::tr("range: %1").arg(r));
    if (!p.choices.empty()) {
        QStringList c;
        for (const auto& s : p.choices) c << QString::fromStdString(s);
        tip += QStringLiteral("<br><i>%1</i>").arg(KnobPanel::tr("one of: %1").arg(c.join(QStringLiteral(", "))));
    }
    return tip;
}

// The width an editor needs to show its value whole (a line edit: its text
// and a few more characters to type; a choice: its longest choice).
int valueWidth(QWidget* editor) {
    const QFontMetrics fm = editor->fontMetrics();
    const int frame = editor->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, nullptr, editor);
    if (auto* le = qobject_cast<QLineEdit*>(editor)) {
        const QMargins m = le->textMargins();
        const int text = std::max(fm.horizontalAdvance(le->text()), fm.horizontalAdvance(QLatin1Char('0')) * 6);
        // QLineEdit keeps 2 px a side inside its frame; a long value is capped (it scrolls)
        return std::min(text, fm.averageCharWidth() * 30) + 2 * frame + 4 + m.left() + m.right() + 2;
    }
    if (auto* combo = qobject_cast<QComboBox*>(editor)) return combo->sizeHint().width();
    return editor->sizeHint().width();
}
} // namespace

KnobPanel::KnobPanel(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);
    filter_ = new QLineEdit(this);
    filter_->setClearButtonEnabled(true);
    connect(filter_, &QLineEdit::textChanged, this, &KnobPanel::setFilter);
    outer->addWidget(filter_);
    banner_ = new QLabel(this);
    banner_->setWordWrap(true);
    banner_->setStyleSheet(
        QStringLiteral("QLabel { background:#fdecea; color:#8a1c1c; padding:4px; border-radius:3px; }"));
    banner_->hide();
    outer->addWidget(banner_);

    auto* scroll = new QScrollArea(this);
    scroll_ = scroll;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn); // the column's width does not depend on it
    scroll->viewport()->installEventFilter(this);              // resized: fitRows()
    auto* content = new QWidget(scroll);
    auto* v = new QVBoxLayout(content);
    v->setContentsMargins(0, 0, 0, 0);

    std::map<std::string, QFormLayout*> groups;
    std::vector<std::string> order;
    const auto& params = Schema::builtin().params();
    fields_.reserve(params.size());
    for (const ParamSpec& p : params) {
        auto it = groups.find(p.group);
        if (it == groups.end()) {
            auto* box = new QGroupBox(content);
            box->setProperty("schemaGroup", QByteArray::fromStdString(p.group));
            auto* form = new QFormLayout(box);
            form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
            form->setLabelAlignment(Qt::AlignLeft);
            form->setRowWrapPolicy(QFormLayout::DontWrapRows); // or two lines a row: fitRows()
            forms_.push_back(form);
            v->addWidget(box);
            it = groups.emplace(p.group, form).first;
        }
        QFormLayout* form = it->second;
        Field f;
        f.spec = &p;
        const QString path = QString::fromStdString(p.path);
        f.label = new QLabel(path.section(QLatin1Char('.'), 1), form->parentWidget());
        f.row = new QWidget(form->parentWidget());
        auto* rowLayout = new QVBoxLayout(f.row);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        rowLayout->setSpacing(1);
        auto* line = new QHBoxLayout;
        f.editor = makeEditor(p);
        f.editor->setParent(f.row);
        f.editor->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed); // its minimum: fitRows()
        f.editor->setProperty("paramPath", path);
        f.editor->installEventFilter(this);
        f.editor->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(f.editor, &QWidget::customContextMenuRequested, this, [this, path, ed = f.editor](const QPoint& pos) {
            QMenu m;
            m.addAction(tr("Reset to default"), this, [this, path] { reset(path); });
            m.exec(ed->mapToGlobal(pos));
        });
        line->addWidget(f.editor, 1);
        const QString unit = isDuration(p) ? QString() : QString::fromStdString(p.unit);
        if (!unit.isEmpty()) {
            f.unit = new QLabel(unit, f.row);
            line->addWidget(f.unit);
        }
        rowLayout->addLayout(line);
        f.error = new QLabel(f.row);
        f.error->setWordWrap(true);
        f.error->setStyleSheet(QStringLiteral("color:#b3141b;"));
        f.error->hide();
        rowLayout->addWidget(f.error);
        f.group = form->parentWidget();
        form->addRow(f.label, f.row);
        index_.insert(path, fields_.size());
        fields_.push_back(f);
    }
    v->addStretch(1);
    scroll->setWidget(content);
    outer->addWidget(scroll, 1);

    help_ = new QLabel(this);
    help_->setWordWrap(true);
    help_->setMinimumHeight(help_->fontMetrics().height() * 3);
    help_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    help_->setStyleSheet(QStringLiteral("QLabel { color:#333; background:#f4f6f9; padding:4px; }"));
    outer->addWidget(help_);
    retranslateUi();
}

void KnobPanel::retranslateUi() {
    filter_->setPlaceholderText(tr("Filter parameters (name or explanation)…"));
    help_->setText(tr("Hover or focus a parameter to read what it controls. Right-click a field to reset it."));
    for (QGroupBox* box : findChildren<QGroupBox*>())
        box->setTitle(
            QCoreApplication::translate("SchemaGroup", box->property("schemaGroup").toByteArray().constData()));
    for (Field& f : fields_)
        if (auto* le = qobject_cast<QLineEdit*>(f.editor)) le->setPlaceholderText(rangeText(*f.spec));
    if (!validationError_.isEmpty()) banner_->setText(tr("The scenario is not valid: %1").arg(validationError_));
    refreshValues(); // the tooltips
}

QString KnobPanel::offText(const QString& offSwitch) {
    return tr("Switched off: %1 is false, so this parameter changes nothing. Tick %1 to use it.").arg(offSwitch);
}

QString KnobPanel::offSwitchAt(const QString& path) const {
    auto it = index_.find(path);
    if (it == index_.end() || fields_[*it].editor->isEnabled()) return {};
    return QString::fromStdString(scenario_.offSwitchFor(path.toStdString()));
}

void KnobPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslateUi();
    // (presentation mode: the names and values grow; the children have their new font after this)
    if (e->type() == QEvent::FontChange) QTimer::singleShot(0, this, &KnobPanel::fitRows);
    QWidget::changeEvent(e);
}

QWidget* KnobPanel::makeEditor(const ParamSpec& p) {
    const QString path = QString::fromStdString(p.path);
    switch (p.type) {
    case ParamType::Bool: {
        auto* cb = new QCheckBox;
        connect(cb, &QCheckBox::toggled, this, [this, path](bool on) {
            if (!refreshing_) apply(path, on ? QStringLiteral("true") : QStringLiteral("false"));
        });
        return cb;
    }
    case ParamType::Enum: {
        auto* combo = new QComboBox;
        for (const auto& c : p.choices) combo->addItem(QString::fromStdString(c));
        connect(combo, &QComboBox::currentTextChanged, this, [this, path](const QString& t) {
            if (!refreshing_) apply(path, t);
        });
        return combo;
    }
    default: {
        auto* le = new QLineEdit; // placeholder (the range): retranslateUi()
        connect(le, &QLineEdit::editingFinished, this, [this, path, le] {
            if (!refreshing_) apply(path, le->text().trimmed());
        });
        return le;
    }
    }
}

QString KnobPanel::currentText(const Field& f) const {
    if (auto* cb = qobject_cast<QCheckBox*>(f.editor))
        return cb->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
    if (auto* combo = qobject_cast<QComboBox*>(f.editor)) return combo->currentText();
    if (auto* le = qobject_cast<QLineEdit*>(f.editor)) return le->text().trimmed();
    return {};
}

void KnobPanel::setScenario(const Scenario& s) {
    scenario_ = s;
    clearErrors();
    validationError_.clear();
    refreshValues();
    emit scenarioReplaced();
}

void KnobPanel::replaceScenario(const Scenario& s) {
    scenario_ = s;
    clearErrors();
    validationError_.clear();
    refreshValues();
    emit scenarioEdited();
}

void KnobPanel::refreshValues() {
    refreshing_ = true;
    const nlohmann::json eff = scenario_.effective();
    for (Field& f : fields_) {
        const ParamSpec& p = *f.spec;
        const nlohmann::json* v = lookup(eff, p.path);
        const nlohmann::json value = v ? *v : p.defaultValue;
        if (auto* cb = qobject_cast<QCheckBox*>(f.editor)) cb->setChecked(value.is_boolean() && value.get<bool>());
        else if (auto* combo = qobject_cast<QComboBox*>(f.editor)) combo->setCurrentText(valueText(p, value));
        else if (auto* le = qobject_cast<QLineEdit*>(f.editor); le && f.error->isHidden())
            le->setText(valueText(p, value));
        // Only the weight: the size keeps following the window's font (presentation mode on and off).
        QFont font;
        font.setBold(scenario_.isUserSet(p.path));
        f.label->setFont(font);
        // A device switched off here: its fields change nothing, so they are
        // greyed out and say which switch turns them on.
        const QString off = QString::fromStdString(scenario_.offSwitchFor(p.path));
        f.editor->setEnabled(off.isEmpty());
        f.label->setEnabled(off.isEmpty());
        if (f.unit) f.unit->setEnabled(off.isEmpty());
        QString tip = fieldTip(p);
        if (!off.isEmpty()) tip += QStringLiteral("<br><b>%1</b>").arg(offText(off).toHtmlEscaped());
        f.label->setToolTip(tip);
        f.editor->setToolTip(tip);
    }
    refreshing_ = false;
    fitRows();
}

// What a newcomer must read in every row is its name and its value, whole.
// Each editor is at least as wide as its value; a group's rows stand side by
// side (name | value) when its widest name and widest value fit the column,
// else each row takes two lines, the name above a value as wide as the
// column. The column (the scroll area) is never narrower than the widest name
// or value, so neither is cut however narrow the dock is dragged.
void KnobPanel::fitRows() {
    if (fitting_ || !scroll_) return;
    fitting_ = true;
    std::map<QWidget*, std::pair<int, int>> widest; // group -> widest name, widest value (with unit)
    int name = 0, value = 0;
    for (Field& f : fields_) {
        const int need = valueWidth(f.editor);
        f.editor->setMinimumWidth(need);
        const int field =
            std::max(need + (f.unit ? f.unit->sizeHint().width() + 6 : 0), f.row->minimumSizeHint().width());
        const int label = f.label->sizeHint().width();
        auto& [n, v] = widest[f.group];
        n = std::max(n, label);
        v = std::max(v, field);
        name = std::max(name, label);
        value = std::max(value, field);
    }
    int chrome = 0; // a group box's frame and margins
    for (QFormLayout* form : forms_) {
        QWidget* box = form->parentWidget();
        const QMargins bm = box->contentsMargins(), fm = form->contentsMargins();
        chrome = std::max(chrome, bm.left() + bm.right() + fm.left() + fm.right());
    }
    const int width = scroll_->viewport()->width() - chrome;
    for (QFormLayout* form : forms_) {
        const auto& [n, v] = widest[form->parentWidget()];
        const auto policy = n + std::max(0, form->horizontalSpacing()) + v <= width ? QFormLayout::DontWrapRows
                                                                                    : QFormLayout::WrapAllRows;
        if (form->rowWrapPolicy() != policy) form->setRowWrapPolicy(policy);
    }
    scroll_->setMinimumWidth(std::max(name, value) + chrome + scroll_->verticalScrollBar()->sizeHint().width() +
                             scroll_->frameWidth() * 2);
    fitting_ = false;
}

void KnobPanel::showError(Field& f, const QString& message) {
    f.error->setText(message);
    f.error->show();
    f.editor->setStyleSheet(QStringLiteral("border: 2px solid #d62728; border-radius: 2px;"));
}

void KnobPanel::clearErrors() {
    for (Field& f : fields_) {
        if (f.error->isHidden()) continue;
        f.error->hide();
        f.error->clear();
        f.editor->setStyleSheet(QString());
    }
    banner_->hide();
}

void KnobPanel::apply(const QString& path, const QString& text) {
    auto it = index_.find(path);
    if (it == index_.end()) return;
    Field& f = fields_[*it];
    Scenario trial = scenario_;
    const Status st = trial.set(path.toStdString(), text.toStdString());
    if (!st) {
        showError(f, QString::fromStdString(st.error().message));
        return;
    }
    f.error->hide();
    f.editor->setStyleSheet(QString());
    const bool changed = trial.effective() != scenario_.effective();
    scenario_ = std::move(trial);
    clearErrors();
    validationError_.clear();
    if (const Status v = scenario_.validate(); !v) {
        validationError_ = QString::fromStdString(v.error().toString());
        const QString where = QString::fromStdString(v.error().where);
        auto w = index_.find(where);
        showError(w != index_.end() ? fields_[*w] : f, QString::fromStdString(v.error().message));
        banner_->setText(tr("The scenario is not valid: %1").arg(validationError_));
        banner_->show();
    }
    refreshValues();
    if (changed) emit scenarioEdited();
}

bool KnobPanel::edit(const QString& path, const QString& text) {
    auto it = index_.find(path);
    if (it == index_.end()) {
        // a part's field ("sources[eth0].arrival.poisson.rate_hz", docs/scenarios.md): no row here,
        // the Parts tab shows the result; a refusal is the banner's
        Scenario trial = scenario_;
        if (const Status st = trial.set(path.toStdString(), text.toStdString()); !st) {
            banner_->setText(tr("Not changed: %1").arg(QString::fromStdString(st.error().toString())));
            banner_->show();
            return false;
        }
        replaceScenario(trial);
        return true;
    }
    Field& f = fields_[*it];
    refreshing_ = true;
    if (auto* cb = qobject_cast<QCheckBox*>(f.editor)) cb->setChecked(text == QLatin1String("true"));
    else if (auto* combo = qobject_cast<QComboBox*>(f.editor)) combo->setCurrentText(text);
    else if (auto* le = qobject_cast<QLineEdit*>(f.editor)) le->setText(text);
    refreshing_ = false;
    apply(path, text);
    return f.error->isHidden();
}

void KnobPanel::reset(const QString& path) {
    scenario_.unset(path.toStdString());
    clearErrors();
    refreshValues();
    emit scenarioEdited();
}

QString KnobPanel::errorAt(const QString& path) const {
    auto it = index_.find(path);
    if (it == index_.end() || fields_[*it].error->isHidden()) return {};
    return fields_[*it].error->text();
}

QWidget* KnobPanel::editorFor(const QString& path) const {
    auto it = index_.find(path);
    return it == index_.end() ? nullptr : fields_[*it].editor;
}

void KnobPanel::setFilter(const QString& text) {
    std::map<QWidget*, bool> groupVisible;
    for (Field& f : fields_) {
        const bool show = text.isEmpty() || QString::fromStdString(f.spec->path).contains(text, Qt::CaseInsensitive) ||
                          QString::fromStdString(f.spec->doc).contains(text, Qt::CaseInsensitive);
        auto* form = qobject_cast<QFormLayout*>(f.group->layout());
        if (form) form->setRowVisible(f.row, show);
        groupVisible[f.group] = groupVisible[f.group] || show;
    }
    for (auto [g, vis] : groupVisible) g->setVisible(vis);
}

bool KnobPanel::eventFilter(QObject* o, QEvent* e) {
    if (scroll_ && o == scroll_->viewport() && e->type() == QEvent::Resize) fitRows();
    if (e->type() == QEvent::FocusIn || e->type() == QEvent::Enter) {
        const QString path = o->property("paramPath").toString();
        auto it = index_.find(path);
        if (it != index_.end()) {
            const ParamSpec& p = *fields_[*it].spec;
            QString t = QStringLiteral("<b>%1</b> — %2")
                            .arg(path.toHtmlEscaped(), QString::fromStdString(p.doc).toHtmlEscaped());
            if (const QString r = rangeText(p); !r.isEmpty())
                t += QStringLiteral(" <i>(%1)</i>").arg(r.toHtmlEscaped());
            if (const QString off = offSwitchAt(path); !off.isEmpty())
                t += QStringLiteral("<br><b>%1</b>").arg(offText(off).toHtmlEscaped());
            help_->setText(t);
        }
    }
    return QWidget::eventFilter(o, e);
}

} // namespace irqscope::app
