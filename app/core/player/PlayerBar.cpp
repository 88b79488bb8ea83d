#include "core/player/PlayerBar.h"

#include "core/player/PlayerController.h"
#include "core/util/TimeFormat.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QLabel>
#include <QStyle>

namespace irqscope::app {

PlayerBar::PlayerBar(PlayerController* player, QWidget* parent) : QToolBar(parent), player_(player) {
    setObjectName(QStringLiteral("PlayerToolBar"));
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    auto make = [this](const char* id, QStyle::StandardPixmap icon, const QKeySequence& key) {
        auto* a = new QAction(style()->standardIcon(icon), QString(), this);
        a->setObjectName(QString::fromLatin1(id));
        a->setShortcut(key);
        // Active while the timeline (or this bar) has focus, so Space still
        // presses a focused button and ',' still types in a spin box elsewhere.
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        return a;
    };
    prev_ = make("stepPrev", QStyle::SP_MediaSkipBackward, QKeySequence(Qt::Key_Comma));
    play_ = make("playPause", QStyle::SP_MediaPlay, QKeySequence(Qt::Key_Space));
    next_ = make("stepNext", QStyle::SP_MediaSkipForward, QKeySequence(Qt::Key_Period));
    connect(prev_, &QAction::triggered, player_, &PlayerController::stepPrevious);
    connect(play_, &QAction::triggered, player_, &PlayerController::togglePlay);
    connect(next_, &QAction::triggered, player_, &PlayerController::stepNext);
    addAction(prev_);
    addAction(play_);
    addAction(next_);

    speedLabel_ = new QLabel(this);
    addWidget(speedLabel_);
    speed_ = new QComboBox(this);
    speed_->setObjectName(QStringLiteral("playerSpeed"));
    for (double s : PlayerController::speedSteps()) speed_->addItem(QString(), s);
    speed_->setCurrentIndex(speed_->findData(player_->speed()));
    connect(speed_, &QComboBox::activated, this, [this](int i) { player_->setSpeed(speed_->itemData(i).toDouble()); });
    connect(player_, &PlayerController::speedChanged, this, [this](double s) {
        if (int i = speed_->findData(s); i >= 0) speed_->setCurrentIndex(i);
    });
    addWidget(speed_);

    time_ = new QLabel(this);
    time_->setObjectName(QStringLiteral("playerTime"));
    time_->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("cursor 000.000 ms ")));
    QFont f; // only bold: the size follows the window's (presentation mode)
    f.setBold(true);
    time_->setFont(f);
    addWidget(time_);

    connect(player_, &PlayerController::playingChanged, this, &PlayerBar::updatePlayAction);
    connect(player_, &PlayerController::cursorChanged, this, &PlayerBar::updateTime);
    retranslateUi();
}

void PlayerBar::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslateUi();
    QToolBar::changeEvent(e);
}

void PlayerBar::retranslateUi() {
    setWindowTitle(tr("Player"));
    prev_->setText(tr("Previous event"));
    prev_->setIconText(tr("Prev"));
    prev_->setToolTip(tr("Step back to the previous context boundary or marker on the visible lanes (,)"));
    next_->setText(tr("Next event"));
    next_->setIconText(tr("Next"));
    next_->setToolTip(tr("Step to the next context boundary or marker on the visible lanes (.)"));
    speedLabel_->setText(tr(" Speed: "));
    speed_->setToolTip(tr("Simulated time per real second"));
    for (int i = 0; i < speed_->count(); ++i)
        speed_->setItemText(i, tr("%1/s").arg(formatTime(speed_->itemData(i).toDouble())));
    updatePlayAction();
    updateTime();
}

void PlayerBar::updatePlayAction() {
    const bool playing = player_->isPlaying();
    play_->setText(playing ? tr("Pause") : tr("Play"));
    play_->setIconText(playing ? tr("Pause") : tr("Play"));
    play_->setToolTip(playing ? tr("Pause the slow-motion player (Space)")
                              : tr("Play the timeline in slow motion from the cursor (Space)"));
    play_->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

void PlayerBar::updateTime() {
    const auto c = player_->cursor();
    time_->setText(c ? tr(" cursor %1 ").arg(PlayerController::cursorText(*c)) : tr(" no cursor "));
}

} // namespace irqscope::app
