#include "host/facilities/tasks/TasksFacility.h"

#include "host/facilities/CEntry.h"

#include <spdlog/spdlog.h>

namespace ipfacts::facilities::tasks {
namespace {

ipf_status everyC(ipf_plugin_ctx* ctx, const ipf_task* task) {
    if (!ctx || !task) return IPF_INVALID;
    auto* f = facilityOf<TasksFacility>(ctx);
    if (!f) return IPF_UNAVAILABLE;
    const std::string& plugin = contextOf(ctx)->plugin;
    TaskSpec spec;
    std::string why = specFromTask(plugin, *task, spec);
    if (why.empty()) why = f->runner().add(spec);
    if (!why.empty()) {
        spdlog::error("plugin {}: task refused: {}", plugin, why);
        return IPF_INVALID;
    }
    spdlog::info("plugin {}: task {} every {} ms", plugin, spec.name, spec.interval.count());
    return IPF_OK;
}

// Every entry behind the wall of CEntry.h: nothing a plugin calls lets an exception out.
const ipf_tasks_api kTable{sizeof(ipf_tasks_api), cEntry<everyC>};

}  // namespace

const ipf_tasks_api& TasksFacility::table() { return kTable; }

void TasksFacility::fill(ipf_host_api& api) const { api.tasks = &kTable; }

void addTasksFacility(FacilitySet& set) { set.add(std::make_unique<TasksFacility>()); }

}  // namespace ipfacts::facilities::tasks
