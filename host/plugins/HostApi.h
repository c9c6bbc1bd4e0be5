// HostApi: the host side of the SDK — the ipf_host_api table every plugin
// receives, and the per-plugin context behind its ipf_plugin_ctx handle.
#pragma once

#include "host/manifest/Manifest.h"

#include <ipfacts/plugin.h>

#include <map>
#include <string>

namespace ipfacts::facilities {
class StubResolver;
class DohClient;
class NetDbHandle;
class DailyMeters;
}  // namespace ipfacts::facilities

namespace ipfacts::plugins {

/// What ipf_plugin_ctx points at: one plugin's identity and configuration.
struct PluginContext {
    std::string name;
    std::map<std::string, std::string> config;           // dotted scalars from the manifest
    std::map<std::string, std::string> resolved_paths;   // config values resolved as paths
    std::string manifest_dir;
    std::string service_host;
    std::string edge;
    const facilities::StubResolver* resolver = nullptr;  // null when not configured
    const facilities::DohClient* doh = nullptr;          // null when not configured
    const facilities::NetDbHandle* netdb = nullptr;      // null when not configured
    facilities::DailyMeters* meters = nullptr;           // null when no meters are declared
};

/// The table handed to every plugin's init, with the facility slots filled
/// for what this deployment configures. Copy it; keep the copy alive while
/// plugins are loaded.
ipf_host_api makeHostApi(bool with_netdb, bool with_resolver, bool with_doh, bool with_meters);

}  // namespace ipfacts::plugins
