#include "core/scenario/PartEditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <cstring>

namespace irqscope::app {

namespace {
QString trField(const char* s) {
    return QCoreApplication::translate("PartEditor", s);
}
const nlohmann::json* at(const nlohmann::json& part, const char* pointer) {
    const nlohmann::json::json_pointer ptr{std::string(pointer)};
    try {
        return part.contains(ptr) ? &part.at(ptr) : nullptr;
    } catch (const nlohmann::json::exception&) {
        return nullptr;
    }
}
} // namespace

PartEditor::PartEditor(QWidget* parent) : QWidget(parent) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    title_ = new QLabel(this);
    title_->setWordWrap(true);
    v->addWidget(title_);
    formBox_ = new QWidget(this);
    form_ = new QFormLayout(formBox_);
    form_->setContentsMargins(0, 0, 0, 0);
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form_->setRowWrapPolicy(QFormLayout::DontWrapRows);
    v->addWidget(formBox_);
    jsonToggle_ = new QPushButton(this);
    jsonToggle_->setCheckable(true);
    jsonToggle_->setFlat(true);
    jsonToggle_->setStyleSheet(QStringLiteral("text-align:left;"));
    v->addWidget(jsonToggle_);
    json_ = new QPlainTextEdit(this);
    json_->setObjectName(QStringLiteral("partJson"));
    json_->setTabChangesFocus(true);
    json_->setMinimumHeight(json_->fontMetrics().lineSpacing() * 8);
    json_->setFont(QFont(QStringLiteral("monospace")));
    v->addWidget(json_);
    jsonApply_ = new QPushButton(this);
    v->addWidget(jsonApply_, 0, Qt::AlignRight);
    jsonError_ = new QLabel(this);
    jsonError_->setWordWrap(true);
    jsonError_->setStyleSheet(QStringLiteral("color:#b3141b;"));
    jsonError_->hide();
    v->addWidget(jsonError_);
    v->addStretch(1);
    auto showJson = [this](bool on) {
        json_->setVisible(on);
        jsonApply_->setVisible(on);
    };
    showJson(false);
    connect(jsonToggle_, &QPushButton::toggled, this, showJson);
    connect(jsonApply_, &QPushButton::clicked, this, [this] { emit jsonCommitted(json_->toPlainText()); });
    retranslateUi();
    clearPart();
}

void PartEditor::retranslateUi() {
    jsonToggle_->setText(tr("▸ The whole part as JSON (every field)"));
    jsonApply_->setText(tr("Apply JSON"));
    json_->setToolTip(tr("The part exactly as the scenario file holds it; Apply checks it as a file is checked."));
    for (Row& r : rows_) {
        r.label->setText(trField(r.field->label));
        const QString tip =
            QStringLiteral("<b>%1</b><br>%2")
                .arg(QString::fromLatin1(r.field->pointer + 1).toHtmlEscaped(), trField(r.field->help).toHtmlEscaped());
        r.label->setToolTip(tip);
        r.editor->setToolTip(tip);
        // the engine's defaults, never repeated here (PartFields.cpp)
        const QString placeholder = placeholderText(list_, *r.field);
        if (auto* le = qobject_cast<QLineEdit*>(r.editor)) le->setPlaceholderText(placeholder);
        if (auto* te = qobject_cast<QPlainTextEdit*>(r.editor)) te->setPlaceholderText(placeholder);
        if (auto* combo = qobject_cast<QComboBox*>(r.editor); combo && *r.field->placeholder)
            combo->setItemText(0, tr("default (%1)").arg(placeholder));
    }
}

void PartEditor::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(e);
}

