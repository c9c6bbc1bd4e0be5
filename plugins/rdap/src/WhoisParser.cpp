#include "WhoisParser.h"

#include "AsciiText.h"

#include "RdapSummary.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <vector>

namespace ipfacts::rdap {
namespace {

/// Every `key: value` line (key lower case, inner spaces kept), in order; an
/// indented line under a key with no value of its own (EURid, Nominet
/// blocks) is a value of that key. Comments (% and #) are skipped.
using Pairs = std::vector<std::pair<std::string, std::string>>;

Pairs pairsOf(std::string_view text, std::vector<std::string>& comments) {
    Pairs out;
    std::string block;  // the key whose indented values follow
    size_t at = 0;
    while (at <= text.size()) {
        size_t nl = text.find('\n', at);
        std::string_view line = text.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at);
        at = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        const std::string t = trimText(line);
        if (t.empty()) {
            block.clear();
            if (!out.empty() && !out.back().first.empty()) out.emplace_back("", "");  // an object ends
            continue;
        }
        if (t[0] == '%' || t[0] == '#') {
            comments.push_back(t);
            continue;
        }
        const bool indented = std::isspace(static_cast<unsigned char>(line[0]));
        const size_t colon = t.find(':');
        // "key: value"; a colon inside a URL or time ("https://", "12:00") has no blank after it.
        const bool keyed = colon != std::string::npos && colon > 0 && colon < 40 &&
                           (colon + 1 == t.size() || t[colon + 1] == ' ' || t[colon + 1] == '\t');
        if (keyed) {
            std::string key = lowerText(trimText(std::string_view(t).substr(0, colon)));
            std::string value = trimText(std::string_view(t).substr(colon + 1));
            if (value.empty()) {
                block = indented && !block.empty() ? block + "." + key : key;
                continue;
            }
            out.emplace_back(indented && !block.empty() ? block + "." + key : key, value);
            continue;
        }
        if (indented && !block.empty()) out.emplace_back(block, t);
    }
    return out;
}

struct Fields {
    Pairs pairs;
    std::vector<std::string> comments;

