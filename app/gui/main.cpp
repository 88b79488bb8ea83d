// irqscope: the IRQ Scope desktop explorer. Everything lives in the
// irqscope_appcore library; this only parses the command line.
#include "core/MainWindow.h"
#include "core/i18n/Language.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTimer>

#include <cstdio>
#include <string_view>

namespace {

// The command line, built once for the real application and once, without a
// display, for --help and --version.
struct CommandLine {
    QCommandLineParser parser;
    QCommandLineOption presentation{
        QStringList{QStringLiteral("p"), QStringLiteral("presentation")},
        QCoreApplication::translate("main", "Start in presentation mode (full screen, large, high contrast).")};
    QCommandLineOption fresh{QStringLiteral("default-layout"),
                             QCoreApplication::translate("main", "Ignore the remembered window layout.")};
    // For tests/bench/app/bench_launch: quit once the first run is drawn.
    QCommandLineOption exitWhenDrawn{
        QStringLiteral("exit-when-drawn"),
        QCoreApplication::translate("main", "Quit as soon as the first run is drawn (start-up measurement).")};
    QCommandLineOption lesson{
        QStringLiteral("lesson"),
        QCoreApplication::translate("main", "Start a lesson: a shipped lesson id (intro) or a lesson file."),
        QStringLiteral("lesson")};
    QCommandLineOption lessonStep{
        QStringLiteral("lesson-step"),
        QCoreApplication::translate("main", "The lesson step to show first (1 is the first)."), QStringLiteral("n"),
        QStringLiteral("1")};

    CommandLine() {
        parser.setApplicationDescription(QCoreApplication::translate(
            "main", "Explore simulated Linux interrupt handling: timelines, what-if runs, comparisons."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(
            QStringLiteral("scenario"),
            QCoreApplication::translate("main", "A preset name or a scenario JSON file to open."));
        parser.addOption(lesson);
        parser.addOption(lessonStep);
        parser.addOption(presentation);
        parser.addOption(fresh);
        parser.addOption(exitWhenDrawn);
    }
};

void nameApplication() {
    QCoreApplication::setOrganizationName(QStringLiteral("irqscope"));
    QCoreApplication::setApplicationName(QStringLiteral("irqscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(IRQSCOPE_VERSION));
    // The language chosen in View ▸ Language, else the system's (LANGUAGE, LANG);
    // before the command line so --help is translated too.
    irqscope::app::Language::applySaved();
}

// --help and --version print and exit; they must work over ssh or in a
// terminal without a display, where QApplication cannot start.
bool onlyAsksForHelp(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "-h" || a == "--help" || a == "-?" || a == "-v" || a == "--version") return true;
    }
    return false;
}

} // namespace

int main(int argc, char** argv) {
    QElapsedTimer sinceStart;
    sinceStart.start();
    if (onlyAsksForHelp(argc, argv)) {
        QCoreApplication core(argc, argv);
        nameApplication();
        CommandLine cli;
        cli.parser.process(core); // prints and exits
        return 0;
    }
    QApplication app(argc, argv);
    nameApplication();
    QApplication::setApplicationDisplayName(QStringLiteral("IRQ Scope"));
    QApplication::setDesktopFileName(QStringLiteral("irqscope"));
    CommandLine cli;
    QCommandLineParser& parser = cli.parser;
    parser.process(app);

    irqscope::app::MainWindow::Options opt;
    if (!parser.positionalArguments().isEmpty()) opt.initial = parser.positionalArguments().constFirst();
    opt.presentation = parser.isSet(cli.presentation);
    opt.restoreState = !parser.isSet(cli.fresh);
    opt.lesson = parser.value(cli.lesson);
    opt.lessonStep = parser.value(cli.lessonStep).toInt() - 1;
    irqscope::app::MainWindow w(opt);
    w.show();
    QTimer drawnProbe;
    if (parser.isSet(cli.exitWhenDrawn)) {
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
