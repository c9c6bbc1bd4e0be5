// PluginCheck: what the host checks of a plugin before it runs it, stated
// once for both users: --check-config (every problem of a manifest, then exit
// 1) and the loader (a plugin with a problem is refused, the rest served).
// Each problem reads "file:line: plugin NAME: reason".
#pragma once

#include "host/manifest/Manifest.h"

#include <ipfacts/plugin.h>

#include <string>
#include <vector>

namespace ipfacts::plugins {

/// Problems of `spec`'s own declarations against the manifest: required
/// facilities the manifest does not configure (`configured` are slot names),
/// config keys it does not declare, values of the wrong type or (ABI 1.7)
/// outside their range, required keys missing (the SDK's rules,
/// ipfacts/contract.hpp), then files that do not read and resolvers
/// resolver.named lacks. A descriptor older than ABI 1.3 declares nothing and passes.
std::vector<std::string> checkDeclarations(const manifest::Manifest& m, const manifest::PluginSpec& spec,
                                           const ipf_plugin_descriptor& d, const std::vector<std::string>& configured);

/// Everything --check-config checks beyond the manifest's own syntax: each
/// plugin library exists and loads, speaks this host's ABI and passes
/// checkDeclarations; each route names a handler its plugin has, and the
/// plugin's OpenAPI fragment describes it as the daemon reads it at start.
std::vector<std::string> checkPlugins(const manifest::Manifest& m, const std::vector<std::string>& configured);

}  // namespace ipfacts::plugins
