// Kernel code paths as C++20 coroutines.
//
// A handler, a softirq action, a kthread's loop or a user task's behaviour is
// written the way the kernel code reads:
//
//     Proc<IrqReturn> nvme_irq(Kctx& c) {
//         while (cq.hasEntry()) { co_await c.work(cost.cqe); ... }
//         co_return IrqReturn::Handled;
//     }
//
// `co_await c.work(ns)` is the only way simulated time passes for a CPU: the
// coroutine suspends, the CPU (exec.cpp) schedules the completion, and an
// interrupt may push a frame on top in the meantime, which simply delays the
// resumption. `co_await sub(c)` calls another code path; it returns to the
// caller by symmetric transfer, so nesting costs no event.
#pragma once

#include "kernel/frame_pool.h"

#include <cassert>
#include <coroutine>
#include <exception>
#include <optional>
#include <utility>

namespace irqscope::kern {

template <typename T = void> class Proc;

namespace detail {
struct FinalAwaiter {
    bool await_ready() noexcept { return false; }
    template <typename P> std::coroutine_handle<> await_suspend(std::coroutine_handle<P> h) noexcept {
        auto c = h.promise().continuation;
        return c ? c : std::noop_coroutine();
    }
    void await_resume() noexcept {}
};

struct PromiseBase {
    std::coroutine_handle<> continuation;
    std::suspend_always initial_suspend() noexcept { return {}; }
    FinalAwaiter final_suspend() noexcept { return {}; }
    void unhandled_exception() { std::terminate(); }
    // frames come from a per-thread pool (frame_pool.h)
    static void* operator new(std::size_t n) { return frame_pool::allocate(n); }
    static void operator delete(void* p, std::size_t n) noexcept { frame_pool::release(p, n); }
};
} // namespace detail

template <typename T> class [[nodiscard]] Proc {
public:
    struct promise_type : detail::PromiseBase {
        std::optional<T> value;
        Proc get_return_object() { return Proc(Handle::from_promise(*this)); }
        void return_value(T v) { value = std::move(v); }
    };
    using Handle = std::coroutine_handle<promise_type>;

    Proc(Proc&& o) noexcept : h_(std::exchange(o.h_, {})) {}
    Proc& operator=(Proc&& o) noexcept {
        if (this != &o) {
            if (h_) h_.destroy();
            h_ = std::exchange(o.h_, {});
        }
        return *this;
    }
    ~Proc() {
        if (h_) h_.destroy();
    }

    bool await_ready() const noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> caller) noexcept {
        h_.promise().continuation = caller;
        return h_;
    }
    T await_resume() { return std::move(*h_.promise().value); }

private:
    explicit Proc(Handle h) : h_(h) {}
    Handle h_;
};

template <> class [[nodiscard]] Proc<void> {
public:
    struct promise_type : detail::PromiseBase {
        Proc get_return_object() { return Proc(Handle::from_promise(*this)); }
        void return_void() {}
    };
    using Handle = std::coroutine_handle<promise_type>;

    Proc() = default;
    Proc(Proc&& o) noexcept : h_(std::exchange(o.h_, {})) {}
    Proc& operator=(Proc&& o) noexcept {
        if (this != &o) {
            if (h_) h_.destroy();
            h_ = std::exchange(o.h_, {});
        }
        return *this;
    }
    ~Proc() {
        if (h_) h_.destroy();
    }

    bool await_ready() const noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> caller) noexcept {
        h_.promise().continuation = caller;
        return h_;
    }
    void await_resume() noexcept {}

    // For roots owned by a CPU frame or a task.
    bool valid() const { return static_cast<bool>(h_); }
    bool done() const { return !h_ || h_.done(); }
    std::coroutine_handle<> handle() const { return h_; }

private:
    explicit Proc(Handle h) : h_(h) {}
    Handle h_;
};

} // namespace irqscope::kern