QWidget* PartEditor::makeEditor(const PartField& f) {
    const char* pointer = f.pointer;
    switch (f.kind) {
    case FieldKind::Bool: {
        auto* cb = new QCheckBox;
        connect(cb, &QCheckBox::toggled, this, [this, pointer](bool on) {
            if (!refreshing_) emit fieldCommitted(pointer, on ? QStringLiteral("true") : QStringLiteral("false"));
        });
        return cb;
    }
    case FieldKind::Enum:
    case FieldKind::Form: {
        auto* combo = new QComboBox;
        if (*f.placeholder) combo->addItem(QString(), QString()); // absent: the engine's default
        for (const char* c : f.choices) combo->addItem(QString::fromLatin1(c), QString::fromLatin1(c));
        connect(combo, &QComboBox::activated, this, [this, pointer, combo](int i) {
            if (!refreshing_) emit fieldCommitted(pointer, combo->itemData(i).toString());
        });
        return combo;
    }
    case FieldKind::Json: {
        auto* te = new QPlainTextEdit;
        te->setTabChangesFocus(true);
        te->setFont(QFont(QStringLiteral("monospace")));
        te->setMinimumHeight(te->fontMetrics().lineSpacing() * 6);
        te->installEventFilter(this); // committed when it loses the focus
        return te;
    }
    default: {
        auto* le = new QLineEdit;
        connect(le, &QLineEdit::editingFinished, this, [this, pointer, le] {
            if (!refreshing_ && le->isModified()) {
                le->setModified(false);
                emit fieldCommitted(pointer, le->text());
            }
        });
        return le;
    }
    }
}

bool PartEditor::eventFilter(QObject* o, QEvent* e) {
    if (e->type() == QEvent::FocusOut && !refreshing_)
        for (const Row& r : rows_)
            if (r.editor == o && qobject_cast<QPlainTextEdit*>(o)->document()->isModified()) {
                qobject_cast<QPlainTextEdit*>(o)->document()->setModified(false);
                emit fieldCommitted(r.field->pointer, rowText(r));
            }
    return QWidget::eventFilter(o, e);
}

void PartEditor::build(const std::string& list) {
    while (form_->rowCount() > 0) form_->removeRow(0);
    rows_.clear();
    list_ = list;
    for (const PartField& f : partFields(list)) {
        Row r;
        r.field = &f;
        r.label = new QLabel(formBox_);
        r.box = new QWidget(formBox_);
        auto* v = new QVBoxLayout(r.box);
        v->setContentsMargins(0, 0, 0, 0);
        v->setSpacing(1);
        r.editor = makeEditor(f);
        r.editor->setParent(r.box);
        r.editor->setObjectName(QStringLiteral("part") + QString::fromLatin1(f.pointer));
        r.editor->setMinimumWidth(60);
        v->addWidget(r.editor);
        r.error = new QLabel(r.box);
        r.error->setWordWrap(true);
        {
            QSizePolicy sp = r.error->sizePolicy();
            sp.setHeightForWidth(false);
            r.error->setSizePolicy(sp);
        }
        r.error->setStyleSheet(QStringLiteral("color:#b3141b;"));
        r.error->hide();
        v->addWidget(r.error);
        form_->addRow(r.label, r.box);
        rows_.push_back(r);
    }
    retranslateUi();
}

void PartEditor::setRowText(Row& r, const QString& text) {
    if (auto* cb = qobject_cast<QCheckBox*>(r.editor)) cb->setChecked(text == QLatin1String("true"));
    else if (auto* combo = qobject_cast<QComboBox*>(r.editor)) {
        int i = combo->findData(text);
        if (i < 0) { // a value the list does not know: shown as written, the engine said why it is wrong
            combo->addItem(text, text);
            i = combo->count() - 1;
        }
        combo->setCurrentIndex(i);
    } else if (auto* le = qobject_cast<QLineEdit*>(r.editor)) {
        le->setText(text);
        le->setModified(false);
    } else if (auto* te = qobject_cast<QPlainTextEdit*>(r.editor)) {
        te->setPlainText(text);
        te->document()->setModified(false);
    }
}

QString PartEditor::rowText(const Row& r) const {
    if (auto* cb = qobject_cast<QCheckBox*>(r.editor))
        return cb->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
    if (auto* combo = qobject_cast<QComboBox*>(r.editor)) return combo->currentData().toString();
    if (auto* le = qobject_cast<QLineEdit*>(r.editor)) return le->text();
    if (auto* te = qobject_cast<QPlainTextEdit*>(r.editor)) return te->toPlainText();
    return {};
}

