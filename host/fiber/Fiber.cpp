#include "host/fiber/Fiber.h"

#include "host/fiber/StackSwitch.h"

#include <spdlog/spdlog.h>

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
    sanitizer::clearStack(stack_.base(), stack_.size());
    fiber_sp_ = prepareStack(stack_.top(), &Fiber::entry, this);
}

void Fiber::entry(void* self) {
    auto* fiber = static_cast<Fiber*>(self);
    sanitizer::afterSwitch(nullptr, &fiber->resumer_stack_);
    fiber->runJob();
    fiber->leave(true);
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
    void* fake_stack = nullptr;
    sanitizer::beforeSwitch(&fake_stack, {stack_.base(), stack_.size()});
    switchStack(&resumer_sp_, fiber_sp_);
    sanitizer::afterSwitch(fake_stack, nullptr);
    t_current = outer;
}

void Fiber::park() { leave(false); }

void Fiber::leave(bool ending) {
    void* fake_stack = nullptr;
    sanitizer::beforeSwitch(ending ? nullptr : &fake_stack, resumer_stack_);
    switchStack(&fiber_sp_, resumer_sp_);
    // Resumed: the caller of resume() may stand on another stack this time.
    sanitizer::afterSwitch(fake_stack, &resumer_stack_);
}

}  // namespace ipfacts::fiber
