#include "core/lessons/LessonReader.h"

#include "core/scenario/PartsModel.h"

#include "irqscope/presets.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace irqscope::app {

namespace {

// Key order matters for knob changes (a cross-field rule may need one value
// before another), so the document is read in file order.
using json = nlohmann::ordered_json;

// The limits of the scenario reader: a lesson is a few kilobytes, nested a
// few levels (format, steps, scenario, set).
constexpr qint64 kMaxBytes = 16 * 1024 * 1024;
constexpr int kMaxDepth = 64;

// Thrown inside the reader, turned into an Error at its edge.
struct LessonError {
    std::string where;
    std::string message;
};

[[noreturn]] void fail(const std::string& where, const std::string& message) {
    throw LessonError{where, message};
}

std::string child(const std::string& base, const std::string& key) {
    return base.empty() ? key : base + "." + key;
}
std::string item(const std::string& base, std::size_t i) {
    return base + "[" + std::to_string(i) + "]";
}

std::string found(const json& v) {
    // Containers are named, not dumped (dump() recurses; see kMaxDepth).
    if (v.is_object()) return "an object";
    if (v.is_array()) return "an array";
    const char* type = v.is_string() ? "a string" : v.is_boolean() ? "a boolean" : v.is_number() ? "a number" : "null";
    std::string text = v.dump();
    if (text.size() > 40) text = text.substr(0, 37) + "...";
    return std::string(type) + " (" + text + ")";
}

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

const json& object(const json& v, const std::string& where, std::initializer_list<const char*> keys) {
    if (!v.is_object()) fail(where, "expected an object, found " + found(v));
    for (const auto& it : v.items()) {
        const std::string& k = it.key(); // not a structured binding: clang 14 (the fuzz build) cannot capture one
        if (std::none_of(keys.begin(), keys.end(), [&](const char* allowed) { return k == allowed; })) {
            std::string list;
            for (const char* allowed : keys) list += std::string(list.empty() ? "" : ", ") + allowed;
            fail(child(where, k), "unknown key (expected one of: " + list + ")");
        }
    }
    return v;
}

const json& required(const json& obj, const std::string& where, const char* key) {
    if (!obj.contains(key)) fail(child(where, key), "missing (required)");
    return obj[key];
}

std::string string(const json& v, const std::string& where) {
    if (!v.is_string() || v.get<std::string>().empty()) fail(where, "expected a non-empty string, found " + found(v));
    return v.get<std::string>();
}

LocalText localText(const json& v, const std::string& where) {
    if (!v.is_object())
        fail(where, "expected a localised text {\"en\": \"...\", \"de\": \"...\", \"zh_CN\": "
                    "\"...\"}, found " +
                        found(v));
    static const QRegularExpression kLanguage(QStringLiteral("^[a-z]{2,3}(_[A-Z]{2})?$"));
    LocalText t;
    for (const auto& [lang, text] : v.items()) {
        if (!kLanguage.match(qs(lang)).hasMatch())
            fail(child(where, lang), "expected a language code such as en, de or zh_CN");
        t.byLanguage.insert(qs(lang), qs(string(text, child(where, lang))));
    }
    if (!t.has(QStringLiteral("en"))) fail(child(where, "en"), "missing (the English text is required)");
    return t;
}

Time readTime(const json& v, const std::string& where) {
    const auto t = v.is_string() ? parseLessonTime(qs(v.get<std::string>())) : std::nullopt;
    if (!t) fail(where, "expected a time with a unit such as \"1.25ms\" (ns, us, µs, ms, s), found " + found(v));
    return *t;
}

std::string timeText(Time t) {
    return formatDuration(t);
}

// The scenario of a step: a preset, knob changes on top of the previous step's
// scenario, or both (the changes then apply to the fresh preset).
void readScenario(const json& v, const std::string& where, LessonStep& step) {
    object(v, where, {"preset", "set"});
    if (!v.contains("preset") && !v.contains("set")) fail(where, "expected \"preset\", \"set\" or both");
    if (v.contains("preset")) {
        const std::string name = string(v["preset"], child(where, "preset"));
        auto s = loadPreset(name);
        if (!s) {
            std::string names;
            for (const auto& p : listPresets()) names += (names.empty() ? "" : ", ") + p.name;
            fail(child(where, "preset"), "unknown preset '" + name + "' (expected one of: " + names + ")");
        }
        step.scenario = *s;
        step.preset = qs(name);
    }
    if (!v.contains("set")) return;
    const json& set = v["set"];
    if (!set.is_object() || set.empty())
        fail(child(where, "set"),
             "expected an object of knob changes {\"gpu.bottom_half\": \"tasklet\"}, found " + found(set));
    // Cross-field rules are checked at each change, so a change that needs
    // another one of the same step is retried after the others.
    std::vector<std::pair<std::string, const json*>> pending;
    // a part's field ("sources[eth0].arrival.poisson.rate_hz") is the engine's to check
    auto partField = [](const std::string& path) {
        for (const char* list : kPartListOrder) {
            const std::string l = list;
            if (path.size() > l.size() && path.starts_with(l) && (path[l.size()] == '.' || path[l.size()] == '['))
                return true;
        }
        return false;
    };
    for (const auto& [path, value] : set.items()) {
        if (!Schema::builtin().find(path) && !partField(path))
            fail(child(child(where, "set"), path), "unknown knob (see `irqscope-cli describe` for every knob)");
        pending.emplace_back(path, &value);
    }
    while (!pending.empty()) {
        std::optional<Error> firstError;
        std::string firstPath;
        std::vector<std::pair<std::string, const json*>> retry;
        for (const auto& [path, value] : pending) {
            const Status st = step.scenario.setJson(path, nlohmann::json::parse(value->dump()));
            if (st) continue;
            if (!firstError) firstError = st.error(), firstPath = path;
            retry.emplace_back(path, value);
        }
        if (retry.size() == pending.size())
            fail(child(child(where, "set"), firstPath), "bad value: " + firstError->message);
        pending = std::move(retry);
    }
    // A knob of a device this step leaves switched off changes nothing: the
    // lesson would narrate an effect the run does not show.
    for (const auto& [path, value] : set.items())
        if (const std::string off = step.scenario.offSwitchFor(path); !off.empty())
            fail(child(child(where, "set"), path),
                 "has no effect: " + off + " is false in this step (set \"" + off + "\": true as well)");
}

LessonCamera readCamera(const json& v, const std::string& where, const Scenario& s) {
    object(v, where, {"from", "to", "lanes"});
    LessonCamera c;
    c.from = readTime(required(v, where, "from"), child(where, "from"));
    c.to = readTime(required(v, where, "to"), child(where, "to"));
    if (c.to <= c.from) fail(child(where, "to"), "expected a time after \"from\" (" + timeText(c.from) + ")");
    const Time end = s.getDuration("run.duration_ns");
    if (c.to > end)
        fail(child(where, "to"),
             "expected a time inside the run, which ends at " + timeText(end) + ", found " + timeText(c.to));
    if (v.contains("lanes")) {
        const json& lanes = v["lanes"];
        const std::string at = child(where, "lanes");
        if (!lanes.is_array() || lanes.empty())
            fail(at, "expected a list of lane names such as [\"CPU 0\", \"CPU 1\"], found " + found(lanes));
        static const QRegularExpression kCpu(QStringLiteral("^CPU (\\d+)$"));
        const auto cpus = s.getInt("machine.cpus");
        for (std::size_t i = 0; i < lanes.size(); ++i) {
            const QString name = qs(string(lanes[i], item(at, i)));
            if (const auto m = kCpu.match(name); m.hasMatch() && m.captured(1).toLongLong() >= cpus)
                fail(item(at, i), "unknown lane '" + name.toStdString() + "' (the machine has CPU 0 to CPU " +
                                      std::to_string(cpus - 1) + ")");
            c.lanes << name;
        }
    }
    return c;
}

LessonHighlight readHighlight(const json& v, const std::string& where) {
    object(v, where, {"lane", "kind", "entity", "at"});
    LessonHighlight h;
    h.jsonPath = qs(where);
    h.lane = qs(string(required(v, where, "lane"), child(where, "lane")));
    h.at = readTime(required(v, where, "at"), child(where, "at"));
    if (v.contains("kind")) {
        const std::string k = string(v["kind"], child(where, "kind"));
        h.kind = contextKindFromId(k);
        if (!h.kind) {
            std::string ids;
            for (int i = 0; i < kContextKindCount; ++i)
                ids += std::string(ids.empty() ? "" : ", ") + contextKindId(static_cast<ContextKind>(i));
            fail(child(where, "kind"), "unknown kind '" + k + "' (expected one of: " + ids + ")");
        }
    }
    if (v.contains("entity")) h.entity = qs(string(v["entity"], child(where, "entity")));
    return h;
}

LessonStep readStep(const json& v, const std::string& where, const LessonStep* previous) {
    object(v, where, {"title", "narration", "scenario", "camera", "highlight", "question"});
    LessonStep step;
    if (previous) {
        step.scenario = previous->scenario;
        step.preset = previous->preset;
    }
    step.title = localText(required(v, where, "title"), child(where, "title"));
    step.narration = localText(required(v, where, "narration"), child(where, "narration"));
    if (v.contains("scenario")) {
        const json& sc = v["scenario"];
        if (!previous && sc.is_object() && !sc.contains("preset"))
            fail(child(child(where, "scenario"), "preset"), "missing (the first step must choose a preset)");
        readScenario(sc, child(where, "scenario"), step);
        step.declaresScenario = true;
    } else if (!previous) {
        fail(child(where, "scenario"), "missing (the first step must choose a preset: {\"preset\": \"basics\"})");
    }
    if (v.contains("camera")) step.camera = readCamera(v["camera"], child(where, "camera"), step.scenario);
    if (v.contains("highlight")) {
        const json& hl = v["highlight"];
        const std::string at = child(where, "highlight");
        if (!hl.is_array()) fail(at, "expected a list of highlights, found " + found(hl));
        for (std::size_t i = 0; i < hl.size(); ++i) step.highlights.push_back(readHighlight(hl[i], item(at, i)));
    }
    if (v.contains("question")) {
        const std::string at = child(where, "question");
        object(v["question"], at, {"text", "answer"});
        step.question = LessonQuestion{localText(required(v["question"], at, "text"), child(at, "text")),
                                       localText(required(v["question"], at, "answer"), child(at, "answer"))};
    }
    return step;
}

Lesson readDocument(const json& doc) {
    object(doc, "", {"format", "id", "title", "summary", "steps"});
    const std::string format = string(required(doc, "", "format"), "format");
    if (format != kLessonFormat)
        fail("format", std::string("expected \"") + kLessonFormat + "\", found \"" + format + "\"");
    Lesson lesson;
    lesson.id = qs(string(required(doc, "", "id"), "id"));
    lesson.title = localText(required(doc, "", "title"), "title");
    lesson.summary = localText(required(doc, "", "summary"), "summary");
    const json& steps = required(doc, "", "steps");
    if (!steps.is_array() || steps.empty()) fail("steps", "expected a non-empty list of steps, found " + found(steps));
    for (std::size_t i = 0; i < steps.size(); ++i)
        lesson.steps.push_back(readStep(steps[i], item("steps", i), i ? &lesson.steps.back() : nullptr));
    return lesson;
}

std::string lineColumn(const QByteArray& text, std::size_t byte) {
    const QByteArray before = text.left(qsizetype(byte));
    const auto line = before.count('\n') + 1;
    const auto col = before.size() - (before.lastIndexOf('\n') + 1) + 1;
    return "line " + std::to_string(line) + ", column " + std::to_string(col);
}

// The byte where brackets nest deeper than kMaxDepth, or -1. Strings are
// skipped (a bracket inside one is text). Checked before parsing: the DOM
// itself is built without recursion, but the reader walks it recursively
// (knob values are copied with dump()), and 100,000 nested brackets crashed
// the window.
qsizetype tooDeepAt(const QByteArray& text) {
    int depth = 0;
    bool inString = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\') ++i;
            else if (c == '"') inString = false;
        } else if (c == '"') inString = true;
        else if (c == '[' || c == '{') {
            if (++depth > kMaxDepth) return i;
        } else if (c == ']' || c == '}') --depth;
    }
    return -1;
}

} // namespace