void PartEditor::showPart(const PartsModel& model, const std::string& list, std::size_t index) {
    const nlohmann::json* part = model.part(list, index);
    if (!part) return clearPart();
    if (list != list_ || rows_.empty()) build(list);
    index_ = index;
    formBox_->show();
    jsonToggle_->show();
    title_->setText(
        tr("<b>%1</b> — %2")
            .arg(model.name(list, index).toHtmlEscaped(), QString::fromStdString(errorPath(list, index, ""))));
    refreshing_ = true;
    for (Row& r : rows_) {
        const nlohmann::json* v = at(*part, r.field->pointer);
        if (r.error->isHidden()) setRowText(r, v ? textOfValue(r.field->kind, *v) : QString());
        const bool ofModel =
            !r.field->model || (part->is_object() && part->value("model", nlohmann::json()) == r.field->model);
        form_->setRowVisible(r.box, ofModel && (!r.field->showIf || at(*part, r.field->showIf)));
    }
    if (jsonError_->isHidden()) json_->setPlainText(QString::fromStdString(part->dump(2)));
    refreshing_ = false;
}

void PartEditor::clearPart() {
    list_.clear();
    while (form_->rowCount() > 0) form_->removeRow(0);
    rows_.clear();
    formBox_->hide();
    jsonToggle_->hide();
    jsonToggle_->setChecked(false);
    jsonError_->hide();
    title_->setText(tr("Select a part to edit it, or add one."));
}

void PartEditor::setErrorText(QLabel* label, QWidget* editor, const QString& text) {
    label->setText(text);
    label->setVisible(!text.isEmpty());
    // QFormLayout gives a wrapped row a height of 0 when its field has a
    // height-for-width; the wrapped message's height is set instead
    label->setMinimumHeight(text.isEmpty() ? 0 : label->heightForWidth(std::max(editor->width(), 200)));
    if (QWidget* box = label->parentWidget(); box && box->layout())
        box->setMinimumHeight(text.isEmpty() ? 0 : box->layout()->minimumSize().height());
    editor->setStyleSheet(text.isEmpty() ? QString() : QStringLiteral("border: 2px solid #d62728;"));
}

void PartEditor::clearErrors() {
    for (Row& r : rows_) setErrorText(r.error, r.editor, QString());
    setErrorText(jsonError_, json_, QString());
}

void PartEditor::showError(const char* pointer, const Error& e) {
    clearErrors();
    const QString text = QString::fromStdString(e.toString());
    if (!*pointer) {
        setErrorText(jsonError_, json_, text);
        return;
    }
    // The row the engine's path names, when it is in this part; else the row edited.
    Row* target = nullptr;
    std::size_t best = 0;
    if (auto p = partOfErrorPath(e.where); p && p->list == list_ && p->index == index_)
        for (Row& r : rows_)
            if (fieldCovers(r.field->pointer, p->field) && std::strlen(r.field->pointer) > best &&
                form_->isRowVisible(r.box)) {
                target = &r;
                best = std::strlen(r.field->pointer);
            }
    if (!target)
        for (Row& r : rows_)
            if (std::strcmp(r.field->pointer, pointer) == 0) target = &r;
    if (target) setErrorText(target->error, target->editor, text);
    else setErrorText(jsonError_, json_, text);
    form_->invalidate();
    form_->activate();
    layout()->activate();
}

bool PartEditor::hasRow(const char* pointer) const {
    return editorFor(pointer) != nullptr;
}

QWidget* PartEditor::editorFor(const char* pointer) const {
    if (!*pointer) return json_;
    for (const Row& r : rows_)
        if (std::strcmp(r.field->pointer, pointer) == 0) return r.editor;
    return nullptr;
}

QString PartEditor::errorAt(const char* pointer) const {
    if (!*pointer) return jsonError_->isHidden() ? QString() : jsonError_->text();
    for (const Row& r : rows_)
        if (std::strcmp(r.field->pointer, pointer) == 0) return r.error->isHidden() ? QString() : r.error->text();
    return {};
}

void PartEditor::edit(const char* pointer, const QString& text) {
    for (Row& r : rows_)
        if (std::strcmp(r.field->pointer, pointer) == 0) {
            refreshing_ = true;
            setRowText(r, text);
            refreshing_ = false;
            emit fieldCommitted(r.field->pointer, text);
            return;
        }
}

void PartEditor::editJson(const QString& text) {
    json_->setPlainText(text);
    emit jsonCommitted(text);
}

} // namespace irqscope::app
