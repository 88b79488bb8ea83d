#include "core/lessons/Lesson.h"

namespace irqscope::app {

QString LocalText::text(const QString& locale) const {
    if (auto it = byLanguage.find(locale); it != byLanguage.end()) return *it;
    const QString language = locale.section(QLatin1Char('_'), 0, 0);
    if (auto it = byLanguage.find(language); it != byLanguage.end()) return *it;
    return byLanguage.value(QStringLiteral("en"));
}

std::vector<std::pair<QString, const LocalText*>> Lesson::localTexts() const {
    std::vector<std::pair<QString, const LocalText*>> all{{QStringLiteral("title"), &title},
                                                          {QStringLiteral("summary"), &summary}};
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const LessonStep& s = steps[i];
        const QString at = QStringLiteral("steps[%1].").arg(i);
        all.emplace_back(at + QStringLiteral("title"), &s.title);
        all.emplace_back(at + QStringLiteral("narration"), &s.narration);
        if (s.question) {
            all.emplace_back(at + QStringLiteral("question.text"), &s.question->text);
            all.emplace_back(at + QStringLiteral("question.answer"), &s.question->answer);
        }
    }
    return all;
}

} // namespace irqscope::app