    std::string first(std::initializer_list<const char*> keys) const {
        for (const char* k : keys)
            for (const auto& [key, value] : pairs)
                if (key == k) return value;
        return "";
    }
    std::vector<std::string> all(std::initializer_list<const char*> keys) const {
        std::vector<std::string> out;
        for (const auto& [key, value] : pairs)
            for (const char* k : keys)
                if (key == k) out.push_back(value);
        return out;
    }
};

std::string firstWord(const std::string& s) { return s.substr(0, s.find_first_of(" \t")); }

void addUnique(std::vector<std::string>& v, std::string s) {
    if (!s.empty() && std::find(v.begin(), v.end(), s) == v.end()) v.push_back(std::move(s));
}

bool looksLikeEmail(const std::string& s) { return s.find('@') != std::string::npos && s.find(' ') == std::string::npos; }

/// "192.0.2.0 - 192.0.2.255" (ARIN, RIPE), or a CIDR (LACNIC, inet6num).
void readRange(const std::string& value, Summary& s) {
    const size_t dash = value.find(" - ");
    if (dash != std::string::npos) {
        s.start_address = trimText(std::string_view(value).substr(0, dash));
        s.end_address = trimText(std::string_view(value).substr(dash + 3));
        s.cidr = cidrsOfRange(*s.start_address, *s.end_address);
        if (s.cidr.empty()) s.start_address = s.end_address = std::nullopt;
        return;
    }
    const size_t slash = value.find('/');
    auto start = parseAddress(trimText(std::string_view(value).substr(0, slash)));
    if (!start || slash == std::string::npos) return;
    std::string len = trimText(std::string_view(value).substr(slash + 1));
    int bits = 0;
    try {
        bits = std::stoi(len);
    } catch (const std::exception&) {
        return;
    }
    const int max = start->version == 4 ? 32 : 128;
    if (bits < 0 || bits > max) return;
    Address end = *start;
    for (int b = bits; b < max; ++b) end.bytes[b / 8] |= static_cast<uint8_t>(0x80 >> (b % 8));
    s.start_address = start->text();
    s.end_address = end.text();
    s.cidr = {start->text() + "/" + std::to_string(bits)};
}

void readIp(const Fields& f, Summary& s) {
    if (std::string arin = f.first({"netrange"}); !arin.empty()) {  // ARIN
        readRange(arin, s);
        std::vector<std::string> cidrs;
        for (const auto& c : f.all({"cidr"}))
            for (size_t at = 0; at < c.size();) {
                size_t comma = c.find(',', at);
                if (std::string one = trimText(std::string_view(c).substr(at, comma == std::string::npos ? std::string::npos : comma - at));
                    isCidrText(one))
                    addUnique(cidrs, one);
                at = comma == std::string::npos ? c.size() : comma + 1;
            }
        if (!cidrs.empty()) s.cidr = cidrs;
        s.handle = keepUnlessRedacted(s, "handle", f.first({"nethandle"}));
        s.name = keepUnlessRedacted(s, "name", f.first({"netname"}));
        s.type = keepUnlessRedacted(s, "type", f.first({"nettype"}));
        s.country = keepUnlessRedacted(s, "country", f.first({"country"}));
        s.registered = isoUtc(f.first({"regdate"}));
        s.updated = isoUtc(f.first({"updated"}));
        s.abuse_email = keepUnlessRedacted(s, "abuse_email", f.first({"orgabuseemail", "rabuseemail"}));
        return;
    }
    readRange(f.first({"inetnum", "inet6num"}), s);  // RIPE-style and LACNIC
    s.handle = keepUnlessRedacted(s, "handle", f.first({"inetnum", "inet6num"}));
    s.name = keepUnlessRedacted(s, "name", f.first({"netname", "owner"}));
    s.type = keepUnlessRedacted(s, "type", f.first({"status"}));
    s.country = keepUnlessRedacted(s, "country", f.first({"country"}));
    if (!s.type) s.status.clear();
    else s.status = {lowerText(*s.type)};
}

void readAutnum(const Fields& f, Summary& s) {
    std::string number = f.first({"asnumber", "aut-num"});
    if (number.size() > 2 && (number[0] == 'A' || number[0] == 'a')) number = number.substr(2);
    try {
        if (!number.empty()) s.start_autnum = s.end_autnum = std::stoll(firstWord(number));
    } catch (const std::exception&) {
    }
    s.handle = keepUnlessRedacted(s, "handle", f.first({"ashandle", "aut-num"}));
    s.name = keepUnlessRedacted(s, "name", f.first({"asname", "as-name", "owner"}));
    s.country = keepUnlessRedacted(s, "country", f.first({"country"}));
    s.registered = isoUtc(f.first({"regdate"}));
    s.updated = isoUtc(f.first({"updated"}));
    s.abuse_email = keepUnlessRedacted(s, "abuse_email", f.first({"orgabuseemail"}));
}

void readDomain(const Fields& f, Summary& s) {
    s.ldh_name = keepUnlessRedacted(s, "ldh_name", lowerText(firstWord(f.first({"domain name", "domain"}))));
    s.unicode_name = s.ldh_name;
    s.name = s.ldh_name;
    s.handle = keepUnlessRedacted(s, "handle", f.first({"registry domain id"}));
    std::string registrar = f.first({"registrar", "registrar.name", "registrar.organisation"});
    const size_t tag = registrar.find(" [Tag");  // Nominet: "Name [Tag = X]"
    if (tag != std::string::npos) registrar = registrar.substr(0, tag);
    s.registrar = keepUnlessRedacted(s, "registrar", registrar);
    s.registered = isoUtc(f.first({"creation date", "registered on", "created"}));
    s.updated = isoUtc(f.first({"updated date", "last updated", "changed"}));
    s.expires = isoUtc(f.first({"registry expiry date", "registrar registration expiration date", "expiry date"}));
    for (const auto& ns : f.all({"name server", "nserver", "name servers", "nameservers"})) {
        std::string n = lowerText(firstWord(ns));
        while (!n.empty() && n.back() == '.') n.pop_back();
        addUnique(s.nameservers, n);
    }
    for (const auto& st : f.all({"domain status", "status"})) addUnique(s.status, firstWord(st));
    const std::string dnssec = lowerText(f.first({"dnssec", "dnssec.signed"}));
    if (!dnssec.empty())
        s.dnssec_signed = dnssec.find("unsigned") == std::string::npos && dnssec != "no" && dnssec.find("signed") != std::string::npos;
    else if (!f.all({"dnskey"}).empty()) s.dnssec_signed = true;  // DENIC lists the keys
    s.abuse_email = keepUnlessRedacted(s, "abuse_email", f.first({"registrar abuse contact email"}));
    // EURid-style indented blocks: "Technical:" then "Organisation:", "Email:".
    for (const auto& [block, role] : {std::pair<const char*, const char*>{"registrant", "registrant"}, {"technical", "technical"}}) {
        const std::string plain = f.first({block});
        const std::string org = f.first({(std::string(block) + ".organisation").c_str(), (std::string(block) + ".name").c_str()});
        const std::string email = f.first({(std::string(block) + ".email").c_str()});
        if (plain.empty() && org.empty() && email.empty()) continue;
        SummaryEntity e;
        e.roles = {role};
        e.name = keepUnlessRedacted(s, std::string(role) + ".name", org.empty() ? plain : org);
        e.email = keepUnlessRedacted(s, std::string(role) + ".email", email);
        s.entities.push_back(std::move(e));
    }
    for (const char* role : {"registrant", "admin", "tech"}) {
        const std::string email = f.first({(std::string(role) + " email").c_str()});
        const std::string name = f.first({(std::string(role) + " name").c_str()});
        if (email.empty() && name.empty()) continue;
        SummaryEntity e;
        e.roles = {role == std::string("admin") ? "administrative" : role == std::string("tech") ? "technical" : role};
        e.name = keepUnlessRedacted(s, std::string(role) + ".name", name);
        e.email = looksLikeEmail(email) ? keepUnlessRedacted(s, std::string(role) + ".email", email)
                                        : keepUnlessRedacted(s, std::string(role) + ".email", email.empty() ? "" : "redacted");
        s.entities.push_back(std::move(e));
    }
}

/// RIPE-style databases name the abuse contact in a comment:
/// "% Abuse contact for '193.0.0.0 - 193.0.7.255' is 'abuse@ripe.net'".
void readAbuseComment(const Fields& f, Summary& s) {
    for (const auto& c : f.comments) {
        const size_t at = c.find("Abuse contact for");
        if (at == std::string::npos) continue;
        const size_t is = c.find(" is '", at);
        if (is == std::string::npos) continue;
        const size_t end = c.find('\'', is + 5);
        if (end != std::string::npos) s.abuse_email = c.substr(is + 5, end - is - 5);
    }
    if (!s.abuse_email)
        for (const auto& v : f.all({"abuse-mailbox", "orgabuseemail"}))
            if (looksLikeEmail(v)) {
                s.abuse_email = v;
                break;
            }
}

/// Contacts: ARIN's Org*/RTech* groups, RIPE-style role/person objects and LACNIC's nic-hdl objects.
void readContacts(const Fields& f, Summary& s) {
    if (!f.first({"orgid"}).empty()) {
        SummaryEntity org;
        org.handle = f.first({"orgid"});
        org.roles = {"registrant"};
        org.name = keepUnlessRedacted(s, "registrant.name", f.first({"orgname"}));
        s.entities.push_back(org);
        if (!s.country) s.country = keepUnlessRedacted(s, "country", f.first({"country"}));
    }
    for (const auto& [prefix, role] : {std::pair<const char*, const char*>{"orgabuse", "abuse"}, {"orgtech", "technical"},
                                       {"orgnoc", "noc"}, {"rabuse", "abuse"}, {"rtech", "technical"}}) {
        const std::string handle = f.first({(std::string(prefix) + "handle").c_str()});
        if (handle.empty()) continue;
        SummaryEntity e;
        e.handle = handle;
        e.roles = {role};
        e.name = keepUnlessRedacted(s, std::string(role) + ".name", f.first({(std::string(prefix) + "name").c_str()}));
        e.email = keepUnlessRedacted(s, std::string(role) + ".email", f.first({(std::string(prefix) + "email").c_str()}));
        s.entities.push_back(std::move(e));
    }
    // RIPE-style: the object's contact references, by role.
    for (const auto& [key, role] : {std::pair<const char*, const char*>{"abuse-c", "abuse"}, {"admin-c", "administrative"},
                                    {"tech-c", "technical"}, {"owner-c", "registrant"}, {"org", "registrant"}}) {
        for (const auto& handle : f.all({key})) {
            SummaryEntity e;
            e.handle = handle;
            e.roles = {role};
            if (std::none_of(s.entities.begin(), s.entities.end(),
                             [&](const SummaryEntity& x) { return x.handle == handle && x.roles == e.roles; }))
                s.entities.push_back(std::move(e));
        }
    }
    // Names and mailboxes of the referenced objects: person/role blocks (RIPE
    // style, the handle after the mailbox) and LACNIC's nic-hdl-br blocks.
    std::string hdl, name, mail;
    auto endObject = [&] {
        if (!hdl.empty() && !mail.empty())
            for (auto& e : s.entities)
                if (e.handle == hdl && !e.email) {
                    e.email = keepUnlessRedacted(s, e.roles.front() + ".email", mail);
                    if (!e.name && !name.empty()) e.name = name;
                    if (e.roles.front() == "abuse" && !s.abuse_email) s.abuse_email = e.email;
                }
        hdl.clear(), name.clear(), mail.clear();
    };
    for (const auto& [key, value] : f.pairs) {
        if (key.empty()) endObject();
        if (key == "role" || key == "person") name = value;
        if (key == "nic-hdl" || key == "nic-hdl-br") hdl = value;
        if ((key == "e-mail" || key == "abuse-mailbox") && mail.empty()) mail = value;
    }
    endObject();
}

std::string withoutScheme(std::string v) {
    if (v.rfind("whois://", 0) == 0) v = v.substr(8);
    if (v.rfind("rwhois://", 0) == 0) return "";  // RWhois is another protocol
    while (!v.empty() && v.back() == '/') v.pop_back();
    return lowerText(v);
}

}  // namespace

