// ZoneHealthTask: the periodic health check of every zone (checkAllZones) as
// a task of the host's tasks facility (ABI 1.5), run on a worker fiber every
// health interval.
#ifndef IPFACTS_PLUGINS_DNSBL_ZONEHEALTHTASK_H
#define IPFACTS_PLUGINS_DNSBL_ZONEHEALTHTASK_H

#include "Blocklist.h"
#include "ZoneHealth.h"

#include <ipfacts/plugin.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace ipfacts::dnsbl {

/// The task's name in the host's log.
inline constexpr const char* kZoneHealthTaskName = "zone-health";

/// Registers checkAllZones(host, resolver, lists, board) to run every
/// `interval`, the first run one interval after the host starts serving
/// (until then the first request checks each zone in its own batch: a fresh
/// host never waits for a separate round trip, and no check runs behind a
/// test's back). Null when the host runs no tasks; the plugin keeps the
/// result until shutdown. Everything referenced must outlive the task.
std::unique_ptr<PeriodicTask> scheduleZoneHealth(const Host& host, const std::string& resolver,
                                                 const std::vector<Blocklist>& lists, HealthBoard& board,
                                                 std::chrono::milliseconds interval);

}  // namespace ipfacts::dnsbl

#endif
