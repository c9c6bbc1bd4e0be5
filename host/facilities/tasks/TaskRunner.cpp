#include "host/facilities/tasks/TaskRunner.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstddef>

namespace ipfacts::facilities::tasks {
namespace {

constexpr std::chrono::milliseconds kMinInterval{1000};
constexpr std::chrono::milliseconds kMaxDefaultTimeout{60000};
// When the scheduler is full, the run is tried again this much later.
constexpr std::chrono::milliseconds kRetryWhenFull{1000};

bool validName(std::string_view n) {
    if (n.empty() || n.size() > 64) return false;
    return std::all_of(n.begin(), n.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
    });
}

int64_t monotonicMicros(TaskRunner::Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::microseconds>(t.time_since_epoch()).count();
}

}  // namespace

struct TaskRunner::Entry {
    TaskSpec spec;
    Clock::time_point next_due{};
    bool running = false;
    TaskCounts counts;
};

std::string specFromTask(const std::string& plugin, const ipf_task& task, TaskSpec& out) {
    if (task.struct_size < offsetof(ipf_task, state) + sizeof task.state) return "the task's struct_size is too small";
    if (!task.run) return "the task has no run function";
    std::string_view name = task.name.ptr ? std::string_view(task.name.ptr, task.name.len) : std::string_view();
    if (!validName(name)) return "a task name is 1-64 characters of [a-z0-9_.-]";
    if (std::chrono::milliseconds(task.interval_ms) < kMinInterval) return "a task's interval_ms is at least 1000";
    out.plugin = plugin;
    out.name = std::string(name);
    out.interval = std::chrono::milliseconds(task.interval_ms);
    out.first_delay = std::chrono::milliseconds(task.first_delay_ms);
    out.timeout =
        task.timeout_ms ? std::chrono::milliseconds(task.timeout_ms) : std::min(out.interval, kMaxDefaultTimeout);
    out.run = task.run;
    out.state = task.state;
    return "";
}

TaskRunner::~TaskRunner() { stop(); }

std::string TaskRunner::add(TaskSpec spec) {
    std::lock_guard lock(mu_);
    for (const auto& e : entries_)
        if (e->spec.plugin == spec.plugin && e->spec.name == spec.name)
            return "the plugin already has a task named " + spec.name;
    auto e = std::make_shared<Entry>();
    e->spec = std::move(spec);
    if (started_) e->next_due = Clock::now() + e->spec.first_delay;
    entries_.push_back(std::move(e));
    cv_.notify_all();
    return "";
}

void TaskRunner::start(fiber::FiberScheduler& workers) {
    std::lock_guard lock(mu_);
    if (started_ || stopping_) return;
    workers_ = &workers;
    started_ = true;
    const auto now = Clock::now();
    for (auto& e : entries_) e->next_due = now + e->spec.first_delay;
    thread_ = std::thread([this] { loop(); });
}

void TaskRunner::stop() {
    {
        std::lock_guard lock(mu_);
        stopping_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
}

TaskCounts TaskRunner::counts(const std::string& plugin, const std::string& name) const {
    std::lock_guard lock(mu_);
    for (const auto& e : entries_)
        if (e->spec.plugin == plugin && e->spec.name == name) return e->counts;
    return {};
}

size_t TaskRunner::size() const {
    std::lock_guard lock(mu_);
    return entries_.size();
}

void TaskRunner::loop() {
    std::unique_lock lock(mu_);
    while (!stopping_) {
        auto now = Clock::now();
        auto next = Clock::time_point::max();
        for (auto& e : entries_) {
            if (e->next_due <= now) {
                if (e->running) {
                    ++e->counts.skipped;
                    spdlog::warn("task {}.{}: still running when due again; this run is skipped", e->spec.plugin,
                                 e->spec.name);
                    e->next_due += e->spec.interval;
                } else {
                    launch(e, now);
                }
            }
            next = std::min(next, e->next_due);
        }
        if (next == Clock::time_point::max())
            cv_.wait(lock);
        else
            cv_.wait_until(lock, next);
    }
}

// Called with mu_ held.
void TaskRunner::launch(const std::shared_ptr<Entry>& e, Clock::time_point now) {
    const auto deadline = now + e->spec.timeout;
    e->running = true;
    bool submitted = workers_->submit(
        [this, e] {
            // Ends the run even when a (C++) task lets an exception out.
            struct Ended {
                TaskRunner* runner;
                Entry* entry;
                ~Ended() {
                    std::lock_guard lock(runner->mu_);
                    entry->running = false;
                    ++entry->counts.runs;
                }
            } ended{this, e.get()};
            e->spec.run(e->spec.state);
        },
        monotonicMicros(deadline));
    if (submitted) {
        e->next_due = now + e->spec.interval;
        return;
    }
    e->running = false;
    e->next_due = now + kRetryWhenFull;
    spdlog::warn("task {}.{}: no worker fiber free; trying again in {} ms", e->spec.plugin, e->spec.name,
                 kRetryWhenFull.count());
}

}  // namespace ipfacts::facilities::tasks
