#include "core/lessons/LessonDock.h"

#include "core/MainWindow.h"
#include "core/lessons/LessonPanel.h"
#include "core/lessons/LessonPlayer.h"
#include "core/lessons/LessonReader.h"
#include "core/player/PlayerController.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <utility>

namespace irqscope::app {

LessonDock::LessonDock(MainWindow* window) : QDockWidget(window), window_(window) {
    setObjectName(QStringLiteral("LessonDock"));
    player_ = new LessonPlayer(window);
    pages_ = new QStackedWidget(this);

    auto* chooserPage = new QWidget(pages_);
    auto* cv = new QVBoxLayout(chooserPage);
    chooserHint_ = new QLabel(chooserPage);
    chooserHint_->setWordWrap(true);
    chooser_ = new QListWidget(chooserPage);
    chooser_->setObjectName(QStringLiteral("lessonChooser"));
    chooser_->setWordWrap(true);
    startButton_ = new QPushButton(chooserPage);
    openButton_ = new QPushButton(chooserPage);
    cv->addWidget(chooserHint_);
    cv->addWidget(chooser_, 1);
    auto* row = new QHBoxLayout;
    row->addWidget(startButton_);
    row->addStretch(1);
    row->addWidget(openButton_);
    cv->addLayout(row);
    auto startSelected = [this] {
        if (auto* it = chooser_->currentItem()) startLesson(it->data(Qt::UserRole).toString());
    };
    connect(startButton_, &QPushButton::clicked, this, startSelected);
    connect(chooser_, &QListWidget::itemActivated, this, startSelected);
    connect(openButton_, &QPushButton::clicked, this, &LessonDock::openLessonDialog);

    panel_ = new LessonPanel(player_, pages_);
    connect(panel_, &LessonPanel::closeRequested, player_, &LessonPlayer::stop);
    pages_->addWidget(chooserPage);
    pages_->addWidget(panel_);
    setWidget(pages_);

    menu_ = new QMenu(window);

    open_ = new QAction(this);
    connect(open_, &QAction::triggered, this, &LessonDock::openLessonDialog);
    previous_ = new QAction(this);
    previous_->setShortcut(QKeySequence(Qt::Key_PageUp));
    connect(previous_, &QAction::triggered, player_, &LessonPlayer::previous);
    next_ = new QAction(this);
    next_->setShortcut(QKeySequence(Qt::Key_PageDown));
    connect(next_, &QAction::triggered, player_, &LessonPlayer::next);
    restart_ = new QAction(this);
    restart_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Home));
    connect(restart_, &QAction::triggered, player_, &LessonPlayer::restart);
    stop_ = new QAction(this);
    connect(stop_, &QAction::triggered, player_, &LessonPlayer::stop);
    // Shortcuts must work while the menu bar is hidden (full screen) too.
    for (QAction* a : {previous_, next_, restart_}) window->addAction(a);

    connect(player_, &LessonPlayer::activeChanged, this, [this](bool active) {
        pages_->setCurrentWidget(active ? static_cast<QWidget*>(panel_) : pages_->widget(0));
        updateActions();
        if (!active) restoreLayoutBeforeLesson();
    });
    window->installEventFilter(this); // keeps the dock's share when the window resizes
    connect(player_, &LessonPlayer::stepChanged, this, &LessonDock::updateActions);
    retranslateUi();
}

bool LessonDock::startLesson(const QString& fileOrId, int step, QString* error) {
    QString file = fileOrId;
    if (!QFileInfo::exists(file))
        for (const QString& shipped : shippedLessonFiles())
            if (auto l = readLessonFile(shipped); l && l->id == fileOrId) file = shipped;
    auto lesson = readLessonFile(file);
    if (!lesson) {
        const QString message = QString::fromStdString(lesson.error().toString());
        if (error) *error = message;
        if (!QApplication::platformName().contains(QLatin1String("offscreen")))
            QMessageBox::warning(window_, tr("Cannot open the lesson"), message);
        return false;
    }
    if (!player_->isActive()) { // another lesson keeps the layout from before the first
        layoutBefore_ = window_->saveState();
        presentingBefore_ = window_->presentationMode();
        speedBefore_ = window_->player()->speed();
    }
    player_->start(std::move(*lesson), step); // presentation mode lays the window out first
    applyLessonLayout();
    return true;
}

