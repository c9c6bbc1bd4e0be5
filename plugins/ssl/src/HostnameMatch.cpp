#include "HostnameMatch.h"

#include <ipfacts/dns_answers.hpp>
#include <ipfacts/dns_name.hpp>

namespace ipfacts::ssl {
namespace {

// A presented name must be a host name as a certificate holds it: LDH
// labels (A-labels for IDNs), no underscores; "*" is handled before this.
bool isHostName(std::string_view name) {
    NameRules rules;
    rules.allowUnderscore = false;
    rules.allowRoot = false;
    return checkAsciiName(name, rules).ok();
}

std::string lowered(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

}  // namespace

bool matchesPresentedName(std::string_view host, std::string_view presented, const PublicSuffixes& suffixes) {
    if (!presented.empty() && presented.back() == '.') presented.remove_suffix(1);
    if (presented.substr(0, 2) != "*.") return isHostName(presented) && sameDnsText(host, presented);
    const std::string_view rest = presented.substr(2);
    if (!isHostName(rest) || rest.find('.') == std::string_view::npos) return false;
    if (suffixes.isPublicSuffix(lowered(rest))) return false;
    const size_t dot = host.find('.');
    // "*" is one whole, non-empty label: the host's first; the rest must be equal.
    return dot != std::string_view::npos && dot > 0 && sameDnsText(host.substr(dot + 1), rest);
}

HostnameMatch matchHostname(std::string_view host, const std::vector<std::string>& dnsSans,
                            const std::optional<std::string>& commonName, const PublicSuffixes& suffixes) {
    HostnameMatch m;
    if (!dnsSans.empty()) {
        m.checkedNames = dnsSans;
    } else if (commonName) {
        m.checkedNames = {*commonName};
        m.usedCommonName = true;
    }
    for (const std::string& name : m.checkedNames)
        if (matchesPresentedName(host, name, suffixes)) {
            m.matched = true;
            m.matchedName = name;
            break;
        }
    return m;
}

}  // namespace ipfacts::ssl
