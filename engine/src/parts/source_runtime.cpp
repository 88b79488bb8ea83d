// An installed source: its line, its arrivals, its handler and IRQ thread.
#include "devices/device_instance.h"
#include "devices/metric_ref.h"
#include "devices/nic/napi.h"
#include "kernel/machine.h"
#include "parts/source_parts.h"

#include <deque>
#include <memory>
#include <optional>
#include <set>

namespace irqscope::parts {

using namespace kern;

namespace {

class Source final : public UserSource {
public:
    Source(Machine& m, PartsRuntime& rt, SourcePart part)
        : m_(m), rt_(rt), part_(std::move(part)),
          arrivalRng_(m.rng(part_.stream.empty() ? "source/" + part_.name + "/arrival" : part_.stream)),
          handlerRng_(m.rng("source/" + part_.name + "/handler")) {}

    // `reserved`: the SPIs other sources give as their intid, which a source
    // without one skips.
    void install(const std::set<int>& reserved) {
        const bool lpi = part_.line == SourcePart::Line::Lpi || (part_.line == SourcePart::Line::Msi && m_.cfg().gicV3);
        // The effective affinity: the first CPU of the mask (irq_do_set_affinity() ->
        // the GIC's set_affinity picks one online CPU of it, the first).
        const int cpu = part_.cpus.empty() ? 0 : *std::min_element(part_.cpus.begin(), part_.cpus.end());
        int intid = part_.intid;
        if (intid == 0) {
            std::set<int> used = reserved;
            for (const auto& l : m_.gic().lines()) used.insert(l->intid);
            intid = lpi ? 8192 : 96; // as devices::freeIntid(), skipping the reserved SPIs
            while (used.contains(intid)) ++intid;
        }
        line_ = &m_.gic().addLine(lpi ? hw::IntType::LPI : hw::IntType::SPI, intid, cpu, part_.name);
        thread_ = !part_.then.empty() && part_.then.back().kind == Step::Kind::Thread ? &part_.then.back() : nullptr;
        if (!part_.then.empty() && part_.then.back().kind == Step::Kind::Napi) installNapi(part_.then.back());
        IrqHandlerFn handler;
        if (part_.handler || !thread_) handler = [this](Kctx& c) { return primary(c); };
        CodeFn threadFn;
        if (thread_) threadFn = [this](Kctx& c) { return threaded(c); };
        IrqDesc& d = m_.irq().request(*line_, part_.name, std::move(handler), std::move(threadFn),
                                      thread_ && thread_->oneshot ? std::uint32_t{IRQF_ONESHOT} : 0u);
        if (part_.line == SourcePart::Line::Msi && !lpi) {
            // GICv2m: MSIs are SPIs, and PCI/MSI chips are IRQCHIP_ONESHOT_SAFE
            // (drivers/pci/msi/irqdomain.c): __setup_irq() drops IRQF_ONESHOT.
            d.oneshotSafeChip = true;
            d.flags &= ~static_cast<std::uint32_t>(IRQF_ONESHOT);
        }
        // The thread that runs the thread step: irq/N-name, or with forced
        // threading (threadirqs) the secondary irq/N-s-name. Its priority as
        // `chrt -f -p` (sched_setscheduler()) would set it after request.
        if (Task* t = d.secondary ? d.secondary : d.thread; t && thread_ && thread_->priority > 0)
            t->rtPrio = thread_->priority;
        for (const Step& s : part_.then) prepareChain(m_, rt_, s);
        startArrivals();
    }

    void submit() override {
        const Time latency =
            part_.arrival.kind == Arrival::Kind::OnSubmit ? part_.arrival.latency.sample(arrivalRng_) : 0;
        m_.q().schedule<&Source::fire>(m_.now() + latency, *this);
    }
    void probeIrqToThread(const std::string& series) override { irqToThread_.emplace(m_.rec(), series); }
    const SourcePart& part() const override { return part_; }

private:
    void startArrivals() {
        const Arrival& a = part_.arrival;
        switch (a.kind) {
        case Arrival::Kind::Periodic:
        case Arrival::Kind::Bursts:
            next_ = a.start;
            m_.q().schedule<&Source::arrive>(next_, *this);
            break;
        case Arrival::Kind::Poisson: m_.q().schedule<&Source::arrive>(poissonGap(), *this); break;
        case Arrival::Kind::Replay: m_.q().schedule<&Source::arrive>(a.times.front(), *this); break;
        case Arrival::Kind::Gaps: m_.q().schedule<&Source::arrive>(drawnGap(), *this); break;
        case Arrival::Kind::Shuffle: // the run begins at a uniform point of the first gap (a stationary start)
            m_.q().schedule<&Source::arrive>(
                std::max<Time>(1, static_cast<Time>(arrivalRng_.uniform() * double(dealtGap()))), *this);
            break;
        case Arrival::Kind::OnSubmit: break;
        }
    }

