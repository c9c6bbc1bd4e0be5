// TasksFacility: the tasks slot (ABI 1.5). Plugins register periodic work
// (a feed refresh, an upstream health check) that the host runs on worker
// fibers through its TaskRunner. Always on: it needs no manifest section.
// The daemon starts the runner once it serves and stops it first at shutdown.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/facilities/tasks/TaskRunner.h"

namespace ipfacts::facilities::tasks {

class TasksFacility : public Facility {
public:
    static constexpr const char* kName = "tasks";
    const char* name() const override { return kName; }
    void fill(ipf_host_api& api) const override;

    TaskRunner& runner() { return runner_; }

    /// The C table (for tests that call it as a plugin would).
    static const ipf_tasks_api& table();

private:
    TaskRunner runner_;
};

void addTasksFacility(FacilitySet& set);

}  // namespace ipfacts::facilities::tasks
