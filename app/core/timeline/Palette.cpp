#include "core/timeline/Palette.h"

namespace irqscope::app {

QColor Palette::kind(ContextKind k) const {
    if (presentation()) {
        // Okabe & Ito (2008), safe for the common colour-vision deficiencies.
        switch (k) {
        case ContextKind::Hardirq: return QColor(0xD5, 0x5E, 0x00); // vermillion
        case ContextKind::Nmi: return QColor(0x00, 0x00, 0x00);
        case ContextKind::Softirq: return QColor(0xE6, 0x9F, 0x00);   // orange
        case ContextKind::Tasklet: return QColor(0xF0, 0xE4, 0x42);   // yellow
        case ContextKind::IrqThread: return QColor(0xCC, 0x79, 0xA7); // reddish purple
        case ContextKind::Kworker: return QColor(0x00, 0x9E, 0x73);   // bluish green
        case ContextKind::Ksoftirqd: return QColor(0x56, 0xB4, 0xE9); // sky blue
        case ContextKind::Kthread: return QColor(0x55, 0x55, 0x55);
        case ContextKind::User: return QColor(0x00, 0x72, 0xB2); // blue
        case ContextKind::Idle: return QColor(0xFF, 0xFF, 0xFF);
        case ContextKind::LinePending: return QColor(0xF0, 0xE4, 0x42);
        case ContextKind::LineActive: return QColor(0xD5, 0x5E, 0x00);
        case ContextKind::LineActivePending: return QColor(0xE6, 0x9F, 0x00);
        case ContextKind::LineMasked: return QColor(0x55, 0x55, 0x55);
        case ContextKind::Count: break;
        }
        return Qt::black;
    }
    switch (k) {
    case ContextKind::Hardirq: return QColor(0xD6, 0x27, 0x28);
    case ContextKind::Nmi: return QColor(0x6B, 0x00, 0x3A);
    case ContextKind::Softirq: return QColor(0xFF, 0x8C, 0x1A);
    case ContextKind::Tasklet: return QColor(0xE3, 0xC0, 0x16);
    case ContextKind::IrqThread: return QColor(0x94, 0x67, 0xBD);
    case ContextKind::Kworker: return QColor(0x17, 0xA8, 0x8F);
    case ContextKind::Ksoftirqd: return QColor(0x8C, 0x56, 0x4B);
    case ContextKind::Kthread: return QColor(0x8A, 0x8A, 0x8A);
    case ContextKind::User: return QColor(0x3A, 0x7D, 0xC9);
    case ContextKind::Idle: return QColor(0xF4, 0xF4, 0xF4);
    case ContextKind::LinePending: return QColor(0xF2, 0xD0, 0x3B);
    case ContextKind::LineActive: return QColor(0xD6, 0x27, 0x28);
    case ContextKind::LineActivePending: return QColor(0xF0, 0x7A, 0x2A);
    case ContextKind::LineMasked: return QColor(0x9A, 0x9A, 0x9A);
    case ContextKind::Count: break;
    }
    return Qt::black;
}

QColor Palette::instant(InstantKind k) const {
    const bool p = presentation();
    switch (k) {
    case InstantKind::IrqRaise: return p ? QColor(0xD5, 0x5E, 0x00) : QColor(0xB0, 0x1E, 0x1E);
    case InstantKind::IrqAck: return p ? QColor(0x00, 0x72, 0xB2) : QColor(0x1F, 0x4E, 0x99);
    case InstantKind::PriorityDrop: return p ? QColor(0x56, 0xB4, 0xE9) : QColor(0x4B, 0x9C, 0xD3);
    case InstantKind::Deactivate: return p ? QColor(0x00, 0x9E, 0x73) : QColor(0x2C, 0x8C, 0x3C);
    case InstantKind::Mask: return QColor(0x33, 0x33, 0x33);
    case InstantKind::Unmask: return QColor(0x77, 0x77, 0x77);
    case InstantKind::SoftirqRaise: return p ? QColor(0xE6, 0x9F, 0x00) : QColor(0xE0, 0x70, 0x00);
    case InstantKind::TaskletSchedule: return p ? QColor(0xF0, 0xE4, 0x42) : QColor(0xB8, 0x9A, 0x00);
    case InstantKind::QueueWork: return p ? QColor(0x00, 0x9E, 0x73) : QColor(0x10, 0x80, 0x70);
    case InstantKind::Wakeup: return p ? QColor(0x00, 0x72, 0xB2) : QColor(0x2A, 0x5D, 0xB0);
    case InstantKind::Ipi: return p ? QColor(0xCC, 0x79, 0xA7) : QColor(0x80, 0x50, 0xA0);
    case InstantKind::Warning: return p ? QColor(0x00, 0x00, 0x00) : QColor(0xC0, 0x00, 0x00);
    case InstantKind::Count: break;
    }
    return Qt::black;
}

QColor Palette::laneBackground(int laneIndex) const {
    if (presentation()) return laneIndex % 2 ? QColor(0xF2, 0xF2, 0xF2) : QColor(0xFF, 0xFF, 0xFF);
    return laneIndex % 2 ? QColor(0xF3, 0xF5, 0xF8) : QColor(0xFB, 0xFC, 0xFD);
}

QColor Palette::irqsOff() const {
    return presentation() ? QColor(0, 0, 0, 45) : QColor(0xD6, 0x27, 0x28, 38);
}
QColor Palette::flow() const {
    return presentation() ? QColor(0, 0, 0) : QColor(0x20, 0x20, 0x40);
}
QColor Palette::selection() const {
    return presentation() ? QColor(0, 0, 0) : QColor(0x10, 0x10, 0x10);
}
QColor Palette::text() const {
    return QColor(0x20, 0x20, 0x20);
}

const std::vector<ContextKind>& Palette::legendKinds() {
    static const std::vector<ContextKind> kinds{ContextKind::Hardirq,   ContextKind::Softirq, ContextKind::Tasklet,
                                                ContextKind::IrqThread, ContextKind::Kworker, ContextKind::Ksoftirqd,
                                                ContextKind::Kthread,   ContextKind::User,    ContextKind::Idle};
    return kinds;
}

QString Palette::kindName(ContextKind k) {
    switch (k) {
    case ContextKind::Idle: return tr("idle");
    case ContextKind::User: return tr("user task");
    case ContextKind::Kthread: return tr("other kthread");
    case ContextKind::Ksoftirqd: return tr("ksoftirqd");
    case ContextKind::Kworker: return tr("kworker");
    case ContextKind::IrqThread: return tr("irq thread");
    case ContextKind::Softirq: return tr("softirq");
    case ContextKind::Tasklet: return tr("tasklet");
    case ContextKind::Hardirq: return tr("hardirq");
    case ContextKind::Nmi: return tr("NMI");
    case ContextKind::LinePending: return tr("line pending");
    case ContextKind::LineActive: return tr("line active");
    case ContextKind::LineActivePending: return tr("line active+pending");
    case ContextKind::LineMasked: return tr("line masked");
    case ContextKind::Count: break;
    }
    return tr("unknown");
}

QString Palette::instantName(InstantKind k) {
    switch (k) {
    case InstantKind::IrqRaise: return tr("IRQ raised");
    case InstantKind::IrqAck: return tr("acknowledge");
    case InstantKind::PriorityDrop: return tr("priority drop");
    case InstantKind::Deactivate: return tr("deactivate");
    case InstantKind::Mask: return tr("mask");
    case InstantKind::Unmask: return tr("unmask");
    case InstantKind::SoftirqRaise: return tr("softirq raised");
    case InstantKind::TaskletSchedule: return tr("tasklet scheduled");
    case InstantKind::QueueWork: return tr("work queued");
    case InstantKind::Wakeup: return tr("wake-up");
    case InstantKind::Ipi: return tr("IPI");
    case InstantKind::Warning: return tr("warning");
    case InstantKind::Count: break;
    }
    return tr("event");
}

QString Palette::flowName(FlowKind k) {
    switch (k) {
    case FlowKind::RaiseSoftirq: return tr("raised softirq");
    case FlowKind::ScheduleTasklet: return tr("scheduled tasklet");
    case FlowKind::WakeThread: return tr("woke IRQ thread");
    case FlowKind::QueueWork: return tr("queued work");
    case FlowKind::WakeTask: return tr("woke task");
    case FlowKind::Ipi: return tr("sent IPI");
    case FlowKind::Count: break;
    }
    return tr("caused");
}

} // namespace irqscope::app
