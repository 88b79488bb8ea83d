// What the class reads during a lesson: the step's title, its narration in
// large type, "3 / 7", a question with a "Reveal answer" button, and
// Previous / Next / Restart. It shows the state of a LessonPlayer.
#pragma once

#include <QWidget>

class QGroupBox;
class QLabel;
class QPushButton;
class QTextBrowser;

namespace irqscope::app {

class LessonPlayer;

class LessonPanel : public QWidget {
    Q_OBJECT
public:
    LessonPanel(LessonPlayer* player, QWidget* parent = nullptr);

    // The language of lesson texts ("de", "zh_CN"); empty: the UI language (Language::current()).
    void setLanguage(const QString& language);
    QString language() const;

    void revealAnswer();
    bool answerShown() const;
    QString stepTitle() const;
    QString narration() const; // plain text
    QString counter() const;   // "3 / 7"
    QString questionText() const;
    bool hasQuestion() const;
    QPushButton* nextButton() const { return next_; }
    QPushButton* previousButton() const { return previous_; }
    QPushButton* revealButton() const { return reveal_; }
    QTextBrowser* narrationView() const { return narration_; }
    QGroupBox* questionBox() const { return questionBox_; }

signals:
    void closeRequested();

protected:
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    // A word-wrapped label in a group box gets no height for its wrapped lines
    // from the layout: the revealed answer asks for it.
    void fitAnswer();
    void retranslateUi();
    void showStep();
    void showStatus();

    LessonPlayer* player_;
    QString language_;
    QLabel* lessonTitle_ = nullptr;
    QLabel* counter_ = nullptr;
    QLabel* stepTitle_ = nullptr;
    QTextBrowser* narration_ = nullptr;
    QGroupBox* questionBox_ = nullptr;
    QLabel* question_ = nullptr;
    QPushButton* reveal_ = nullptr;
    QLabel* answer_ = nullptr;
    QLabel* status_ = nullptr;
    QPushButton* previous_ = nullptr;
    QPushButton* next_ = nullptr;
    QPushButton* restart_ = nullptr;
    QPushButton* close_ = nullptr;
};

// Narration text to HTML: blank lines separate paragraphs, `code` is set in
// a monospace font; everything else is plain (escaped) text.
QString narrationHtml(const QString& text);

} // namespace irqscope::app
