// irqscope: the IRQ Scope desktop explorer. Everything lives in the
// irqscope_appcore library; this only parses the command line.
#include "core/MainWindow.h"
#include "core/i18n/Language.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTimer>

#include <cstdio>

int main(int argc, char** argv) {
    QElapsedTimer sinceStart;
    sinceStart.start();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("irqscope"));
    QApplication::setApplicationName(QStringLiteral("irqscope"));
    QApplication::setApplicationDisplayName(QStringLiteral("IRQ Scope"));
    QApplication::setApplicationVersion(QStringLiteral(IRQSCOPE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("irqscope"));
    // The language chosen in View ▸ Language, else the system's (LANGUAGE, LANG);
    // before the command line so --help is translated too.
    irqscope::app::Language::applySaved();

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Explore simulated Linux interrupt handling: timelines, what-if runs, comparisons."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("scenario"),
                                 QApplication::translate("main", "A preset name or a scenario JSON file to open."));
    QCommandLineOption presentation(QStringList{QStringLiteral("p"), QStringLiteral("presentation")},
                                    QApplication::translate("main", "Start in presentation mode (full screen, large, high contrast)."));
    QCommandLineOption fresh(QStringLiteral("default-layout"),
                             QApplication::translate("main", "Ignore the remembered window layout."));
    // For tests/bench/app/bench_launch: quit once the first run is drawn.
    QCommandLineOption exitWhenDrawn(QStringLiteral("exit-when-drawn"),
                                     QApplication::translate("main", "Quit as soon as the first run is drawn (start-up measurement)."));
    QCommandLineOption lesson(QStringLiteral("lesson"),
                              QApplication::translate("main", "Start a lesson: a shipped lesson id (intro) or a lesson file."),
                              QStringLiteral("lesson"));
    QCommandLineOption lessonStep(QStringLiteral("lesson-step"),
                                  QApplication::translate("main", "The lesson step to show first (1 is the first)."),
                                  QStringLiteral("n"), QStringLiteral("1"));
    parser.addOption(lesson);
    parser.addOption(lessonStep);
    parser.addOption(presentation);
    parser.addOption(fresh);
    parser.addOption(exitWhenDrawn);
    parser.process(app);

    irqscope::app::MainWindow::Options opt;
    if (!parser.positionalArguments().isEmpty()) opt.initial = parser.positionalArguments().constFirst();
    opt.presentation = parser.isSet(presentation);
    opt.restoreState = !parser.isSet(fresh);
    opt.lesson = parser.value(lesson);
    opt.lessonStep = parser.value(lessonStep).toInt() - 1;
    irqscope::app::MainWindow w(opt);
    w.show();
    QTimer drawnProbe;
    if (parser.isSet(exitWhenDrawn)) {
        QObject::connect(&drawnProbe, &QTimer::timeout, &w, [&] {
            if (!w.currentRun()) return;
            w.repaint(); // synchronous: the timeline of the first run is on screen
            std::fprintf(stderr, "irqscope: first run drawn %lld ms after start\n",
                         static_cast<long long>(sinceStart.elapsed()));
            QApplication::quit();
        });
        drawnProbe.start(5);
    }
    return app.exec();
}
