// The shipped translations are complete and current:
//  - every message of translations/irqscope_*.ts is translated (no
//    "unfinished", no empty text, no "vanished"/"obsolete" leftovers), keeps
//    its %1/%n placeholders and its menu accelerator, and has as many plural
//    forms as the language needs;
//  - running lupdate over the sources now yields exactly the shipped set of
//    (context, source, comment) messages, so a new tr() string fails here
//    until it is translated (see docs/architecture.md, Translations);
//  - the compiled .qm files are embedded and actually translate.
#include "core/i18n/Language.h"
#include "core/timeline/Palette.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using namespace irqscope;
using namespace irqscope::app;

namespace {

struct Message {
    QString context, source, comment, type;
    bool numerus = false;
    QStringList translations; // one, or one per plural form
    qint64 line = 0;
    QString key() const { return context + QLatin1Char('\x1f') + source + QLatin1Char('\x1f') + comment; }
};

struct TsFile {
    QString path, language, error;
    QList<Message> messages;
};

TsFile readTs(const QString& path) {
    TsFile ts;
    ts.path = path;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        ts.error = QStringLiteral("%1: cannot open: %2").arg(path, f.errorString());
        return ts;
    }
    QXmlStreamReader xml(&f);
    QString context;
    Message m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        const auto name = xml.name();
        if (name == QLatin1String("TS")) ts.language = xml.attributes().value(QLatin1String("language")).toString();
        else if (name == QLatin1String("name")) context = xml.readElementText();
        else if (name == QLatin1String("message")) {
            m = Message{};
            m.context = context;
            m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            m.line = xml.lineNumber();
        } else if (name == QLatin1String("source")) m.source = xml.readElementText();
        else if (name == QLatin1String("comment")) m.comment = xml.readElementText();
        else if (name == QLatin1String("translation")) {
            m.type = xml.attributes().value(QLatin1String("type")).toString();
            if (!m.numerus) {
                m.translations = {xml.readElementText()};
                ts.messages << m;
            } else {
                while (xml.readNextStartElement()) {
                    if (xml.name() == QLatin1String("numerusform")) m.translations << xml.readElementText();
                    else xml.skipCurrentElement();
                }
                ts.messages << m;
            }
        }
    }
    if (xml.hasError())
        ts.error = QStringLiteral("%1:%2: XML error: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return ts;
}

QString tsDir() {
    return QStringLiteral(IRQSCOPE_SOURCE_DIR "/translations");
}

QStringList shippedTs() {
    QStringList out;
    for (const QString& n : QDir(tsDir()).entryList({QStringLiteral("irqscope_*.ts")}, QDir::Files, QDir::Name))
        out << QDir(tsDir()).filePath(n);
    return out;
}

// Plural forms per language (Qt's rules): German one/other, Chinese one form.
int pluralForms(const QString& language) {
    return language.startsWith(QLatin1String("zh")) ? 1 : 2;
}

QSet<QString> placeholders(const QString& s) {
    QSet<QString> out;
    static const QRegularExpression re(QStringLiteral("%(\\d+|n)"));
    for (auto it = re.globalMatch(s); it.hasNext();) out.insert(it.next().captured(0));
    return out;
}

// A menu accelerator: '&' before a letter or digit, not an HTML entity like &nbsp;.
bool hasAccelerator(const QString& s) {
    static const QRegularExpression re(QStringLiteral("&(?!(nbsp|amp|lt|gt|quot|apos);)[\\w%]"));
    return re.match(s).hasMatch();
}

