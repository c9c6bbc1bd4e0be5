#include "MtaStsPolicy.h"

#include "MailText.h"

#include <ipfacts/dns_name.hpp>

#include <algorithm>

namespace ipfacts::mail {
namespace {

constexpr size_t kMaxMxPatterns = 64;

bool isAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

void readPolicyField(MtaStsPolicyFile& p, const std::string& key, std::string_view value) {
    auto once = [&](const auto& field) {
        if (field) p.errors.push_back(key + ": given more than once");
        return !field;
    };
    if (key == "version") {
        if (!once(p.version)) return;
        if (value != "STSv1") p.errors.push_back("version: '" + std::string(value) + "' is not STSv1");
        p.version = std::string(value);
    } else if (key == "mode") {
        if (!once(p.mode)) return;
        if (value != "enforce" && value != "testing" && value != "none")
            p.errors.push_back("mode: '" + std::string(value) + "' is not enforce, testing or none");
        p.mode = std::string(value);
    } else if (key == "max_age") {
        if (!once(p.maxAge)) return;
        if (!allDigits(value) || value.size() > 10 || std::stoll(std::string(value)) > kMtaStsMaxAge)
            return p.errors.push_back("max_age: '" + std::string(value) + "' is not a number of seconds up to " +
                                      std::to_string(kMtaStsMaxAge));
        p.maxAge = std::stoll(std::string(value));
    } else if (key == "mx") {
        if (p.mx.size() >= kMaxMxPatterns)
            return p.errors.push_back("mx: more than 64 patterns; the rest are not read");
        std::string_view name = value.substr(0, 2) == "*." ? value.substr(2) : value;
        NameCheck check = checkAsciiName(name, NameRules::publicHostName());
        if (!check.ok() || name.back() == '.')
            return p.errors.push_back("mx: '" + std::string(value) + "' is not a host name or *.name pattern");
        p.mx.push_back(lowered(value));
    }
    // Other keys are extensions: ignored (RFC 8461 3.2).
}

}  // namespace

bool isMtaStsRecord(std::string_view text) {
    const std::string_view first = trimmed(text.substr(0, text.find(';')));
    return first == "v=STSv1";
}

MtaStsRecord parseMtaStsRecord(std::string_view text) {
    MtaStsRecord r;
    r.raw = std::string(text);
    if (!isMtaStsRecord(text)) {
        r.errors.push_back("the record does not start with v=STSv1");
        return r;
    }
    size_t start = text.find(';');
    while (start != std::string_view::npos) {
        const size_t end = text.find(';', start + 1);
        const std::string_view field =
            trimmed(text.substr(start + 1, end == std::string_view::npos ? end : end - start - 1));
        start = end;
        const size_t eq = field.find('=');
        if (field.empty()) continue;
        if (eq == std::string_view::npos) {
            r.errors.push_back("'" + std::string(field) + "' is not a field=value pair");
            continue;
        }
        if (field.substr(0, eq) != "id") continue;
        const std::string_view id = field.substr(eq + 1);
        if (r.id)
            r.errors.push_back("id: given more than once");
        else if (id.empty() || id.size() > 32 || !std::all_of(id.begin(), id.end(), isAlnum))
            r.errors.push_back("id: '" + std::string(id) + "' is not 1 to 32 letters and digits");
        else
            r.id = std::string(id);
    }
    if (!r.id && r.errors.empty()) r.errors.push_back("id: the field is required");
    r.valid = r.errors.empty();
    return r;
}

MtaStsPolicyFile parseMtaStsPolicy(std::string_view body) {
    MtaStsPolicyFile p;
    size_t start = 0;
    while (start < body.size()) {
        size_t end = body.find('\n', start);
        if (end == std::string_view::npos) end = body.size();
        const std::string_view line = trimmed(body.substr(start, end - start));
        start = end + 1;
        if (line.empty()) continue;
        const size_t colon = line.find(':');
        if (colon == std::string_view::npos) {
            p.errors.push_back("'" + std::string(line.substr(0, 80)) + "' is not a 'key: value' line");
            continue;
        }
        readPolicyField(p, std::string(trimmed(line.substr(0, colon))), trimmed(line.substr(colon + 1)));
    }
    // A field given with a bad value already has its error: "required" only when it is absent.
    auto named = [&](const std::string& key) {
        for (const std::string& e : p.errors)
            if (e.rfind(key + ":", 0) == 0) return true;
        return false;
    };
    if (!p.version) p.errors.push_back("version: required");
    if (!p.mode) p.errors.push_back("mode: required");
    if (!p.maxAge && !named("max_age")) p.errors.push_back("max_age: required");
    if (p.mx.empty() && p.mode && *p.mode != "none" && !named("mx"))
        p.errors.push_back("mx: at least one pattern is required");
    p.valid = p.errors.empty();
    return p;
}

bool mxMatchesPattern(std::string_view host, std::string_view pattern) {
    const std::string h = lowered(host), pat = lowered(pattern);
    if (pat.substr(0, 2) != "*.") return h == pat;
    const std::string_view base = std::string_view(pat).substr(2);
    const size_t dot = h.find('.');
    return dot != std::string::npos && dot > 0 && std::string_view(h).substr(dot + 1) == base;
}

}  // namespace ipfacts::mail
