#include "DmarcParser.h"

#include "MailText.h"

#include <ipfacts/dns_name.hpp>

#include <algorithm>
#include <limits>

namespace ipfacts::mail {
namespace {

constexpr size_t kMaxTags = 64;
constexpr size_t kMaxUris = 32;

class TagReader {
public:
    explicit TagReader(DmarcRecord& r) : r_(r) {}

    void read(const std::string& name, std::string_view value) {
        if (name == "p") return policy(name, value, r_.policy);
        if (name == "sp") return policy(name, value, r_.subdomainPolicy);
        if (name == "np") return policy(name, value, r_.nonexistentPolicy);
        if (name == "adkim") return alignment(name, value, r_.adkim);
        if (name == "aspf") return alignment(name, value, r_.aspf);
        if (name == "pct") return percent(value);
        if (name == "ri") return interval(value);
        if (name == "fo") return failureOptions(value);
        if (name == "rf") return reportFormat(value);
        if (name == "t") return yesNo(value);
        if (name == "psd") return psd(value);
        if (name == "rua") return uris(name, value, r_.aggregateReports);
        if (name == "ruf") return uris(name, value, r_.forensicReports);
        r_.notes.push_back("unknown tag '" + name + "' is ignored");
    }

private:
    void error(const std::string& tag, const std::string& why) { r_.errors.push_back(tag + ": " + why); }

    void policy(const std::string& tag, std::string_view value, std::optional<std::string>& into) {
        const std::string v = lowered(value);
        if (v == "none" || v == "quarantine" || v == "reject")
            into = v;
        else
            error(tag, "'" + std::string(value) + "' is not none, quarantine or reject");
    }
    void alignment(const std::string& tag, std::string_view value, std::optional<std::string>& into) {
        const std::string v = lowered(value);
        if (v == "r" || v == "s")
            into = v;
        else
            error(tag, "'" + std::string(value) + "' is not r (relaxed) or s (strict)");
    }
    void percent(std::string_view value) {
        if (!allDigits(value) || value.size() > 3 || std::stoi(std::string(value)) > 100)
            return error("pct", "'" + std::string(value) + "' is not a whole number from 0 to 100");
        r_.percent = std::stoi(std::string(value));
    }
    void interval(std::string_view value) {
        if (!allDigits(value) || value.size() > 10 ||
            std::stoll(std::string(value)) > std::numeric_limits<uint32_t>::max())
            return error("ri", "'" + std::string(value) + "' is not a number of seconds (32-bit unsigned)");
        r_.reportInterval = std::stoll(std::string(value));
    }
    void failureOptions(std::string_view value) {
        for (std::string_view o : splitOn(value, ':')) {
            const std::string v = lowered(trimmed(o));
            if (v != "0" && v != "1" && v != "d" && v != "s")
                return error("fo", "'" + std::string(value) + "' is not a ':'-separated list of 0, 1, d and s");
        }
        r_.failureOptions = lowered(value);
    }
    void reportFormat(std::string_view value) {
        for (std::string_view f : splitOn(value, ':'))
            if (lowered(trimmed(f)) != "afrf")
                return error("rf", "'" + std::string(value) + "' names a format other than afrf");
        r_.reportFormat = lowered(value);
    }
    void yesNo(std::string_view value) {
        const std::string v = lowered(value);
        if (v == "y" || v == "n")
            r_.testing = v == "y";
        else
            error("t", "'" + std::string(value) + "' is not y or n");
    }
    void psd(std::string_view value) {
        const std::string v = lowered(value);
        if (v == "y" || v == "n" || v == "u")
            r_.publicSuffixDomain = v;
        else
            error("psd", "'" + std::string(value) + "' is not y, n or u");
    }

