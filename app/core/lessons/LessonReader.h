// Reads a lesson file (format "irqscope.lesson/1") and checks everything that
// can be checked without running it: the JSON shape, every localised text,
// presets and knob changes (through the engine's Scenario API, so a lesson
// accepts exactly what `--set` accepts), times and their order, lane names of
// CPUs, highlight kinds. An error names the file, the JSON path
// ("steps[3].camera.from") and what was expected.
//
// Lanes that only exist once the scenario has run (IRQ lines, tasks) and the
// segments a highlight points at are checked by LessonPlayer on the run.
#pragma once

#include "core/lessons/Lesson.h"
#include "irqscope/result.h"

#include <QByteArray>
#include <QString>

namespace irqscope::app {

inline constexpr const char* kLessonFormat = "irqscope.lesson/1";

Result<Lesson> readLesson(const QByteArray& text, const QString& fileName);
// A path on disk or a resource (":/lessons/intro.json").
Result<Lesson> readLessonFile(const QString& path);

// The lessons shipped in resources/lessons/, sorted by file name.
QStringList shippedLessonFiles();

// "1.25ms", "500us", "500µs", "20ns", "2s" (a unit is required). nullopt otherwise.
std::optional<Time> parseLessonTime(const QString& text);

} // namespace irqscope::app