Summary parseWhois(std::string_view text, QueryKind kind, const std::string& server) {
    Summary s;
    s.source = "whois";
    Fields f;
    f.pairs = pairsOf(text, f.comments);
    if (kind == QueryKind::Ip) readIp(f, s);
    if (kind == QueryKind::Autnum) readAutnum(f, s);
    if (kind == QueryKind::Domain) {
        readDomain(f, s);
    } else {
        readContacts(f, s);
        readAbuseComment(f, s);
        if (!s.registered) s.registered = isoUtc(f.first({"created", "regdate"}));
        if (!s.updated) s.updated = isoUtc(f.first({"last-modified", "changed", "updated"}));
    }
    s.registry = registryNameOf(server);
    return s;
}

std::string whoisReferral(std::string_view text) {
    std::vector<std::string> comments;
    for (const auto& [key, value] : pairsOf(text, comments)) {
        if (key == "refer" || key == "whois" || key == "registrar whois server" || key == "referralserver") {
            std::string v = withoutScheme(firstWord(value));
            // A server name (or [v6]:port) and nothing else: the answer is the server's to write.
            const bool server = !v.empty() && v.size() <= 260 && std::all_of(v.begin(), v.end(), [](char c) {
                return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' || c == '[' || c == ']';
            });
            if (server) return v;
        }
    }
    return "";
}

bool whoisSaysNotFound(std::string_view text) {
    const std::string t = lowerText(std::string(text.substr(0, 4096)));
    static const char* kMarks[] = {"no match for", "not found", "no entries found", "no data found", "status: free",
                                   "no object found", "domain not found", "%error:101"};
    return std::any_of(std::begin(kMarks), std::end(kMarks), [&](const char* m) { return t.find(m) != std::string::npos; });
}

}  // namespace ipfacts::rdap
