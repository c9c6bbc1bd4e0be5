// HostApi: the host side of the SDK — the ipf_host_api table every plugin
// receives, and the per-plugin context behind its ipf_plugin_ctx handle.
#pragma once

#include "host/facilities/FacilitySet.h"
#include "host/manifest/Manifest.h"

#include <ipfacts/plugin.h>

#include <map>
#include <string>

namespace ipfacts::plugins {

/// What ipf_plugin_ctx points at (through its FacilityContext base, which is
/// all facilities see): one plugin's identity, configuration and facilities.
struct PluginContext : facilities::FacilityContext {
    std::map<std::string, std::string> config;          // dotted scalars from the manifest
    std::map<std::string, std::string> resolved_paths;  // config values resolved as paths
    std::string manifest_dir;
    std::string service_host;
    std::string edge;
};

/// The handle a plugin gets for its context, and back.
ipf_plugin_ctx* handleOf(PluginContext* c);
PluginContext* contextOf(ipf_plugin_ctx* h);

/// The table handed to every plugin's init, with the slots of the configured
/// facilities filled. Keep it alive while plugins are loaded.
ipf_host_api makeHostApi(const facilities::FacilitySet& facilities);

}  // namespace ipfacts::plugins
