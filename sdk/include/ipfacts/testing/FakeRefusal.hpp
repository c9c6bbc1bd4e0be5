// What the fake host refuses before it runs a plugin's init: the host's own
// rules (ipfacts/contract.hpp) against what the fake offers: its ABI, its
// facilities (the has* flags), its config and named resolvers. So a plugin
// the host would refuse fails its unit test too, with the host's words.
// Unlike the host, the fake does not check that a path key's file exists.
// Header-only; included by LoadedPlugin.hpp.
#ifndef IPFACTS_TESTING_FAKEREFUSAL_HPP
#define IPFACTS_TESTING_FAKEREFUSAL_HPP

#include <ipfacts/contract.hpp>
#include <ipfacts/testing/FakeHost.hpp>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ipfacts::testing {

/// The slot names of the facilities `fake` offers now.
inline std::vector<std::string> offeredFacilities(const FakeHost& fake) {
    std::vector<std::string> out;
    const std::pair<bool, const char*> slots[] = {{fake.hasNetDb, "netdb"}, {fake.hasResolver, "resolver"},
                                                  {fake.hasDoh, "doh"},     {fake.hasMeters, "meters"},
                                                  {fake.hasHttp, "http"},   {fake.hasCache, "cache"},
                                                  {fake.hasStore, "store"}, {fake.hasConnect, "connect"},
                                                  {fake.hasTasks, "tasks"}, {fake.hasPrivacy, "privacy"}};
    for (const auto& [offered, name] : slots)
        if (offered) out.push_back(name);
    return out;
}

/// Why the host would refuse `d` if it were `fake`, every reason joined by
/// "; " as the host logs them; nullopt when it would load it.
inline std::optional<std::string> refusalOf(const FakeHost& fake, const ipf_plugin_descriptor* d) {
    if (auto why = contract::abiRefusal(d)) return why;
    std::vector<std::string> problems = contract::missingFacilities(*d, offeredFacilities(fake));
    std::set<std::string> refused;
    for (contract::ConfigProblem& p : contract::configProblems(*d, fake.config)) {
        problems.push_back(std::move(p.message));
        refused.insert(p.key);
    }
    if (const ipf_config_key* keys = contract::configKeys(*d))
        for (const auto& [key, value] : fake.config)
            if (const ipf_config_key* k = contract::declarationOf(keys, key);
                k && k->type == IPF_CONFIG_RESOLVER && !refused.count(key))
                if (auto why = contract::resolverProblem(key, value, fake.namedResolvers)) problems.push_back(*why);
    if (problems.empty()) return std::nullopt;
    std::string joined;
    for (const std::string& p : problems) joined += (joined.empty() ? "" : "; ") + p;
    return joined;
}

}  // namespace ipfacts::testing

#endif
