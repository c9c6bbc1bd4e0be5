#include "host/fiber/Fiber.h"

#include <spdlog/spdlog.h>

#include <cstdint>
#include <exception>

namespace ipfacts::fiber {
namespace {
thread_local Fiber* t_current = nullptr;
}

Fiber* current() { return t_current; }

Fiber::Fiber(size_t stack_bytes) : stack_(stack_bytes) {}

void Fiber::start(std::function<void()> job, int64_t deadline_us) {
    job_ = std::move(job);
    deadline_us_ = deadline_us;
    finished_ = false;
    getcontext(&context_);
    context_.uc_stack.ss_sp = stack_.base();
    context_.uc_stack.ss_size = stack_.size();
    context_.uc_link = &scheduler_;  // returning from entry() goes back to resume()
    // makecontext passes ints only: the pointer travels as two halves.
    const auto self = reinterpret_cast<uintptr_t>(this);
    makecontext(&context_, reinterpret_cast<void (*)()>(&Fiber::entry), 2, static_cast<unsigned>(self >> 32),
                static_cast<unsigned>(self & 0xffffffffu));
}

void Fiber::entry(unsigned hi, unsigned lo) {
    auto* self = reinterpret_cast<Fiber*>((static_cast<uintptr_t>(hi) << 32) | lo);
    self->runJob();
}

void Fiber::runJob() {
    try {
        job_();
    } catch (const std::exception& e) {
        spdlog::error("request fiber ended by an exception: {}", e.what());
    } catch (...) {
        spdlog::error("request fiber ended by an unknown exception");
    }
    job_ = nullptr;
    finished_ = true;
}

void Fiber::resume() {
    Fiber* outer = t_current;
    t_current = this;
    swapcontext(&scheduler_, &context_);
    t_current = outer;
}

void Fiber::park() { swapcontext(&context_, &scheduler_); }

}  // namespace ipfacts::fiber