QString where(const TsFile& ts, const Message& m) {
    return QStringLiteral("%1:%2: [%3] \"%4\"").arg(ts.path).arg(m.line).arg(m.context, m.source);
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void shipsGermanAndChinese() {
        const QStringList files = shippedTs();
        QVERIFY2(files.contains(tsDir() + QStringLiteral("/irqscope_de.ts")), qPrintable(files.join(u' ')));
        QVERIFY2(files.contains(tsDir() + QStringLiteral("/irqscope_zh_CN.ts")), qPrintable(files.join(u' ')));
    }

    void everyMessageIsTranslated_data() {
        QTest::addColumn<QString>("path");
        for (const QString& p : shippedTs()) QTest::newRow(qPrintable(QFileInfo(p).fileName())) << p;
    }
    void everyMessageIsTranslated() {
        QFETCH(QString, path);
        const TsFile ts = readTs(path);
        QVERIFY2(ts.error.isEmpty(), qPrintable(ts.error));
        QVERIFY2(!ts.messages.isEmpty(), qPrintable(path + QStringLiteral(": no messages")));
        const int forms = pluralForms(ts.language);
        QStringList problems;
        for (const Message& m : ts.messages) {
            if (!m.type.isEmpty()) {
                problems << QStringLiteral("%1: translation type=\"%2\" (expected a finished translation)")
                                .arg(where(ts, m), m.type);
                continue;
            }
            if (m.numerus && m.translations.size() != forms)
                problems << QStringLiteral("%1: %2 plural forms, %3 needs %4")
                                .arg(where(ts, m))
                                .arg(m.translations.size())
                                .arg(ts.language)
                                .arg(forms);
            for (const QString& t : m.translations) {
                if (t.trimmed().isEmpty()) {
                    problems << QStringLiteral("%1: empty translation").arg(where(ts, m));
                    continue;
                }
                // %n may be left out of one plural form ("one item"), never a numbered argument
                QSet<QString> want = placeholders(m.source), got = placeholders(t);
                if (m.numerus) {
                    want.remove(QStringLiteral("%n"));
                    got.remove(QStringLiteral("%n"));
                }
                if (want != got)
                    problems << QStringLiteral("%1: placeholders %2 in the source, %3 in \"%4\"")
                                    .arg(where(ts, m), QStringList(want.values()).join(u','),
                                         QStringList(got.values()).join(u','), t);
                if (hasAccelerator(m.source) && !hasAccelerator(t))
                    problems << QStringLiteral("%1: the source has a keyboard accelerator (&), \"%2\" has none")
                                    .arg(where(ts, m), t);
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    // lupdate over today's sources must find exactly the shipped messages.
    void shippedFilesMatchTheSources() {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString fresh = tmp.filePath(QStringLiteral("irqscope_xx.ts"));
        QProcess lupdate;
        lupdate.setWorkingDirectory(QStringLiteral(IRQSCOPE_SOURCE_DIR));
        // the same options as the update_translations target (app/CMakeLists.txt)
        lupdate.start(QStringLiteral(IRQSCOPE_LUPDATE),
                      {QStringLiteral("-no-obsolete"), QStringLiteral("-locations"), QStringLiteral("none"),
                       QStringLiteral("-I"), QStringLiteral("app"), QStringLiteral("-I"),
                       QStringLiteral("engine/include"), QStringLiteral("app/core"), QStringLiteral("app/gui"),
                       QStringLiteral("-ts"), fresh});
        QVERIFY2(lupdate.waitForFinished(120000), "lupdate did not finish in 2 minutes");
        QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0,
                 qPrintable(QString::fromLocal8Bit(lupdate.readAllStandardError())));
        const TsFile now = readTs(fresh);
        QVERIFY2(now.error.isEmpty(), qPrintable(now.error));
        QSet<QString> want;
        for (const Message& m : now.messages) want.insert(m.key());
        QVERIFY2(want.size() > 100, "lupdate found suspiciously few messages");

        for (const QString& path : shippedTs()) {
            const TsFile ts = readTs(path);
            QSet<QString> have;
            for (const Message& m : ts.messages) have.insert(m.key());
            auto show = [](QSet<QString> s) {
                QStringList l = s.values();
                l.sort();
                if (l.size() > 15) l = l.mid(0, 15) << QStringLiteral("…");
                return l.replaceInStrings(QString(QLatin1Char('\x1f')), QStringLiteral(" | ")).join(u'\n');
            };
            const QSet<QString> missing = want - have, stale = have - want;
            QVERIFY2(missing.isEmpty(),
                     qPrintable(QStringLiteral("%1 lacks %2 message(s) found in the sources; run the "
                                               "update_translations target and translate them:\n%3")
                                    .arg(path)
                                    .arg(missing.size())
                                    .arg(show(missing))));
            QVERIFY2(stale.isEmpty(),
                     qPrintable(QStringLiteral("%1 has %2 message(s) no longer in the sources; run the "
                                               "update_translations target:\n%3")
                                    .arg(path)
                                    .arg(stale.size())
                                    .arg(show(stale))));
        }
    }

    void systemLocalePicksAShippedLanguage() {
        auto m = [](std::initializer_list<const char*> ui) {
            QStringList l;
            for (const char* s : ui) l << QString::fromLatin1(s);
            return Language::match(l);
        };
        QCOMPARE(m({"de-DE"}), QStringLiteral("de"));
        QCOMPARE(m({"de-AT", "en-US"}), QStringLiteral("de"));
        QCOMPARE(m({"zh-Hans-CN"}), QStringLiteral("zh_CN"));
        QCOMPARE(m({"zh-CN"}), QStringLiteral("zh_CN"));
        QCOMPARE(m({"zh-Hant-TW", "en-US"}), QStringLiteral("en")); // no traditional Chinese yet
        QCOMPARE(m({"fr-FR", "de-CH"}), QStringLiteral("de"));
        QCOMPARE(m({"fr-FR"}), QStringLiteral("en"));
        QCOMPARE(m({}), QStringLiteral("en"));
    }

    void compiledTranslationsAreEmbeddedAndWork() {
        QVERIFY(QFile::exists(QStringLiteral(":/i18n/irqscope_de.qm")));
        QVERIFY(QFile::exists(QStringLiteral(":/i18n/irqscope_zh_CN.qm")));
        QCOMPARE(Language::apply(QStringLiteral("de")), QStringLiteral("de"));
        // a Q_OBJECT context (namespace-qualified) and a Q_DECLARE_TR_FUNCTIONS one
        QCOMPARE(QCoreApplication::translate("irqscope::app::MainWindow", "&File"), QStringLiteral("&Datei"));
        QCOMPARE(Palette::kindName(ContextKind::User), QStringLiteral("Benutzer-Task"));
        QCOMPARE(Palette::kindName(ContextKind::Hardirq),
                 QStringLiteral("hardirq")); // kernel terms stay
        QCOMPARE(Language::apply(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(QCoreApplication::translate("irqscope::app::MainWindow", "&File"), QStringLiteral("文件(&F)"));
        QCOMPARE(Language::apply(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(Palette::kindName(ContextKind::User), QStringLiteral("user task"));
        // an unknown code is refused and changes nothing
        QCOMPARE(Language::apply(QStringLiteral("xx")), QString());
        QCOMPARE(Language::current(), QStringLiteral("en"));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "test_translations.moc"
