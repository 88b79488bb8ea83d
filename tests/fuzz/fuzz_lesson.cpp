// libFuzzer target over the lesson reader (app/core/lessons/LessonReader): any
// bytes must come back as a Lesson or an Error naming the place -- never an
// uncaught exception, a crash or a hang. The reader needs QtCore only (QString,
// QRegularExpression), so the fuzz build, which builds no app, compiles it
// into this target (tests/fuzz/CMakeLists.txt).
#include "core/lessons/LessonReader.h"

#include <QByteArray>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace irqscope;
    const QByteArray text = QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
    auto lesson = app::readLesson(text, QStringLiteral("fuzz.json"));
    if (!lesson) {
        if (lesson.error().message.empty()) std::abort(); // a silent failure
        return 0;
    }
    // A lesson that reads has steps, each with its scenario checked.
    if (lesson->steps.empty()) std::abort();
    for (const auto& step : lesson->steps)
        if (auto st = step.scenario.validate(); !st) std::abort();
    return 0;
}
