#include "core/lessons/LessonPanel.h"

#include "core/i18n/Language.h"
#include "core/lessons/LessonPlayer.h"

#include <QEvent>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLayout>
#include <QPushButton>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace irqscope::app {

QString narrationHtml(const QString& text) {
    static const QRegularExpression kParagraphs(QStringLiteral("\\n\\s*\\n"));
    static const QRegularExpression kCode(QStringLiteral("`([^`]+)`"));
    QStringList paragraphs;
    for (const QString& p : text.split(kParagraphs, Qt::SkipEmptyParts)) {
        QString html = p.trimmed().toHtmlEscaped();
        html.replace(kCode, QStringLiteral("<code>\\1</code>"));
        paragraphs << QStringLiteral("<p>%1</p>").arg(html);
    }
    return paragraphs.join(QString());
}

LessonPanel::LessonPanel(LessonPlayer* player, QWidget* parent) : QWidget(parent), player_(player) {
    setObjectName(QStringLiteral("LessonPanel"));
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(6, 6, 6, 6);

    auto* head = new QHBoxLayout;
    lessonTitle_ = new QLabel(this);
    lessonTitle_->setWordWrap(true);
    counter_ = new QLabel(this);
    counter_->setObjectName(QStringLiteral("lessonCounter"));
    head->addWidget(lessonTitle_, 1);
    head->addWidget(counter_, 0, Qt::AlignTop);
    v->addLayout(head);

    stepTitle_ = new QLabel(this);
    stepTitle_->setWordWrap(true);
    v->addWidget(stepTitle_);

    narration_ = new QTextBrowser(this);
    narration_->setObjectName(QStringLiteral("lessonNarration"));
    narration_->setOpenLinks(false);
    narration_->setFrameShape(QFrame::NoFrame);
    narration_->setFocusPolicy(Qt::NoFocus); // Page Up/Down belong to the lesson, not the text
    // The narration takes every pixel the rest leaves: it is what the class reads.
    narration_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
    v->addWidget(narration_, 1);

    questionBox_ = new QGroupBox(this);
    auto* qv = new QVBoxLayout(questionBox_);
    question_ = new QLabel(questionBox_);
    question_->setWordWrap(true);
    reveal_ = new QPushButton(questionBox_);
    reveal_->setObjectName(QStringLiteral("revealAnswer"));
    answer_ = new QLabel(questionBox_);
    answer_->setWordWrap(true);
    answer_->setObjectName(QStringLiteral("lessonAnswer"));
    // as large as the narration, on a tint: the class reads it from the back of the room
    answer_->setStyleSheet(
        QStringLiteral("color: #0b5e20; background: #e6f4e8; border-left: 4px solid #2e7d32; padding: 4px 6px;"));
    qv->addWidget(question_);
    qv->addWidget(reveal_, 0, Qt::AlignLeft);
    qv->addWidget(answer_);
    // Never squeezed below its text: a question is read whole, without scrolling.
    questionBox_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    v->addWidget(questionBox_);
    connect(reveal_, &QPushButton::clicked, this, &LessonPanel::revealAnswer);

    status_ = new QLabel(this);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(status_);

    auto* buttons = new QHBoxLayout;
    previous_ = new QPushButton(this);
    next_ = new QPushButton(this);
    restart_ = new QPushButton(this);
    close_ = new QPushButton(this);
    // Two short rows keep the dock narrow enough for a projector at large type.
    buttons->addWidget(previous_);
    buttons->addWidget(next_);
    buttons->addStretch(1);
    v->addLayout(buttons);
    auto* more = new QHBoxLayout;
    more->addWidget(restart_);
    more->addStretch(1);
    more->addWidget(close_);
    v->addLayout(more);
    next_->setDefault(true);
    connect(previous_, &QPushButton::clicked, player_, &LessonPlayer::previous);
    connect(next_, &QPushButton::clicked, player_, &LessonPlayer::next);
    connect(restart_, &QPushButton::clicked, player_, &LessonPlayer::restart);
    connect(close_, &QPushButton::clicked, this, &LessonPanel::closeRequested);

    connect(player_, &LessonPlayer::stepChanged, this, &LessonPanel::showStep);
    connect(player_, &LessonPlayer::stepReady, this, &LessonPanel::showStatus);
    connect(player_, &LessonPlayer::problemChanged, this, &LessonPanel::showStatus);
    retranslateUi();
}

