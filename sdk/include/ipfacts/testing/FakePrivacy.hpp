// FakePrivacy: the privacy facility (ipf_privacy_api, ABI 1.5) answering from
// a script. A test says what an address's flags are; every looked-up address
// is recorded; an address nothing is scripted for gets `unlisted` (every flag
// false, no evidence). Header-only; see FakeHost.hpp.
//
//   ipfacts::PrivacyFacts tor;
//   tor.tor = true; tor.vpn = false; ...
//   tor.evidence = {{"tor", true, "tor-exits", "185.220.101.1/32", "2026-11-22T18:00:00Z"}};
//   fake.privacy.respond("185.220.101.1", tor);
#ifndef IPFACTS_TESTING_FAKEPRIVACY_HPP
#define IPFACTS_TESTING_FAKEPRIVACY_HPP

#include <ipfacts/testing/FakeSupport.hpp>

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::testing {

class FakePrivacy {
public:
    FakePrivacy() {
        for (auto* flag : {&unlisted.vpn, &unlisted.proxy, &unlisted.tor, &unlisted.relay, &unlisted.hosting})
            *flag = false;
    }
    FakePrivacy(const FakePrivacy&) = delete;
    FakePrivacy& operator=(const FakePrivacy&) = delete;

    std::vector<std::string> asked;  ///< every address lookup received, in order
    PrivacyFacts unlisted;           ///< the answer for an address nothing is scripted for
    bool fails = false;              ///< lookup returns IPF_ERROR

    /// Lookups of `address` get `facts`.
    void respond(std::string_view address, PrivacyFacts facts) { script_[std::string(address)] = std::move(facts); }
    /// Facts handed out and not yet freed.
    int open() const { return open_; }

    // ---- what the fake host's ipf_privacy_api calls ------------------------

    ipf_status lookup(std::string_view address, const ipf_privacy_facts** out) {
        asked.emplace_back(address);
        if (fails) return IPF_ERROR;
        auto it = script_.find(std::string(address));
        auto* lent = new Lent();
        lent->owner = this;
        lent->copy = it != script_.end() ? it->second : unlisted;
        fill(lent->copy, *lent, lent->arena);
        ++open_;
        *out = lent;
        return IPF_OK;
    }
    static void release(const ipf_privacy_facts* facts) {
        if (!facts) return;
        const Lent* lent = static_cast<const Lent*>(facts);
        --lent->owner->open_;
        delete lent;
    }

private:
    // What a facts pointer points into; derived, so static_cast gets back here.
    struct Lent : ipf_privacy_facts {
        FakePrivacy* owner = nullptr;
        PrivacyFacts copy;    // the strings the C struct points into
        fields::Arena arena;  // its evidence and reason arrays
    };

    std::map<std::string, PrivacyFacts> script_;
    int open_ = 0;
};

}  // namespace ipfacts::testing

#endif