    // RFC 7489 6.4: dmarc-uri = URI [ "!" 1*DIGIT [ "k" / "m" / "g" / "t" ] ]
    void uris(const std::string& tag, std::string_view value, std::vector<DmarcReportUri>& into) {
        for (std::string_view item : splitOn(value, ',')) {
            item = trimmed(item);
            if (into.size() >= kMaxUris) return error(tag, "more than " + std::to_string(kMaxUris) + " URIs");
            DmarcReportUri uri;
            const size_t bang = item.rfind('!');
            std::string_view address = item.substr(0, bang);
            if (bang != std::string_view::npos) {
                std::string_view limit = item.substr(bang + 1);
                std::string_view digits = limit;
                if (!digits.empty() && std::string_view("kmgtKMGT").find(digits.back()) != std::string_view::npos)
                    digits.remove_suffix(1);
                if (!allDigits(digits)) {
                    error(tag, "'" + std::string(item) + "' has a size limit that is not digits and k, m, g or t");
                    continue;
                }
                uri.limit = lowered(limit);
            }
            uri.uri = std::string(address);
            const size_t colon = address.find(':');
            if (address.empty() || colon == std::string_view::npos || colon == 0) {
                error(tag, "'" + std::string(item) + "' is not a URI (a report address is written mailto:name@domain)");
                continue;
            }
            const std::string scheme = lowered(address.substr(0, colon));
            if (scheme == "mailto") {
                std::string_view mail = address.substr(colon + 1);
                const size_t at = mail.rfind('@');
                std::string_view host = at == std::string_view::npos ? std::string_view() : mail.substr(at + 1);
                host = host.substr(0, host.find('?'));
                NameCheck name = checkAsciiName(host, NameRules::publicHostName());
                if (at == 0 || host.empty() || !name.ok()) {
                    error(tag, "'" + std::string(item) + "' is not a mailto: address with a domain");
                    continue;
                }
                uri.domain = name.ascii;
            } else {
                r_.notes.push_back(tag + ": '" + std::string(address) +
                                   "' is not a mailto: URI; receivers "
                                   "are only required to support mailto (RFC 7489 6.2)");
            }
            into.push_back(std::move(uri));
        }
    }

    DmarcRecord& r_;
};

}  // namespace

bool isDmarcRecord(std::string_view text) {
    const std::string_view first = trimmed(text.substr(0, text.find(';')));
    const size_t eq = first.find('=');
    if (eq == std::string_view::npos) return false;
    return trimmed(first.substr(0, eq)) == "v" && trimmed(first.substr(eq + 1)) == "DMARC1";
}

DmarcRecord parseDmarc(std::string_view text) {
    DmarcRecord r;
    r.raw = std::string(text);
    if (!isDmarcRecord(text)) {
        r.errors.push_back("the record does not start with v=DMARC1");
        return r;
    }
    r.version = "DMARC1";
    TagReader reader(r);
    std::vector<std::string> seen;
    const std::vector<std::string_view> parts = splitOn(text, ';');
    // v is a tag as written too: `tags` is the record's every tag, in order.
    const std::string_view version = trimmed(parts.front());
    r.tags.emplace_back("v", std::string(trimmed(version.substr(version.find('=') + 1))));
    for (size_t i = 1; i < parts.size(); ++i) {
        const std::string_view part = trimmed(parts[i]);
        if (part.empty()) continue;  // "p=none;" ends with an empty part
        if (seen.size() >= kMaxTags) {
            r.errors.push_back("more than " + std::to_string(kMaxTags) + " tags; the rest is not read");
            break;
        }
        const size_t eq = part.find('=');
        if (eq == std::string_view::npos) {
            r.errors.push_back("'" + std::string(part) + "' is not a tag=value pair");
            continue;
        }
        const std::string name = lowered(trimmed(part.substr(0, eq)));
        const std::string_view value = trimmed(part.substr(eq + 1));
        if (name == "v") {
            r.errors.push_back("v: the version tag must come first, and only once");
            continue;
        }
        if (std::find(seen.begin(), seen.end(), name) != seen.end()) {
            r.errors.push_back(name + ": the tag appears more than once");
            continue;
        }
        seen.push_back(name);
        r.tags.emplace_back(name, std::string(value));
        if (name == "pct" || name == "rf" || name == "ri") r.removedTags.push_back(name);
        reader.read(name, value);
    }
    if (!r.policy)
        r.errors.push_back("p: the policy tag is required (RFC 7489 6.3)");
    else if (r.tags.size() > 1 && r.tags[1].first != "p")
        r.notes.push_back("p should directly follow v (RFC 7489 6.3)");
    for (const std::string& tag : r.removedTags)
        r.notes.push_back(tag + ": removed by RFC 9989; receivers following it ignore the tag");
    r.valid = r.errors.empty();
    return r;
}

}  // namespace ipfacts::mail