void LessonDock::applyLessonLayout() {
    if (!player_->isActive()) return;
    for (QDockWidget* d : window_->findChildren<QDockWidget*>())
        if (d != this && d->parentWidget() == window_) d->hide();
    setFloating(false);
    if (window_->dockWidgetArea(this) != Qt::RightDockWidgetArea) window_->addDockWidget(Qt::RightDockWidgetArea, this);
    show();
    raise();
    fitWidth();
}

void LessonDock::fitWidth() {
    if (player_->isActive() && isVisible() && !isFloating())
        window_->resizeDocks({this}, {int(window_->width() * kWidthShare)}, Qt::Horizontal);
}

bool LessonDock::eventFilter(QObject* watched, QEvent* e) {
    // Full screen arrives after the window manager agrees: fit once the
    // main window has laid out its new size.
    if (watched == window_ && e->type() == QEvent::Resize && player_->isActive())
        QMetaObject::invokeMethod(this, &LessonDock::fitWidth, Qt::QueuedConnection);
    return QDockWidget::eventFilter(watched, e);
}

void LessonDock::restoreLayoutBeforeLesson() {
    if (layoutBefore_.isEmpty()) return;
    const QByteArray state = std::exchange(layoutBefore_, QByteArray());
    // The lesson turned presentation mode on: End lesson turns it off again.
    if (!presentingBefore_) window_->setPresentationMode(false);
    window_->restoreState(state);
    window_->player()->setSpeed(speedBefore_);
}

void LessonDock::openLessonDialog() {
    const QString path =
        QFileDialog::getOpenFileName(window_, tr("Open lesson file"), QString(), tr("Lessons (*.json);;All files (*)"));
    if (!path.isEmpty()) startLesson(path);
}

void LessonDock::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslateUi();
    QDockWidget::changeEvent(e);
}

void LessonDock::retranslateUi() {
    setWindowTitle(tr("Lesson"));
    menu_->setTitle(tr("&Lessons"));
    open_->setText(tr("&Open lesson file…"));
    previous_->setText(tr("&Previous step"));
    next_->setText(tr("&Next step"));
    restart_->setText(tr("&Restart lesson"));
    stop_->setText(tr("&End lesson"));
    chooserHint_->setText(tr("Choose a lesson and press Start. Each step sets up a run, zooms to what matters "
                             "and explains it; Page Down and Page Up move between steps."));
    startButton_->setText(tr("Start"));
    openButton_->setText(tr("Open lesson file…"));
    rebuildChooser();
}

void LessonDock::rebuildChooser() {
    const QString lang = panel_->language();
    chooser_->clear();
    menu_->clear();
    for (const QString& file : shippedLessonFiles()) {
        auto lesson = readLessonFile(file);
        if (!lesson) continue; // the tests keep shipped lessons valid
        const QString title = lesson->title.text(lang);
        auto* it = new QListWidgetItem(title, chooser_);
        it->setData(Qt::UserRole, file);
        it->setToolTip(lesson->summary.text(lang));
        QAction* a = menu_->addAction(title);
        a->setObjectName(QStringLiteral("lesson:") + lesson->id);
        a->setToolTip(lesson->summary.text(lang));
        connect(a, &QAction::triggered, this, [this, file] { startLesson(file); });
    }
    if (chooser_->count()) chooser_->setCurrentRow(0);
    menu_->addSeparator();
    menu_->addAction(open_);
    menu_->addSeparator();
    for (QAction* a : {previous_, next_, restart_, stop_}) menu_->addAction(a);
    updateActions();
}

void LessonDock::updateActions() {
    const bool active = player_->isActive();
    previous_->setEnabled(active && player_->stepIndex() > 0);
    next_->setEnabled(active && player_->stepIndex() + 1 < player_->stepCount());
    restart_->setEnabled(active);
    stop_->setEnabled(active);
}

} // namespace irqscope::app