void LessonPanel::setLanguage(const QString& language) {
    language_ = language;
    showStep();
}

QString LessonPanel::language() const {
    return language_.isEmpty() ? Language::current() : language_;
}

void LessonPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslateUi();
    if (e->type() == QEvent::FontChange) showStep(); // sizes derive from the font
    QWidget::changeEvent(e);
}

void LessonPanel::retranslateUi() {
    questionBox_->setTitle(tr("Question for the class"));
    reveal_->setText(tr("Reveal answer"));
    previous_->setText(tr("◀ Previous"));
    previous_->setToolTip(tr("Previous step (Page Up)"));
    next_->setText(tr("Next ▶"));
    next_->setToolTip(tr("Next step (Page Down)"));
    restart_->setText(tr("Restart"));
    restart_->setToolTip(tr("Back to the first step (Ctrl+Home)"));
    close_->setText(tr("End lesson"));
    showStep();
}

void LessonPanel::showStep() {
    const LessonStep* s = player_->step();
    const QString lang = language();
    const int pt = std::max(9, font().pointSize());
    QFont nf = font();
    nf.setPointSizeF(pt * 1.2);
    answer_->setFont(nf);
    if (!s) {
        lessonTitle_->clear();
        counter_->clear();
        stepTitle_->clear();
        narration_->clear();
        questionBox_->hide();
        status_->clear();
        return;
    }
    lessonTitle_->setText(
        QStringLiteral("<span style='color:#555'>%1</span>").arg(player_->lesson()->title.text(lang).toHtmlEscaped()));
    counter_->setText(tr("%1 / %2").arg(player_->stepIndex() + 1).arg(player_->stepCount()));
    stepTitle_->setText(QStringLiteral("<span style='font-size:%1pt; font-weight:bold'>%2</span>")
                            .arg(int(pt * 1.35))
                            .arg(s->title.text(lang).toHtmlEscaped()));
    narration_->document()->setDefaultFont(nf);
    narration_->setHtml(narrationHtml(s->narration.text(lang)));
    questionBox_->setVisible(s->question.has_value());
    if (s->question) {
        question_->setText(QStringLiteral("<b>%1</b>").arg(s->question->text.text(lang).toHtmlEscaped()));
        answer_->setText(s->question->answer.text(lang));
        answer_->hide();
        answer_->setMinimumHeight(0);
        reveal_->show();
    }
    previous_->setEnabled(player_->stepIndex() > 0);
    next_->setEnabled(player_->stepIndex() + 1 < player_->stepCount());
    showStatus();
}

void LessonPanel::showStatus() {
    if (!player_->problem().isEmpty()) {
        status_->setStyleSheet(QStringLiteral("color: #b00020;"));
        status_->setText(player_->problem());
    } else if (player_->waitingForRun()) {
        status_->setStyleSheet(QStringLiteral("color: #555;"));
        status_->setText(tr("Simulating this step…"));
    } else {
        status_->clear();
    }
}

void LessonPanel::revealAnswer() {
    if (!player_->step() || !player_->step()->question) return;
    answer_->show();
    reveal_->hide();
    fitAnswer();
}

void LessonPanel::fitAnswer() {
    if (answer_->isHidden()) return;
    const QMargins m = questionBox_->layout()->contentsMargins();
    const int w = questionBox_->contentsRect().width() - m.left() - m.right();
    answer_->setMinimumHeight(w > 0 ? std::max(0, answer_->heightForWidth(w)) : 0);
}

void LessonPanel::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitAnswer();
}

bool LessonPanel::answerShown() const {
    return !questionBox_->isHidden() && !answer_->isHidden();
}
QString LessonPanel::stepTitle() const {
    return player_->step() ? player_->step()->title.text(language()) : QString();
}
QString LessonPanel::narration() const {
    return narration_->toPlainText();
}
QString LessonPanel::counter() const {
    return counter_->text();
}
QString LessonPanel::questionText() const {
    return hasQuestion() ? question_->text() : QString();
}
bool LessonPanel::hasQuestion() const {
    return !questionBox_->isHidden();
}

} // namespace irqscope::app
