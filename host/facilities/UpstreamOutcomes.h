// UpstreamOutcomes: how each upstream the facilities use has fared since the
// process started, keyed by facility and upstream name ("doh" + "quad9",
// "resolver" + "127.0.0.1:53", "http" + a named upstream). The dns (doh,
// resolver) and http facilities record every exchange they make for plugins;
// the status report shows the counts, so a user can see that a failed DNS
// answer was one resolver's fault. Only configured names are keys: a
// plugin's arbitrary target (an https:// host a caller named) is not.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ipfacts::facilities {

struct UpstreamTally {
    std::string facility;
    std::string upstream;
    int64_t ok = 0;
    int64_t failed = 0;
    int64_t last_ok_ms = 0;       // Unix ms of the latest success; 0: none
    int64_t last_failed_ms = 0;   // Unix ms of the latest failure; 0: none
    std::string last_error;       // of the latest failure
    int64_t failed_in_a_row = 0;  // failures since the latest success (or since counting began)
};

class UpstreamOutcomes {
public:
    /// Counts one exchange: ok when `error` is empty. Thread-safe.
    void record(std::string_view facility, std::string_view upstream, std::string_view error);
    /// Every upstream seen, ordered by facility then name. Thread-safe.
    std::vector<UpstreamTally> snapshot() const;
    /// When counting began (Unix ms).
    int64_t sinceMs() const { return since_ms_; }

private:
    mutable std::mutex mu_;
    std::map<std::pair<std::string, std::string>, UpstreamTally, std::less<>> tallies_;
    int64_t since_ms_ = nowMs();
    static int64_t nowMs();
};

}  // namespace ipfacts::facilities
