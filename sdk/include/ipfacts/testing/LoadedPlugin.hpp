// LoadedPlugin: a plugin initialised against a FakeHost through its C
// descriptor, exactly as the host loads it (its refusals, init, handlers by
// name, shutdown), with its own plugin handle whose cache and store namespace
// is the descriptor's name. Header-only; included by FakeHost.hpp.
#ifndef IPFACTS_TESTING_LOADEDPLUGIN_HPP
#define IPFACTS_TESTING_LOADEDPLUGIN_HPP

#include <ipfacts/testing/FakeHost.hpp>
#include <ipfacts/testing/FakeRefusal.hpp>

#include <stdexcept>
#include <string>
#include <string_view>

namespace ipfacts::testing {

/// Pass `ipfacts_plugin_v1()` of a plugin compiled into the test; shut down
/// when this goes. Throws std::runtime_error when the host would refuse the
/// plugin ("plugin refused: " and the host's reasons, see FakeRefusal.hpp)
/// or when init fails ("plugin init failed: " and its reason).
class LoadedPlugin {
public:
    LoadedPlugin(FakeHost& fake, const ipf_plugin_descriptor* descriptor)
        : fake_(fake), d_(descriptor), context_(fake, descriptor && descriptor->name ? descriptor->name : "") {
        if (auto why = refusalOf(fake_, d_)) throw std::runtime_error("plugin refused: " + *why);
        char err[256] = "";
        if (d_->init(fake_.api(), context_.handle(), &state_, err, sizeof err) != IPF_OK)
            throw std::runtime_error(std::string("plugin init failed: ") + err);
    }
    ~LoadedPlugin() { d_->shutdown(state_); }
    LoadedPlugin(const LoadedPlugin&) = delete;
    LoadedPlugin& operator=(const LoadedPlugin&) = delete;

    /// The registration of handler `name`; throws std::out_of_range when there is none.
    const ipf_handler_def& handler(std::string_view name) const {
        for (size_t i = 0; i < d_->handler_count; ++i)
            if (name == d_->handlers[i].name) return d_->handlers[i];
        throw std::out_of_range("no handler named " + std::string(name));
    }

    /// Calls handler `name` with the fake's request; what it writes lands in
    /// fake.written (cleared first). Returns what the handler returned.
    ipf_status call(std::string_view name) {
        fake_.written = FakeHost::Written{};
        fake_.api();  // the slots as the fake's flags say now
        return handler(name).fn(state_, fake_.requestHandle(), fake_.responseHandle());
    }

    /// The namespace of this plugin's cache and store keys (its name).
    const std::string& space() const { return context_.space(); }

private:
    FakeHost& fake_;
    const ipf_plugin_descriptor* d_;
    FakeHost::Context context_;
    void* state_ = nullptr;
};

}  // namespace ipfacts::testing

#endif
