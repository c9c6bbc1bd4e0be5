#include "host/server/RouteBinding.h"

#include "host/plugins/PluginLoader.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <stdexcept>

namespace ipfacts::server {
namespace {

/// A route with what the manifest says of it: its rate class and the lines it answers with.
pipeline::Route routeOf(const manifest::Manifest& m, const manifest::RouteSpec& spec) {
    pipeline::Route r;
    r.spec = spec;
    r.rate_class = &m.rate_classes.at(spec.rate_class);
    size_t index = 0;
    for (const auto& [name, rc] : m.rate_classes) {
        if (name == spec.rate_class) break;
        ++index;
    }
    r.rate_class_index = index;
    r.cache_control_line = "Cache-Control: " + spec.cache_control + "\r\n";
    r.policy_anonymous = spec.rate_class + ":anonymous";
    r.policy_keyed = spec.rate_class + ":key";
    return r;
}

/// Binds `r` to host handler number `index`, with its declared behaviour.
void bindHost(pipeline::Route& r, openapi::RoutedOperation& op, const pipeline::HostHandlerDef& h, size_t index) {
    r.host_handler = static_cast<int>(index);
    r.nonblocking = h.nonblocking;
    r.accepts_post = h.accepts_post;
    if (!r.spec.access_log_given) r.spec.access_log = h.access_log;
    op.route.access_log = r.spec.access_log;
    op.host_operation = h.operation;
    op.fragment = h.fragment;
}

/// Binds `r` to its plugin's handler; false (and said why) when it cannot be.
bool bindPlugin(pipeline::Route& r, openapi::RoutedOperation& op,
                const std::map<std::string, plugins::LoadedPlugin*>& loaded) {
    auto it = loaded.find(r.spec.plugin);
    if (it == loaded.end()) {
        spdlog::warn("route={} skipped: plugin {} is not loaded", r.spec.path, r.spec.plugin);
        return false;
    }
    const ipf_handler_def* h = it->second->handler(r.spec.handler);
    if (!h) {
        spdlog::error("route={} skipped: plugin {} has no handler '{}'", r.spec.path, r.spec.plugin, r.spec.handler);
        return false;
    }
    r.fn = h->fn;
    r.state = it->second->state();
    r.nonblocking = (h->flags & IPF_HANDLER_NONBLOCKING) != 0;
    op.fragment = it->second->openapiFragment();
    return true;
}

size_t indexOf(const std::vector<pipeline::HostHandlerDef>& handlers, const std::string& name) {
    auto it = std::find_if(handlers.begin(), handlers.end(), [&name](const auto& h) { return h.name == name; });
    if (it == handlers.end()) throw std::logic_error("host handler " + name + " passed the route check");
    return static_cast<size_t>(it - handlers.begin());
}

}  // namespace

BoundRoutes bindRoutes(const manifest::Manifest& m, const std::map<std::string, plugins::LoadedPlugin*>& loaded,
                       const std::vector<pipeline::HostHandlerDef>& handlers) {
    BoundRoutes out;
    for (const auto& spec : m.routes) {
        pipeline::Route r = routeOf(m, spec);
        openapi::RoutedOperation op{spec, "", ""};
        bool bound = true;
        if (spec.plugin == "host") {
            const size_t index = indexOf(handlers, spec.handler);
            const auto& h = handlers[index];
            if (!h.needs_plugin.empty() && !loaded.count(h.needs_plugin)) {
                spdlog::warn("route={} skipped: host.{} needs plugin {}, which is not loaded", spec.path, h.name,
                             h.needs_plugin);
                bound = false;
            } else {
                bindHost(r, op, h, index);
            }
        } else {
            bound = bindPlugin(r, op, loaded);
        }
        if (!bound) {
            out.skipped.push_back(spec.path);
            continue;
        }
        out.routes.push_back(std::move(r));
        out.operations.push_back(std::move(op));
    }
    return out;
}

}  // namespace ipfacts::server
