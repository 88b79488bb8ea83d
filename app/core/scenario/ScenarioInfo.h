// The scenario's title and story at the top of the Scenario column. A story
// longer than the lines it may take (seven; three on the Parts tab, whose form
// needs the height) shows its first whole sentences that fit and "more…",
// which unfolds the rest (it then scrolls; "less" folds it again): the default
// layout has no scroll bar and no cut text here, whatever the width and font.
#pragma once

#include <QTextBrowser>

namespace irqscope::app {

class ScenarioInfo : public QTextBrowser {
    Q_OBJECT
public:
    explicit ScenarioInfo(QWidget* parent = nullptr);
    void setStory(const QString& title, const QString& story);
    void setMaxLines(int lines);
    // Only the first sentences of the story are shown.
    bool folded() const { return folded_; }

protected:
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    enum class Link { None, More, Less };
    QString html(const QString& story, Link link) const;
    double heightOf(const QString& html) const;
    void refit();

    QString title_, story_;
    int maxLines_ = 7;
    bool expanded_ = false;
    bool folded_ = false;
    int fittedWidth_ = -1;
};

} // namespace irqscope::app
