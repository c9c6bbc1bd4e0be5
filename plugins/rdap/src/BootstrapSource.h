// BootstrapSource: the Bootstrap in force and how it is renewed. It starts
// from the snapshot shipped in etc/rdap/ (the service answers offline from
// its first start), or from a newer copy an earlier refresh kept in the
// host's store; the override table always stands in front. A refresh fetches
// IANA's four files through the http facility at most once per
// refresh_hours, and keeps what it has when any of them fails.
//
// Thread-safe: handlers read current() while one of them refreshes.
#ifndef IPFACTS_PLUGINS_RDAP_BOOTSTRAPSOURCE_H
#define IPFACTS_PLUGINS_RDAP_BOOTSTRAPSOURCE_H

#include "Bootstrap.h"
#include "RdapSettings.h"

#include <ipfacts/plugin.hpp>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace ipfacts::rdap {

class BootstrapSource {
public:
    /// The four registries, in the order they are fetched.
    static constexpr const char* kRegistries[] = {"ipv4", "ipv6", "asn", "dns"};

    /// Loads the snapshot (or the stored refresh) and the overrides. Throws
    /// std::runtime_error when the snapshot or the override table is unreadable.
    BootstrapSource(const Host& host, const RdapSettings& settings);

    std::shared_ptr<const Bootstrap> current() const;

    /// Refreshes when refresh_hours have passed since the last attempt
    /// (stored, so a restart does not refetch), and only one caller at a
    /// time; the others go on with current(). Blocking (http and store):
    /// from worker handlers or a periodic task. True when a new set is in force.
    bool refreshIfDue();

    /// Where the set in force came from: "snapshot" or "refreshed <date>".
    std::string origin() const;

private:
    std::shared_ptr<const Bootstrap> build(const std::map<std::string, BootstrapFile>& files) const;
    bool refresh();

    const Host& host_;
    const RdapSettings& settings_;
    std::map<std::string, BootstrapFile> overrides_;
    mutable std::mutex mutex_;
    std::shared_ptr<const Bootstrap> current_;
    std::string origin_;
    std::atomic<int64_t> lastAttemptMs_{0};
    std::atomic<bool> refreshing_{false};
};

/// Reads the override table (YAML: registry -> list of {entries, urls}) into
/// bootstrap files. Throws std::runtime_error with file:line.
std::map<std::string, BootstrapFile> loadOverrides(const std::string& path);

}  // namespace ipfacts::rdap

#endif
