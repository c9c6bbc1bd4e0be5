// TaskRunner: plugins' periodic tasks (ipf_tasks_api). One thread keeps the
// schedule and hands each due run to the FiberScheduler, so a run waits on
// upstreams the way a handler does (fiber::poll) and holds no thread while
// it waits. Runs of one task never overlap: a run still going when the next
// is due makes that one skipped.
#pragma once

#include "host/fiber/FiberScheduler.h"

#include <ipfacts/plugin.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ipfacts::facilities::tasks {

/// One registered task, as the host keeps it.
struct TaskSpec {
    std::string plugin;
    std::string name;
    std::chrono::milliseconds interval{0};
    std::chrono::milliseconds first_delay{0};
    std::chrono::milliseconds timeout{0};
    ipf_task_fn run = nullptr;
    void* state = nullptr;
};

/// What a task has done so far (for logs and tests).
struct TaskCounts {
    uint64_t runs = 0;     // runs that ended
    uint64_t skipped = 0;  // due while the previous run still went
};

class TaskRunner {
public:
    using Clock = std::chrono::steady_clock;

    TaskRunner() = default;
    ~TaskRunner();
    TaskRunner(const TaskRunner&) = delete;
    TaskRunner& operator=(const TaskRunner&) = delete;

    /// Registers a task; its first run is first_delay after start() (or after
    /// now, once started). Empty text when accepted, else why not.
    std::string add(TaskSpec spec);

    /// Starts the schedule on `workers`, which must outlive stop().
    void start(fiber::FiberScheduler& workers);
    /// Starts no more runs and joins the schedule's thread; the runs that
    /// still go end on their fibers (FiberScheduler::stopBy waits for them).
    /// Idempotent.
    void stop();

    /// Counts of plugin's task `name`; zeros when unknown. Thread-safe.
    TaskCounts counts(const std::string& plugin, const std::string& name) const;
    size_t size() const;

private:
    struct Entry;
    void loop();
    void launch(const std::shared_ptr<Entry>& e, Clock::time_point now);

    mutable std::mutex mu_;
    std::condition_variable cv_;
    std::vector<std::shared_ptr<Entry>> entries_;
    fiber::FiberScheduler* workers_ = nullptr;
    bool started_ = false;
    bool stopping_ = false;
    std::thread thread_;
};

/// Checks an ipf_task from a plugin; the spec, or why it is refused.
std::string specFromTask(const std::string& plugin, const ipf_task& task, TaskSpec& out);

}  // namespace ipfacts::facilities::tasks