    Time drawnGap() { return std::max<Time>(1, part_.arrival.latency.sample(arrivalRng_)); }
    // shuffle: the next gap of the deck, shuffled again (Fisher-Yates) at the start of each cycle
    Time dealtGap() {
        if (replayed_ == 0) {
            if (deck_.empty()) deck_ = part_.arrival.times;
            for (std::size_t i = deck_.size(); i > 1; --i) {
                const auto j = std::min(i - 1, static_cast<std::size_t>(arrivalRng_.uniform() * double(i)));
                std::swap(deck_[i - 1], deck_[j]);
            }
        }
        const Time g = deck_[replayed_];
        replayed_ = (replayed_ + 1) % deck_.size();
        return std::max<Time>(1, g);
    }

    Time poissonGap() {
        return std::max<Time>(1, arrivalRng_.exponential(static_cast<Time>(1e9 / part_.arrival.rateHz)));
    }

    // The device signals its interrupt; the next arrival is scheduled.
    void arrive() {
        fire();
        const Arrival& a = part_.arrival;
        switch (a.kind) {
        case Arrival::Kind::Periodic:
            next_ += a.period; // no drift: arrivals at start + k * period
            m_.q().schedule<&Source::arrive>(next_, *this);
            break;
        case Arrival::Kind::Bursts:
            if (++inBurst_ < a.count) {
                m_.q().schedule<&Source::arrive>(next_ + a.gap * inBurst_, *this);
            } else {
                inBurst_ = 0;
                next_ += a.period;
                m_.q().schedule<&Source::arrive>(next_, *this);
            }
            break;
        case Arrival::Kind::Poisson: m_.q().schedule<&Source::arrive>(m_.now() + poissonGap(), *this); break;
        case Arrival::Kind::Replay:
            if (++replayed_ < a.times.size()) m_.q().schedule<&Source::arrive>(a.times[replayed_], *this);
            break;
        case Arrival::Kind::Gaps: m_.q().schedule<&Source::arrive>(m_.now() + drawnGap(), *this); break;
        case Arrival::Kind::Shuffle: m_.q().schedule<&Source::arrive>(m_.now() + dealtGap(), *this); break;
        case Arrival::Kind::OnSubmit: break;
        }
    }

    // The device signals an arrival. A NAPI device DMAs it into its RX ring
    // (full: dropped) and interrupts only while its interrupt is unmasked.
    void fire() {
        if (napiStep_) {
            if (ring_.size() >= static_cast<std::size_t>(napiStep_->ring)) {
                ++*dropped_; // no free descriptor (rx_dropped)
                return;
            }
            ring_.push_back(m_.now());
            if (masked_) return;
        }
        raiseLine();
    }

    void raiseLine() {
        if (!line_->pending && !raisedAt_) raisedAt_ = m_.now(); // the interrupt the next handler serves
        m_.irq().raise(*line_);
    }

    void installNapi(const Step& step) {
        napiStep_ = &step;
        napi_.weight = step.weight; // netif_napi_add_weight()
        napi_.poll = [this](Kctx& c, int budget) { return poll(c, budget); };
        polls_ = &m_.rec().counters["napi_polls/" + part_.name];
        polled_ = &m_.rec().counters["napi_packets/" + part_.name];
        dropped_ = &m_.rec().counters["rx_dropped/" + part_.name];
    }

    // The driver's poll (net/core/dev.c __napi_poll() calls it with the
    // weight): up to `budget` packets off the ring, each the step's cost and
    // chain; fewer than `budget` means the ring is empty: napi_complete_done()
    // and unmask, raising the interrupt at once for a packet that came in
    // between (the card's pending cause).
    Proc<int> poll(Kctx& c, int budget) {
        ++*polls_;
        if (napiScheduledAt_) sampleStep(rt_, *napiStep_, c.now() - *napiScheduledAt_);
        napiScheduledAt_.reset();
        sim::Rng& rng = stepRng(m_, rt_, *napiStep_);
        int done = 0;
        while (!ring_.empty() && done < budget) {
            co_await c.work(napiStep_->cost.sample(rng));
            const Stamp packet{&part_.name, ring_.front()};
            ring_.pop_front();
            ++done;
            ++*polled_;
            co_await runSteps(c, rt_, napiStep_->then, packet);
        }
        if (done < budget) {
            devices::NetRx::complete(napi_);
            if (masked_) {
                masked_ = false;
                if (!ring_.empty()) raiseLine();
            }
        }
        co_return done;
    }

