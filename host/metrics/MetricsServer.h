// MetricsServer: the metrics listener (manifest `metrics.listen`), apart from
// the public ones: a small plain-HTTP responder on a thread of its own that
// answers GET /metrics with the exposition and anything else with 404. It
// never passes through the pipeline, so a scrape is not metered, not rate
// limited, not in the access log and not counted in the metrics it reads.
// One connection at a time, each closed after its answer: a scraper asks
// every few seconds, and a client that stalls is dropped after kIoTimeoutMs.
#pragma once

#include "host/manifest/Manifest.h"

#include <cstdint>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace ipfacts::metrics {

class MetricsServer {
public:
    static constexpr int kIoTimeoutMs = 2000;
    static constexpr size_t kMaxRequestBytes = 8192;

    /// Binds every address now, refusing one another process holds (as the
    /// public listeners do); throws std::runtime_error "cannot listen on ...".
    /// `render` makes the body of each scrape, on the server's thread.
    MetricsServer(const std::vector<manifest::ListenAddress>& listen, std::function<std::string()> render);
    ~MetricsServer();
    MetricsServer(const MetricsServer&) = delete;
    MetricsServer& operator=(const MetricsServer&) = delete;

    /// Starts answering on the server's thread.
    void start();
    /// Stops answering and joins the thread. Idempotent.
    void stop();
    /// The port each listener is bound to, in the order of `listen` (port 0 there: the one the system chose).
    std::vector<uint16_t> ports() const;

private:
    void run();
    void serve(int fd);

    std::function<std::string()> render_;
    std::vector<int> listeners_;
    int wakefd_ = -1;
    std::thread thread_;
};

/// Throws std::runtime_error ("cannot listen on ...") when a metrics address
/// uses the port of a public listener: the public loops bind with SO_REUSEPORT
/// and would share its connections, so /metrics could answer on a public port.
void refuseSharedPorts(const std::vector<manifest::ListenAddress>& metrics,
                       const std::vector<manifest::ListenAddress>& public_listen);

}  // namespace ipfacts::metrics
