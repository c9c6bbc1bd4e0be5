#include "host/plugins/PluginLoader.h"

#include "host/plugins/PluginCheck.h"

#include <dlfcn.h>

#include <spdlog/spdlog.h>
#include <ipfacts/contract.hpp>

namespace ipfacts::plugins {

LoadedPlugin::~LoadedPlugin() {
    if (initialised_ && desc_->shutdown) desc_->shutdown(state_);
    // Left loaded on purpose: a plugin's static destructors or threads may
    // still reference its code at process exit; the OS reclaims it.
}

const ipf_handler_def* LoadedPlugin::handler(const std::string& name) const {
    for (size_t i = 0; i < desc_->handler_count; ++i)
        if (desc_->handlers[i].name && name == desc_->handlers[i].name) return &desc_->handlers[i];
    return nullptr;
}

std::string LoadedPlugin::openapiFragment() const { return desc_->openapi_fragment ? desc_->openapi_fragment : ""; }

std::optional<std::string> PluginLoader::refusal(const ipf_plugin_descriptor* d) { return contract::abiRefusal(d); }

std::unique_ptr<LoadedPlugin> PluginLoader::load(const manifest::PluginSpec& spec) const {
    auto refuse = [&](const std::string& why) -> std::unique_ptr<LoadedPlugin> {
        spdlog::error("plugin={} refused: {} ({})", spec.name, why, spec.library);
        return nullptr;
    };
    // RTLD_LOCAL: two plugins may carry same-named symbols without clashing.
    void* dl = dlopen(spec.library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!dl) return refuse(std::string("cannot load: ") + dlerror());
    std::unique_ptr<LoadedPlugin> p(new LoadedPlugin());
    p->dl_ = dl;
    auto entry = reinterpret_cast<ipf_entry_v1_fn>(dlsym(dl, IPF_ENTRY_SYMBOL_V1));
    if (!entry) return refuse("exports no " IPF_ENTRY_SYMBOL_V1 " symbol");
    p->desc_ = entry();
    if (auto why = refusal(p->desc_)) return refuse(*why);
    if (auto problems = checkDeclarations(manifest_, spec, *p->desc_, facilities_.configured()); !problems.empty()) {
        std::string why;
        for (const auto& problem : problems) why += (why.empty() ? "" : "; ") + problem;
        return refuse(why);
    }
    if (spec.name != p->desc_->name)
        spdlog::info("plugin={} is the library's '{}' family under another name", spec.name, p->desc_->name);

    p->ctx_ = std::make_unique<PluginContext>();
    p->ctx_->plugin = spec.name;
    p->ctx_->facilities = &facilities_;
    p->ctx_->config = spec.config;
    p->ctx_->manifest_dir = manifest_.dir;
    p->ctx_->service_host = manifest_.service_host;
    p->ctx_->edge = manifest_.edge;

    char err[512] = {0};
    ipf_status st = p->desc_->init(api_, handleOf(p->ctx_.get()), &p->state_, err, sizeof err);
    if (st != IPF_OK) return refuse(std::string("init failed: ") + (err[0] ? err : "no reason given"));
    p->initialised_ = true;
    spdlog::info("plugin={} loaded: version {} ABI {}.{} handlers {}", spec.name,
                 p->desc_->version ? p->desc_->version : "?", p->desc_->abi_major, p->desc_->abi_minor,
                 p->desc_->handler_count);
    return p;
}

}  // namespace ipfacts::plugins
