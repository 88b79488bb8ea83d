#include "core/scenario/ScenarioInfo.h"

#include <QEvent>
#include <QRegularExpression>
#include <QTextDocument>
#include <QTimer>

#include <algorithm>
#include <cmath>

namespace irqscope::app {

ScenarioInfo::ScenarioInfo(QWidget* parent) : QTextBrowser(parent) {
    setObjectName(QStringLiteral("ScenarioInfo"));
    setFrameShape(QFrame::NoFrame);
    // wraps even inside long words such as "gpu.bottom_half=kthread"
    setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    viewport()->setAutoFillBackground(false);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setOpenLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        expanded_ = url.toString() == QLatin1String("more");
        refit();
    });
}

void ScenarioInfo::setStory(const QString& title, const QString& story) {
    title_ = title;
    story_ = story;
    expanded_ = false;
    refit();
}

void ScenarioInfo::setMaxLines(int lines) {
    if (lines == maxLines_) return;
    maxLines_ = lines;
    refit();
}

QString ScenarioInfo::html(const QString& story, Link link) const {
    QString h = QStringLiteral("<b>%1</b>").arg(title_.toHtmlEscaped());
    if (!story.isEmpty()) h += QStringLiteral("<br><span style='color:#444'>%1</span>").arg(story.toHtmlEscaped());
    if (link == Link::More) h += QStringLiteral(" <a href='more'>%1</a>").arg(tr("more…"));
    if (link == Link::Less) h += QStringLiteral(" <a href='less'>%1</a>").arg(tr("less"));
    return h;
}

double ScenarioInfo::heightOf(const QString& h) const {
    QTextDocument doc;
    doc.setDefaultFont(font());
    doc.setDefaultTextOption(document()->defaultTextOption());
    doc.setDocumentMargin(document()->documentMargin());
    doc.setTextWidth(viewport()->width());
    doc.setHtml(h);
    return doc.size().height();
}

void ScenarioInfo::refit() {
    fittedWidth_ = viewport()->width();
    const int line = fontMetrics().lineSpacing();
    const double most = line * maxLines_;
    QString shown = html(story_, Link::None);
    folded_ = false;
    if (heightOf(shown) > most) {
        if (expanded_) {
            shown = html(story_, Link::Less);
        } else {
            // as many whole sentences as fit, then "more…"
            static const QRegularExpression end(QStringLiteral("(?<=[.!?:])\\s+"));
            const QStringList sentences = story_.split(end, Qt::SkipEmptyParts);
            shown = html(QString(), Link::More);
            QString part;
            for (const QString& s : sentences) {
                const QString next = part.isEmpty() ? s : part + QLatin1Char(' ') + s;
                const QString candidate = html(next, Link::More);
                if (heightOf(candidate) > most) break;
                part = next;
                shown = candidate;
            }
            folded_ = true;
        }
    }
    setHtml(shown);
    const double h = heightOf(shown);
    // unfolded, it may take twice the lines before it scrolls
    const int cap = expanded_ ? line * maxLines_ * 2 : int(std::ceil(most)) + 4;
    setFixedHeight(std::clamp(int(std::ceil(h)) + 4, line * 2, cap));
}

void ScenarioInfo::resizeEvent(QResizeEvent* e) {
    QTextBrowser::resizeEvent(e);
    if (viewport()->width() != fittedWidth_)
        QTimer::singleShot(0, this, [this] {
            if (viewport()->width() != fittedWidth_) refit();
        });
}

void ScenarioInfo::changeEvent(QEvent* e) {
    QTextBrowser::changeEvent(e);
    if (e->type() == QEvent::FontChange || e->type() == QEvent::LanguageChange) refit();
}

} // namespace irqscope::app
