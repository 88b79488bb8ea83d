// A lesson: a short guided tour through the timeline for a class. It is data
// (resources/lessons/*.json, or any file a teacher writes), read and checked
// by LessonReader; LessonPlayer applies a step to the main window.
//
// Every step carries the complete scenario it shows (the reader folds the
// preset and the knob changes of all earlier steps into it), so a step looks
// the same whether the class arrives from the step before, from the step after
// or by restarting.
#pragma once

#include "irqscope/scenario.h"
#include "irqscope/trace.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace irqscope::app {

// A text in several languages: "en" is always there, others fall back to it.
struct LocalText {
    QMap<QString, QString> byLanguage; // "en", "de", "zh_CN", ...
    // The text for a locale name such as "de_DE" or "zh_CN": the exact name,
    // then the language alone ("de"), then English.
    QString text(const QString& locale) const;
    bool has(const QString& language) const { return byLanguage.contains(language); }
};

// A time window and the lanes the class should look at.
struct LessonCamera {
    Time from = 0;
    Time to = 0;
    QStringList lanes; // lane names ("CPU 0"); empty: every lane
};

// One thing to point at: the segment of `kind` (and `entity`) on `lane` at
// `at` (or the first one after it inside the camera window).
struct LessonHighlight {
    QString jsonPath; // "steps[2].highlight[0]", for error messages
    QString lane;
    std::optional<ContextKind> kind;
    QString entity; // empty: any
    Time at = 0;
};

struct LessonQuestion {
    LocalText text;
    LocalText answer;
};

struct LessonStep {
    LocalText title;
    LocalText narration;
    Scenario scenario;                  // the complete scenario of this step
    QString preset;                     // the preset it is based on
    bool declaresScenario = false;      // the step itself names a preset or changes knobs
    std::optional<LessonCamera> camera; // none: the whole run, every lane
    std::vector<LessonHighlight> highlights;
    std::optional<LessonQuestion> question;
};

struct Lesson {
    QString file; // where it was read from (":/lessons/intro.json" or a path)
    QString id;
    LocalText title;
    LocalText summary;
    std::vector<LessonStep> steps;

    // Every localised text with its JSON path ("steps[1].narration"), for
    // checks that each one is translated.
    std::vector<std::pair<QString, const LocalText*>> localTexts() const;
};

} // namespace irqscope::app