    // The primary handler: its cost and the steps of "then" (in hardirq
    // context, or in the forced IRQ thread), then IRQ_WAKE_THREAD if the
    // chain ends with a thread step.
    Proc<IrqReturn> primary(Kctx& c) {
        const Time irqAt = raisedAt_.value_or(c.now());
        raisedAt_.reset();
        if (napiStep_) masked_ = true; // the driver's first register write: mask the device's RX interrupt
        if (part_.handler) co_await c.work(part_.handler->sample(handlerRng_));
        for (const Step& s : part_.then)
            if (&s != thread_ && &s != napiStep_) co_await runStep(c, rt_, s, Stamp{&part_.name, irqAt});
        if (napiStep_) {
            co_await c.work(m_.cfg().cost.softirqRaise);
            if (!napiScheduledAt_) napiScheduledAt_ = c.now();
            rt_.netRx->schedule(c.cpu(), napi_); // napi_schedule(): this CPU's poll_list, NET_RX raised
        }
        if (!thread_) co_return IrqReturn::Handled;
        if (!threadIrqAt_) threadIrqAt_ = irqAt; // IRQTF_RUNTHREAD coalesces: the earliest waits longest
        if (!threadWokenAt_) threadWokenAt_ = c.now();
        co_return IrqReturn::WakeThread;
    }

    // The thread function: the thread step's cost and chain.
    Proc<void> threaded(Kctx& c) {
        if (!part_.handler) { // irq_default_primary_handler(): no primary of ours ran
            if (!threadIrqAt_) threadIrqAt_ = raisedAt_.value_or(c.now());
            raisedAt_.reset();
        }
        if (threadIrqAt_ && irqToThread_) irqToThread_->add(c.now() - *threadIrqAt_);
        if (threadWokenAt_) sampleStep(rt_, *thread_, c.now() - *threadWokenAt_);
        const Stamp irq{&part_.name, threadIrqAt_.value_or(c.now())};
        threadIrqAt_.reset();
        threadWokenAt_.reset();
        co_await c.work(thread_->cost.sample(stepRng(m_, rt_, *thread_)));
        co_await runSteps(c, rt_, thread_->then, irq);
    }

    Machine& m_;
    PartsRuntime& rt_;
    SourcePart part_;
    sim::Rng arrivalRng_, handlerRng_;
    hw::IrqLine* line_ = nullptr;
    const Step* thread_ = nullptr;
    const Step* napiStep_ = nullptr; // the napi step: a NAPI device (its RX ring, its interrupt mask)
    devices::Napi napi_;
    std::deque<Time> ring_; // napi: packets DMA'd and not yet polled, by arrival time
    bool masked_ = false;   // napi: the device's RX interrupt mask, from the handler to napi_complete_done()
    std::optional<Time> napiScheduledAt_;
    std::uint64_t *polls_ = nullptr, *polled_ = nullptr, *dropped_ = nullptr;
    Time next_ = 0;            // periodic: the next arrival; bursts: the current burst's start
    int inBurst_ = 0;          // bursts: arrivals of the current burst so far
    std::size_t replayed_ = 0; // replay: arrivals so far; shuffle: position in the deck
    std::vector<Time> deck_;   // shuffle: the gaps in this cycle's order
    std::optional<Time> raisedAt_, threadIrqAt_, threadWokenAt_;
    std::optional<devices::LatencyRef> irqToThread_;
};

} // namespace

void installSourceParts(Machine& m, const std::vector<SourcePart>& parts, PartsRuntime& rt) {
    for (const SourcePart& p : parts) {
        auto s = std::make_shared<Source>(m, rt, p);
        rt.sources[p.name] = s.get();
        m.keepAlive(s);
    }
    // Lines, handlers and arrivals in the order the sources are written.
    std::set<int> reserved;
    for (const SourcePart& p : parts)
        if (p.intid != 0) reserved.insert(p.intid);
    for (const SourcePart& p : parts) static_cast<Source*>(rt.sources.at(p.name))->install(reserved);
}

} // namespace irqscope::parts
