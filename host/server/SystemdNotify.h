// SystemdNotify: the service manager's readiness protocol (sd_notify(3)) without
// libsystemd. Under a unit of Type=notify, systemd passes $NOTIFY_SOCKET (a
// filesystem path, or "@name" for the abstract namespace) and waits for a
// datagram "READY=1" before it counts the service as started; "STOPPING=1"
// tells it the stop is under way. Without $NOTIFY_SOCKET every call does nothing,
// so tools/run and the tests run the same binary unchanged.
#pragma once

#include <string>

namespace ipfacts::server {

class SystemdNotify {
public:
    /// Reads $NOTIFY_SOCKET once, at construction.
    SystemdNotify();

    /// Sends `state` ("READY=1", "STOPPING=1", ...). Returns "" when sent or
    /// when no service manager listens; otherwise why it could not be sent.
    std::string send(const std::string& state) const;

    bool enabled() const { return !socket_.empty(); }

private:
    std::string socket_;
};

}  // namespace ipfacts::server
