#include "tests/spf/ScenarioZone.h"

#include <algorithm>
#include <cstdio>

namespace ipfacts::testing::spf {
namespace {

std::string decimalEscape(unsigned char b) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\%03u", b);
    return buf;
}

// A name in master-file form: every byte but letters, digits, '-' and '_'
// escaped, so the suite's odd names ("foo:bar/baz.example.com", spaces,
// '%') load as written. Absolute, with the final dot.
std::string masterName(std::string name) {
    if (name.empty() || name == ".") return ".";
    if (name.back() == '.') name.pop_back();
    std::string out;
    for (char c : name) {
        const auto b = static_cast<unsigned char>(c);
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                           c == '_' || c == '.';
        out += plain ? std::string(1, c) : decimalEscape(b);
    }
    return out + ".";
}

// A character-string in quotes, every byte outside printable ASCII and the
// quote, backslash and apostrophe escaped (so it fits in unbound.conf too).
std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        const auto b = static_cast<unsigned char>(c);
        out += (b < 0x20 || b > 0x7e || c == '"' || c == '\\' || c == '\'') ? decimalEscape(b) : std::string(1, c);
    }
    return out + "\"";
}

std::string rdata(const SuiteRecord& r) {
    if (r.type == "TXT" || r.type == "SPF") {
        if (r.strings.empty()) return "\\# 0";  // a record without strings: illegal, but the suite serves one
        std::string out;
        for (const std::string& s : r.strings) out += (out.empty() ? "" : " ") + quoted(s);
        return out;
    }
    if (r.type == "MX") return std::to_string(r.preference) + " " + masterName(r.strings.front());
    if (r.type == "PTR" || r.type == "CNAME") return masterName(r.strings.front());
    return r.strings.front();  // A, AAAA
}

// The records served for a name: NONE markers dropped, SPF copied to TXT
// when no TXT is listed (the suite's auto-duplication).
std::vector<SuiteRecord> served(const SuiteName& n) {
    const bool anyTxt =
        std::any_of(n.records.begin(), n.records.end(), [](const SuiteRecord& r) { return r.type == "TXT"; });
    std::vector<SuiteRecord> out;
    for (const SuiteRecord& r : n.records) {
        if (r.none) continue;
        out.push_back(r);
        if (r.type == "SPF" && !anyTxt) {
            SuiteRecord txt = r;
            txt.type = "TXT";
            out.push_back(std::move(txt));
        }
    }
    return out;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

bool under(const std::string& name, const std::string& parent) {
    return name.size() > parent.size() && name.compare(name.size() - parent.size(), parent.size(), parent) == 0 &&
           name[name.size() - parent.size() - 1] == '.';
}

}  // namespace

ScenarioZone scenarioZone(const SuiteScenario& scenario, const std::string& marker) {
    ScenarioZone z;
    z.zoneFile =
        ". 300 IN SOA ns.spf-suite. hostmaster.spf-suite. 1 3600 600 86400 300\n"
        ". 300 IN NS ns.spf-suite.\n"
        "ns.spf-suite. 300 IN A 127.0.0.1\n"
        "scenario.spf-suite. 300 IN TXT " +
        quoted(marker) + "\n";
    z.serverConf = "server:\n";
    std::vector<std::string> timeouts;
    for (const SuiteName& n : scenario.zone)
        if (n.timeout) timeouts.push_back(lower(n.name));
    for (const SuiteName& n : scenario.zone) {
        const std::string name = masterName(n.name);
        if (n.timeout) {
            z.serverConf += "  local-zone: \"" + name + "\" deny\n";
            for (const SuiteRecord& r : served(n))
                z.serverConf += "  local-data: '" + name + " 300 IN " + r.type + " " + rdata(r) + "'\n";
            continue;
        }
        // A listed name below a TIMEOUT name is answered, not dropped.
        if (std::any_of(timeouts.begin(), timeouts.end(),
                        [&](const std::string& t) { return under(lower(n.name), t); }))
            z.serverConf += "  local-zone: \"" + name + "\" transparent\n";
        for (const SuiteRecord& r : served(n)) z.zoneFile += name + " 300 IN " + r.type + " " + rdata(r) + "\n";
    }
    return z;
}

}  // namespace ipfacts::testing::spf
