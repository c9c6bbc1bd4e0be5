// PluginLoader: opens plugin libraries, checks their ABI, runs init, and
// keeps them loaded until shutdown. A plugin that fails any check is refused
// with one log line and the host serves the rest.
#pragma once

#include "host/manifest/Manifest.h"
#include "host/plugins/HostApi.h"

#include <ipfacts/plugin.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ipfacts::plugins {

/// One plugin, loaded and initialised. Shuts down and unloads on destruction.
class LoadedPlugin {
public:
    LoadedPlugin(const LoadedPlugin&) = delete;
    LoadedPlugin& operator=(const LoadedPlugin&) = delete;
    ~LoadedPlugin();

    const std::string& name() const { return ctx_->plugin; }
    const ipf_plugin_descriptor& descriptor() const { return *desc_; }
    void* state() const { return state_; }
    /// The handler called `name`, or nullptr.
    const ipf_handler_def* handler(const std::string& name) const;
    /// The OpenAPI fragment text, or empty.
    std::string openapiFragment() const;

private:
    friend class PluginLoader;
    LoadedPlugin() = default;
    void* dl_ = nullptr;
    const ipf_plugin_descriptor* desc_ = nullptr;
    void* state_ = nullptr;
    bool initialised_ = false;
    std::unique_ptr<PluginContext> ctx_;
};

class PluginLoader {
public:
    /// `facilities` are what plugins reach through their context; `api` is
    /// the table their init receives. Both must outlive the loaded plugins.
    PluginLoader(const manifest::Manifest& m, const ipf_host_api* api, const facilities::FacilitySet& facilities)
        : manifest_(m), api_(api), facilities_(facilities) {}

    /// Loads one plugin. On refusal logs one line saying why and returns null.
    std::unique_ptr<LoadedPlugin> load(const manifest::PluginSpec& spec) const;

    /// Checks a descriptor against this host's ABI; the reason when refused.
    static std::optional<std::string> refusal(const ipf_plugin_descriptor* d);

private:
    const manifest::Manifest& manifest_;
    const ipf_host_api* api_;
    const facilities::FacilitySet& facilities_;
};

}  // namespace ipfacts::plugins
