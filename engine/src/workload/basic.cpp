// CPU hogs and latency probes (cyclictest / gem_syslatency style).
#include "workload/install.h"

namespace irqscope::work {

using namespace kern;

void installHogs(Machine& m, const Scenario& s) {
    const int n = static_cast<int>(s.getInt("load.hogs"));
    const bool fifo = s.getString("load.hog_policy") == "fifo";
    const int nice = static_cast<int>(s.getInt("load.hog_nice"));
    // Bursty background load: run ~burst, sleep ~sleep (both exponential);
    // load.hog_sleep_ns = 0 keeps the classic always-spinning hog.
    const Time burst = s.getDuration("load.hog_burst_ns");
    const Time sleep = s.getDuration("load.hog_sleep_ns");
    for (int i = 0; i < n; ++i) {
        const std::string name = "hog/" + std::to_string(i);
        Task& t = m.sched().createTask(
            name, ContextKind::User, fifo ? Policy::Fifo : Policy::Normal, fifo ? 1 : nice, m.allCpus(),
            [name, burst, sleep](Kctx& c) -> Proc<void> {
                if (sleep <= 0)
                    for (;;) co_await c.work(kMs, kUser); // spins in user space
                Machine& mm = c.m();
                sim::Rng rng = mm.rng(name);
                Task* self = c.task();
                for (;;) {
                    for (Time left = std::max<Time>(1, rng.exponential(burst)); left > 0; left -= kMs)
                        co_await c.work(std::min(left, kMs), kUser);
                    bool fired = false;
                    mm.timers().hrtimerStart(c.cpu().id, c.now() + std::max<Time>(1, rng.exponential(sleep)),
                                             [&mm, self, &fired](Kctx& k, Time) {
                                                 fired = true;
                                                 mm.sched().wake(*self, k.cpu().id);
                                             });
                    while (!fired) co_await c.block();
                }
            });
        t.cpu = &m.cpu(m.cpuCount() - 1 - i % m.cpuCount()); // fill from the last CPU: CPU 0 takes the device IRQs
        m.sched().wake(t, -1);
    }
}

void installProbes(Machine& m, const Scenario& s) {
    if (!s.getBool("probe.enabled")) return;
    const std::string series = s.getString("probe.name");
    const Time period = s.getDuration("probe.period_ns");
    const Time work = s.getDuration("probe.work_ns");
    const int prio = static_cast<int>(s.getInt("probe.priority"));
    for (int i = 0; i < m.cpuCount(); ++i) {
        auto phase = static_cast<Time>(m.rng("probe/" + std::to_string(i)).uniform() * double(period));
        const std::string key = series + "/" + std::to_string(i);
        // Per-CPU series too ("syslatency/cpu0"): gem_syslatency and cyclictest
        // report per thread, and gem_syslatency's "mean" is the mean of them.
        const std::string cpuSeries = series + "/cpu" + std::to_string(i);
        const std::string cpuKey = key + "#cpu";
        m.sched().createTask(series + "/" + std::to_string(i), ContextKind::User, Policy::Fifo, prio, m.oneCpu(i),
                             [&m, series, key, cpuSeries, cpuKey, period, work, phase, i](Kctx& c) -> Proc<void> {
                                 Time next = c.now() + phase + period;
                                 bool fired = false;
                                 for (;;) {
                                     fired = false;
                                     Task* self = c.task();
                                     m.timers().hrtimerStart(i, next, [&m, self, &fired](Kctx& k, Time) {
                                         fired = true;
                                         m.sched().wake(*self, k.cpu().id);
                                     });
                                     m.rec().openWaits[key] = {series, next};
                                     m.rec().openWaits[cpuKey] = {cpuSeries, next};
                                     while (!fired) co_await c.block();
                                     m.rec().openWaits.erase(key);
                                     m.rec().openWaits.erase(cpuKey);
                                     m.rec().latency[series].add(c.now() - next);
                                     m.rec().latency[cpuSeries].add(c.now() - next);
                                     co_await c.work(work, kUser);
                                     next += period;
                                     if (next <= c.now())
                                         next = c.now() + period; // overrun: skip ahead like clock_nanosleep
                                 }
                             });
        m.sched().wake(*m.sched().tasks().back(), -1);
    }
}

} // namespace irqscope::work