std::optional<Time> parseLessonTime(const QString& text) {
    static const QRegularExpression kTime(QStringLiteral("^\\s*(\\d+(\\.\\d+)?)\\s*(ns|us|µs|ms|s)\\s*$"));
    const auto m = kTime.match(text);
    if (!m.hasMatch()) return std::nullopt;
    QString unit = m.captured(3);
    if (unit == QStringLiteral("µs")) unit = QStringLiteral("us");
    return parseDuration((m.captured(1) + unit).toStdString());
}

Result<Lesson> readLesson(const QByteArray& text, const QString& fileName) {
    const std::string file = fileName.toStdString();
    if (text.size() > kMaxBytes) return Error{file, "", "file is larger than 16 MiB; not a lesson"};
    if (text.contains('\0')) return Error{file, "", "binary data; expected a JSON lesson"};
    if (const qsizetype at = tooDeepAt(text); at >= 0)
        return Error{file, lineColumn(text, std::size_t(at)),
                     "nested deeper than " + std::to_string(kMaxDepth) + " levels; not a lesson"};
    json doc;
    try {
        doc = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        std::string what = e.what();
        const auto pos = what.find("parse error");
        return Error{file, lineColumn(text, e.byte == 0 ? 0 : e.byte - 1),
                     "invalid JSON: " + (pos == std::string::npos ? what : what.substr(pos))};
    } catch (const json::exception& e) {
        // out_of_range 406 ("number overflow parsing '1e3000'") has no byte offset: once uncaught,
        // it ended the window
        std::string what = e.what();
        const auto pos = what.find("] ");
        return Error{file, "", "invalid JSON: " + (pos == std::string::npos ? what : what.substr(pos + 2))};
    }
    try {
        Lesson lesson = readDocument(doc);
        lesson.file = fileName;
        return lesson;
    } catch (const LessonError& e) {
        return Error{file, e.where, e.message};
    }
}

Result<Lesson> readLessonFile(const QString& path) {
    if (QFileInfo(path).isDir()) return Error{path.toStdString(), "", "is a directory; expected a JSON lesson file"};
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{path.toStdString(), "", "cannot read: " + f.errorString().toStdString()};
    // At most the limit plus one byte, whatever the file claims: /dev/zero or a
    // FIFO has no size and never ends (`--lesson /dev/zero` grew without limit).
    if (!f.isSequential() && f.size() > kMaxBytes)
        return Error{path.toStdString(), "", "file is larger than 16 MiB; not a lesson"};
    const QByteArray text = f.read(kMaxBytes + 1);
    if (f.error() != QFileDevice::NoError)
        return Error{path.toStdString(), "", "cannot read: " + f.errorString().toStdString()};
    return readLesson(text, path);
}

QStringList shippedLessonFiles() {
    QStringList files;
    const QDir dir(QStringLiteral(":/lessons"));
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        files << dir.filePath(name);
    return files;
}

} // namespace irqscope::app
