// FakeTasks: the periodic tasks facility (ipf_tasks_api, ABI 1.5). It keeps
// what a plugin registers and runs nothing by itself: the test decides when a
// task runs (`run("name")`, or `runDue()` after advancing the fake clock), on
// its own thread, so a task's facility calls reach the fake's other members.
// Header-only; see FakeHost.hpp.
#ifndef IPFACTS_TESTING_FAKETASKS_HPP
#define IPFACTS_TESTING_FAKETASKS_HPP

#include <ipfacts/testing/FakeSupport.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::testing {

class FakeTasks {
public:
    explicit FakeTasks(const FakeClock& clock) : clock_(clock) {}
    FakeTasks(const FakeTasks&) = delete;
    FakeTasks& operator=(const FakeTasks&) = delete;

    /// One registered task as the plugin described it.
    struct Task {
        std::string space;  ///< the registering plugin's namespace
        std::string name;
        uint32_t interval_ms = 0;
        uint32_t first_delay_ms = 0;
        uint32_t timeout_ms = 0;
        ipf_task_fn run = nullptr;
        void* state = nullptr;
        int64_t next_due_ms = 0;  ///< on the fake clock
        int runs = 0;
    };
    std::vector<Task> registered;

    /// Runs task `name` once now, whatever its schedule; throws when there is none.
    void run(std::string_view name) {
        Task& t = find(name);
        runOne(t);
    }
    /// Runs every task due on the fake clock (each at most once); how many ran.
    int runDue() {
        int ran = 0;
        for (Task& t : registered)
            if (t.next_due_ms <= clock_.nowMs) {
                runOne(t);
                ++ran;
            }
        return ran;
    }

    // ---- what the fake host's ipf_tasks_api calls ---------------------------

    ipf_status every(std::string space, const ipf_task* task) {
        if (!task || task->struct_size < sizeof(ipf_task) || !task->run || task->interval_ms < 1000 ||
            !task->name.ptr || task->name.len == 0)
            return IPF_INVALID;
        std::string name(task->name.ptr, task->name.len);
        for (const Task& t : registered)
            if (t.space == space && t.name == name) return IPF_INVALID;
        registered.push_back(Task{std::move(space), std::move(name), task->interval_ms, task->first_delay_ms,
                                  task->timeout_ms, task->run, task->state,
                                  clock_.nowMs + int64_t(task->first_delay_ms), 0});
        return IPF_OK;
    }

private:
    Task& find(std::string_view name) {
        for (Task& t : registered)
            if (t.name == name) return t;
        throw std::logic_error("FakeTasks: no task named " + std::string(name));
    }
    void runOne(Task& t) {
        t.next_due_ms = clock_.nowMs + int64_t(t.interval_ms);
        ++t.runs;
        t.run(t.state);
    }

    const FakeClock& clock_;
};

}  // namespace ipfacts::testing

#endif
