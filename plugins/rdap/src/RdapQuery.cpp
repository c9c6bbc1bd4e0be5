#include "RdapQuery.h"

#include <ipfacts/dns_name.hpp>

#include <idn2.h>

#include <algorithm>
#include <cstdlib>

namespace ipfacts::rdap {
namespace {

const char* kForms =
    "; give an IPv4 or IPv6 address, a CIDR block (192.0.2.0/24), an AS number (AS15169 or 15169) "
    "or a domain name";

QueryError invalid(std::string why) { return QueryError{"invalid_query", std::move(why) + kForms}; }

bool allDigits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::variant<RdapQuery, QueryError> autnumOf(std::string_view digits) {
    if (digits.size() > 10 || (digits.size() > 1 && digits[0] == '0'))
        return invalid("AS number '" + std::string(digits) + "' is out of range (0-4294967295, no leading zeros)");
    const unsigned long long v = std::strtoull(std::string(digits).c_str(), nullptr, 10);
    if (v > 0xffffffffULL) return invalid("AS number " + std::string(digits) + " is above 4294967295");
    RdapQuery q;
    q.kind = QueryKind::Autnum;
    q.asn = static_cast<uint32_t>(v);
    q.text = "AS" + std::to_string(q.asn);
    return q;
}

/// Zeroes the bits past `prefix`; false when any was set (a host address, not a block start).
bool isBlockStart(const Address& a, int prefix) {
    for (size_t i = 0; i < a.size(); ++i) {
        const int bitsBefore = static_cast<int>(i) * 8;
        const int keep = std::clamp(prefix - bitsBefore, 0, 8);
        const uint8_t mask = keep == 8 ? 0xff : static_cast<uint8_t>(0xff00 >> keep);
        if (a.bytes[i] & ~mask) return false;
    }
    return true;
}

std::variant<RdapQuery, QueryError> cidrOf(std::string_view v, size_t slash) {
    auto a = parseAddress(v.substr(0, slash));
    const std::string_view len = v.substr(slash + 1);
    if (!a) return invalid("'" + std::string(v.substr(0, slash)) + "' before the '/' is not an IP address");
    const int max = a->version == 4 ? 32 : 128;
    if (!allDigits(len) || len.size() > 3 || (len.size() > 1 && len[0] == '0') || std::stoi(std::string(len)) > max)
        return invalid("prefix length '" + std::string(len) + "' is not 0-" + std::to_string(max));
    const int prefix = std::stoi(std::string(len));
    if (!isBlockStart(*a, prefix))
        return invalid("'" + std::string(v) + "' has bits set past its prefix length; give the block's first address");
    RdapQuery q;
    q.kind = QueryKind::Ip;
    q.address = *a;
    q.prefix = prefix;
    q.text = a->text() + "/" + std::string(len);
    return q;
}

std::string unicodeOf(const std::string& ascii) {
    char* out = nullptr;
    if (idn2_to_unicode_8z8z(ascii.c_str(), &out, 0) != IDN2_OK || !out) return ascii;
    std::string u(out);
    idn2_free(out);
    return u;
}

}  // namespace

const char* kindName(QueryKind k) {
    switch (k) {
        case QueryKind::Ip:
            return "ip";
        case QueryKind::Autnum:
            return "autnum";
        case QueryKind::Domain:
            return "domain";
    }
    return "ip";
}

std::string RdapQuery::rdapPath() const {
    switch (kind) {
        case QueryKind::Ip:
            return "ip/" + text;
        case QueryKind::Autnum:
            return "autnum/" + std::to_string(asn);
        case QueryKind::Domain:
            return "domain/" + text;
    }
    return "";
}

std::variant<RdapQuery, QueryError> parseRdapQuery(std::string_view v) {
    if (v.empty()) return QueryError{"invalid_parameter", std::string("query is empty") + kForms};
    if (v.size() > kMaxQueryBytes)
        return QueryError{"invalid_parameter", "query is longer than " + std::to_string(kMaxQueryBytes) + " bytes"};
    if (auto a = parseAddress(v)) {
        RdapQuery q;
        q.kind = QueryKind::Ip;
        q.address = *a;
        q.text = a->text();
        return q;
    }
    if (const size_t slash = v.find('/'); slash != std::string_view::npos) {
        if (v.find("://") != std::string_view::npos) return invalid("query is not a URL");
        return cidrOf(v, slash);
    }
    if (allDigits(v)) return autnumOf(v);
    if (v.size() > 2 && (v[0] == 'A' || v[0] == 'a') && (v[1] == 'S' || v[1] == 's') && allDigits(v.substr(2)))
        return autnumOf(v.substr(2));
    if (v.find('@') != std::string_view::npos) return invalid("query is a mail address, not a domain name");
    NameRules rules = NameRules::publicHostName();
    NameCheck name = normaliseName(v, rules);
    if (!name.ok()) return invalid("'" + std::string(v) + "' is not a domain name: " + name.error);
    RdapQuery q;
    q.kind = QueryKind::Domain;
    q.text = name.ascii;
    q.unicodeName = unicodeOf(name.ascii);
    return q;
}

}  // namespace ipfacts::rdap
