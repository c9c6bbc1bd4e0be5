#include "host/facilities/privacy/FlagVerdict.h"

namespace ipfacts::facilities::privacy {
namespace {

std::optional<bool>& slotOf(PrivacyFacts& f, const std::string& flag) {
    if (flag == "vpn") return f.vpn;
    if (flag == "proxy") return f.proxy;
    if (flag == "tor") return f.tor;
    if (flag == "relay") return f.relay;
    return f.hosting;
}

PrivacyEvidence evidenceOf(const SourceWord& w, bool value) {
    PrivacyEvidence e;
    e.flag = w.flag, e.value = value, e.source = w.source, e.match = w.match, e.data_date = w.data_date;
    return e;
}

/// "a, b" of the names switched off for `flag`.
std::string offNames(const std::vector<std::pair<std::string, std::string>>& off, const std::string& flag) {
    std::string names;
    for (const auto& [f, name] : off)
        if (f == flag) names += (names.empty() ? "" : ", ") + name;
    return names;
}

}  // namespace

PrivacyFacts decide(const std::vector<SourceWord>& words, const std::vector<SourceWord>& overrides,
                    const std::vector<std::pair<std::string, std::string>>& switchedOff) {
    PrivacyFacts f;
    std::vector<std::pair<std::string, std::string>> reasons;  // flag -> why unknown
    for (const std::string flag : kFlags) {
        bool yes = false, answered = false;
        std::string unknown;
        for (const SourceWord& w : words) {
            if (w.flag != flag) continue;
            if (w.kind == SourceWord::Kind::Yes) {
                yes = true;
                f.evidence.push_back(evidenceOf(w, true));
                if (f.service.value_or("").empty() && !w.service.empty()) f.service = w.service;
            } else if (w.kind == SourceWord::Kind::No) {
                answered = true;
            } else {
                unknown += (unknown.empty() ? "" : "; ") + w.reason;
            }
        }
        if (yes)
            slotOf(f, flag) = true;
        else if (!unknown.empty())
            reasons.emplace_back(flag, unknown);
        else if (answered)
            slotOf(f, flag) = false;
        else {
            const std::string off = offNames(switchedOff, flag);
            reasons.emplace_back(flag, off.empty() ? "switched off: no " + flag + " provider is configured"
                                                   : "switched off: " + off + " (enabled: false in the manifest)");
        }
    }
    // The operator has the last word, whatever the providers said or could not say.
    for (const SourceWord& w : overrides) {
        const bool value = w.kind == SourceWord::Kind::Yes;
        slotOf(f, w.flag) = value;
        f.evidence.push_back(evidenceOf(w, value));
        if (value && !w.service.empty()) f.service = w.service;
        for (auto it = reasons.begin(); it != reasons.end();) it = it->first == w.flag ? reasons.erase(it) : it + 1;
    }
    for (auto& [flag, why] : reasons) {
        PrivacyReason r;
        r.field = flag, r.text = why;
        f.reasons.push_back(std::move(r));
    }
    return f;
}

}  // namespace ipfacts::facilities::privacy
