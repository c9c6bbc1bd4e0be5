#include "ZoneHealthTask.h"

namespace ipfacts::dnsbl {

std::unique_ptr<PeriodicTask> scheduleZoneHealth(const Host& host, const std::string& resolver,
                                                 const std::vector<Blocklist>& lists, HealthBoard& board,
                                                 std::chrono::milliseconds interval) {
    TaskSchedule schedule{interval, interval};
    return every(host, kZoneHealthTaskName, schedule,
                 [&host, resolver, &lists, &board] { checkAllZones(host, resolver, lists, board); })
        .valueOr(nullptr);
}

}  // namespace ipfacts::dnsbl
