// The form of one part in the Parts tab: a row per field of its list
// (PartsModel.h, partFields()), each with its own error line, and the whole
// part as JSON below for what the form does not cover. The editor only shows
// and reports: PartsPanel applies an edit through PartsModel and hands back
// the engine's error, which the editor puts at the row it names.
#pragma once

#include "core/scenario/PartsModel.h"

#include <QWidget>

class QFormLayout;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace irqscope::app {

class PartEditor : public QWidget {
    Q_OBJECT
public:
    explicit PartEditor(QWidget* parent = nullptr);

    // Show part `index` of `list`; the rows are rebuilt only when the list
    // changes. Rows that show an error keep the text the user typed.
    void showPart(const PartsModel& model, const std::string& list, std::size_t index);
    void clearPart();
    const std::string& list() const { return list_; }
    std::size_t index() const { return index_; }

    // The engine refused an edit of the row at `pointer` ("" for the whole-part
    // JSON): the error goes to the row its path names, else to that row.
    void showError(const char* pointer, const Error& e);
    void clearErrors();
    // Test hooks: type into a row and commit it; the error shown at a row.
    bool hasRow(const char* pointer) const;
    void edit(const char* pointer, const QString& text);
    QString errorAt(const char* pointer) const; // "" (pointer "") is the whole-part JSON
    QWidget* editorFor(const char* pointer) const;
    void editJson(const QString& text);

signals:
    void fieldCommitted(const char* pointer, const QString& text);
    void jsonCommitted(const QString& text);

protected:
    void changeEvent(QEvent* e) override;
    bool eventFilter(QObject* o, QEvent* e) override;

private:
    struct Row {
        const PartField* field = nullptr;
        QLabel* label = nullptr;
        QWidget* editor = nullptr;
        QLabel* error = nullptr;
        QWidget* box = nullptr;
    };
    void build(const std::string& list);
    QWidget* makeEditor(const PartField& f);
    void setRowText(Row& r, const QString& text);
    QString rowText(const Row& r) const;
    static void setErrorText(QLabel* label, QWidget* editor, const QString& text);
    void retranslateUi();

    std::string list_;
    std::size_t index_ = 0;
    std::vector<Row> rows_;
    QFormLayout* form_ = nullptr;
    QWidget* formBox_ = nullptr;
    QLabel* title_ = nullptr;
    QPushButton* jsonToggle_ = nullptr;
    QPlainTextEdit* json_ = nullptr;
    QPushButton* jsonApply_ = nullptr;
    QLabel* jsonError_ = nullptr;
    bool refreshing_ = false;
};

} // namespace irqscope::app
