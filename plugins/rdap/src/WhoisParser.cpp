#include "WhoisParser.h"

#include "AsciiText.h"
#include "RdapSummary.h"
#include "RegistryAddress.h"
#include "WhoisDate.h"
#include "WhoisRecord.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <vector>

namespace ipfacts::rdap {
namespace {

std::string firstWord(const std::string& s) { return s.substr(0, s.find_first_of(" \t")); }

void addUnique(std::vector<std::string>& v, std::string s) {
    if (!s.empty() && std::find(v.begin(), v.end(), s) == v.end()) v.push_back(std::move(s));
}

bool looksLikeEmail(const std::string& s) {
    return s.find('@') != std::string::npos && s.find(' ') == std::string::npos;
}

/// "192.0.2.0 - 192.0.2.255" (ARIN, RIPE), or a CIDR (LACNIC, inet6num).
void readRange(const std::string& value, Summary& s) {
    const size_t dash = value.find(" - ");
    if (dash != std::string::npos) {
        const auto a = registryBlockStart(trimText(std::string_view(value).substr(0, dash)));
        const auto b = registryBlockStart(trimText(std::string_view(value).substr(dash + 3)));
        if (!a || !b) return;
        s.cidr = cidrsOfRange(a->text(), b->text());
        if (!s.cidr.empty()) s.start_address = a->text(), s.end_address = b->text();
        return;
    }
    const size_t slash = value.find('/');
    if (slash == std::string::npos) return;
    auto start = registryBlockStart(trimText(std::string_view(value).substr(0, slash)));
    const std::string len = trimText(std::string_view(value).substr(slash + 1));
    if (!start || len.size() > 3 || !allDigits(len)) return;
    const int bits = std::stoi(len);
    const int max = start->version == 4 ? 32 : 128;
    if (bits > max) return;
    Address end = *start;
    for (int b = bits; b < max; ++b) end.bytes[b / 8] |= static_cast<uint8_t>(0x80 >> (b % 8));
    for (int b = bits; b < max; ++b) start->bytes[b / 8] &= static_cast<uint8_t>(~(0x80 >> (b % 8)));
    s.start_address = start->text();
    s.end_address = end.text();
    s.cidr = {start->text() + "/" + std::to_string(bits)};
}

/// How many addresses the summary's blocks hold (as a power-of-two sum), to find the most specific object.
double spanOf(const Summary& s) {
    double n = 0;
    for (const auto& c : s.cidr) {
        const int bits = std::stoi(c.substr(c.find('/') + 1));
        n += std::ldexp(1.0, (c.find(':') == std::string::npos ? 32 : 128) - bits);
    }
    return n;
}

/// The latest date among values such as "hm-changed@apnic.net 20021025".
Text latestDate(const std::vector<std::string>& values) {
    Text out;
    for (const auto& v : values)
        if (Text d = whoisDate(v); d && (!out || *d > *out)) out = d;
    return out;
}

void readArin(const WhoisRecord& r, Summary& s) {
    readRange(r.first({"netrange"}), s);
    std::vector<std::string> cidrs;
    for (const auto& c : r.all({"cidr"}))
        for (size_t at = 0; at < c.size();) {
            const size_t comma = std::min(c.find(',', at), c.size());
            Summary one;
            readRange(trimText(std::string_view(c).substr(at, comma - at)), one);
            if (one.cidr.size() == 1) addUnique(cidrs, one.cidr.front());
            at = comma + 1;
        }
    if (!cidrs.empty() && s.start_address) s.cidr = cidrs;
    s.handle = keepUnlessRedacted(s, "handle", r.first({"nethandle"}));
    s.name = keepUnlessRedacted(s, "name", r.first({"netname"}));
    s.type = keepUnlessRedacted(s, "type", r.first({"nettype"}));
    s.country = keepUnlessRedacted(s, "country", r.first({"country"}));
    s.registered = whoisDate(r.first({"regdate"}));
    s.updated = whoisDate(r.first({"updated"}));
    s.abuse_email = keepUnlessRedacted(s, "abuse_email", r.first({"orgabuseemail", "rabuseemail"}));
}

/// RIPE-style databases (and LACNIC) may answer with several inetnum objects, the
/// most specific one last or first: the summary is the one holding the fewest addresses.
void readRipeStyle(const WhoisRecord& r, Summary& s) {
    int best = -1;
    double bestSpan = 0;
    for (const auto& p : r.pairs()) {
        if (p.key != "inetnum" && p.key != "inet6num") continue;
        Summary one;
        readRange(p.value, one);
        if (one.cidr.empty()) continue;
        if (best < 0 || spanOf(one) < bestSpan) {
            best = p.object, bestSpan = spanOf(one);
            s.start_address = one.start_address, s.end_address = one.end_address, s.cidr = one.cidr;
            s.handle = keepUnlessRedacted(s, "handle", p.value);
        }
    }
    if (best < 0) return;
    const auto inBest = [best](int o) { return o == best; };
    s.name = keepUnlessRedacted(s, "name", r.first({"netname", "owner"}, inBest));
    s.type = keepUnlessRedacted(s, "type", r.first({"status"}, inBest));
    s.country = keepUnlessRedacted(s, "country", r.first({"country"}, inBest));
    s.registered = whoisDate(r.first({"created"}, inBest));
    s.updated = whoisDate(r.first({"last-modified"}, inBest));
    if (!s.updated) s.updated = latestDate(r.all({"changed"}, inBest));
    if (s.type) s.status = {lowerText(*s.type)};
}

void readAutnum(const WhoisRecord& r, Summary& s) {
    std::string number = r.first({"asnumber", "aut-num"});
    if (number.size() > 2 && (number[0] == 'A' || number[0] == 'a')) number = number.substr(2);
    number = firstWord(number);
    if (number.size() <= 10 && allDigits(number)) s.start_autnum = s.end_autnum = std::stoll(number);
    s.handle = keepUnlessRedacted(s, "handle", r.first({"ashandle", "aut-num"}));
    s.name = keepUnlessRedacted(s, "name", r.first({"asname", "as-name", "owner"}));
    s.country = keepUnlessRedacted(s, "country", r.first({"country"}));
    s.registered = whoisDate(r.first({"regdate", "created"}));
    s.updated = whoisDate(r.first({"updated", "last-modified", "changed"}));
    s.abuse_email = keepUnlessRedacted(s, "abuse_email", r.first({"orgabuseemail"}));
}

/// "NETPLANET GmbH ( https://nic.at/registrar/597 )", "Whois Corp.(http://whois.co.kr)",
/// "Name [Tag = X]" (Nominet): the registrar's name alone.
std::string registrarName(std::string v) {
    for (const char* cut : {" [Tag", "(http", "( http"})
        if (const size_t at = v.find(cut); at != std::string::npos && at > 0)
            v = trimText(std::string_view(v).substr(0, at));
    return v.rfind("http", 0) == 0 ? "" : v;
}

/// The registrar's name. Where the registrar line holds a handle and its record
/// names it ("Registrar: MARK-0292" then "Name: …", .sk; "registrar: ua.markmonitor"
/// then "organization: …", .ua), the name; under a "Registrar:" heading, its "name:" (.ee).
std::string registrarOf(const WhoisRecord& r) {
    const auto& pairs = r.pairs();
    for (size_t i = 0; i < pairs.size(); ++i) {
        static const char* kKeys[] = {
            "registrar",        "registrar name",         "sponsoring registrar",   "registration service provider",
            "registrar.name",   "registrar.organization", "registrar.organisation", "registrar_name",
            "current registar", "authorized agency"};
        if (std::none_of(std::begin(kKeys), std::end(kKeys), [&](const char* k) { return pairs[i].key == k; }))
            continue;
        const std::string n = registrarName(pairs[i].value);
        if (n.empty()) continue;
        const bool handle = n.find(' ') == std::string::npos;
        if (handle && i + 1 < pairs.size() && pairs[i + 1].object == pairs[i].object &&
            (pairs[i + 1].key == "name" || pairs[i + 1].key == "organization" || pairs[i + 1].key == "org-name"))
            return pairs[i + 1].value;
        return n;
    }
    return r.first({"name", "organization", "organisation"}, [&r](int o) { return r.labelOf(o) == "registrar"; });
}

/// Status words as written, without the EPP reference URL some registries add
/// ("clientHold https://icann.org/epp#clientHold", "ok (https://…)"), one per
/// comma ("REGISTERED, DELEGATED, VERIFIED").
void addStatus(std::vector<std::string>& out, std::string v) {
    for (const char* cut : {" (http", " http"})
        if (const size_t at = v.find(cut); at != std::string::npos) v = v.substr(0, at);
    // An EPP code with a remark in brackets: "ok (paid and in zone)", "serverUpdateProhibited (Secured by …)".
    if (const size_t at = v.find(" ("); at != std::string::npos && std::islower(static_cast<unsigned char>(v[0])) &&
                                        std::all_of(v.begin(), v.begin() + static_cast<long>(at),
                                                    [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }))
        v = v.substr(0, at);
    for (size_t at = 0; at <= v.size();) {
        const size_t comma = std::min(v.find(',', at), v.size());
        addUnique(out, trimText(std::string_view(v).substr(at, comma - at)));
        at = comma + 1;
    }
}

bool looksLikeHostName(const std::string& n) {
    return n.size() > 2 && n.size() <= 253 && n.find('.') != std::string::npos &&
           std::all_of(n.begin(), n.end(), [](char c) {
               return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_';
           });
}

/// What a "DNSSEC:" line says: signed, unsigned, or nothing decisive ("미서명" is read by its English twin).
std::optional<bool> dnssecOf(const std::string& value) {
    const std::string v = lowerText(value);
    if (v.find("unsigned") != std::string::npos || v == "no" || v == "inactive" || v == "false" ||
        v.find("disabled") != std::string::npos)
        return false;
    if (v.find("signed") != std::string::npos || v == "yes" || v == "active" || v == "true") return true;
    return std::nullopt;
}

/// The objects a domain's own dates and status are read from: the one naming the
/// domain, else any that is not a contact's, registrar's or host's record (RPSL-like
/// registries answer with those after the domain, each with its own dates).
struct DomainObjects {
    const WhoisRecord& r;
    int home;

    bool foreign(int o) const {
        static const char* kOthers[] = {"nic-hdl", "nic-hdl-br", "nic-handle",   "person",       "role",
                                        "contact", "registrar",  "organisation", "organization", "irt",
                                        "ns-list", "nsset",      "keyset"};
        const std::string k = r.firstKeyOf(o);
        if (std::any_of(std::begin(kOthers), std::end(kOthers), [&](const char* x) { return k == x; })) return true;
        // A section under a contact's heading: "Organization Using Domain Name", "Administrative Contact/Agent".
        static const char* kHeadings[] = {"organization", "organisation", "contact",
                                          "registrant",   "holder",       "registrar"};
        const std::string label = r.labelOf(o);
        return std::any_of(std::begin(kHeadings), std::end(kHeadings),
                           [&](const char* x) { return label.find(x) != std::string::npos; });
    }
    std::string first(std::initializer_list<const char*> keys) const {
        std::string v = home >= 0 ? r.first(keys, [this](int o) { return o == home; }) : "";
        return v.empty() ? r.first(keys, [this](int o) { return !foreign(o); }) : v;
    }
    std::vector<std::string> all(std::initializer_list<const char*> keys) const {
        std::vector<std::string> v =
            home >= 0 ? r.all(keys, [this](int o) { return o == home; }) : std::vector<std::string>{};
        return v.empty() ? r.all(keys, [this](int o) { return !foreign(o); }) : v;
    }
};

void readDomainEntities(const WhoisRecord& r, Summary& s) {
    // EURid-style indented blocks: "Technical:" then "Organisation:", "Email:".
    for (const char* role : {"registrant", "technical"}) {
        const std::string b(role);
        const std::string plain = r.first({role});
        const std::string org = r.first({(b + ".organisation").c_str(), (b + ".name").c_str()});
        const std::string email = r.first({(b + ".email").c_str()});
        if (plain.empty() && org.empty() && email.empty()) continue;
        SummaryEntity e;
        e.roles = {role};
        e.name = keepUnlessRedacted(s, b + ".name", org.empty() ? plain : org);
        e.email = keepUnlessRedacted(s, b + ".email", email);
        s.entities.push_back(std::move(e));
    }
    for (const char* role : {"registrant", "admin", "tech"}) {
        const std::string b(role);
        const std::string email = r.first({(b + " email").c_str()});
        const std::string name = r.first({(b + " name").c_str()});
        if (email.empty() && name.empty()) continue;
        SummaryEntity e;
        e.roles = {b == "admin" ? "administrative" : b == "tech" ? "technical" : b};
        e.name = keepUnlessRedacted(s, b + ".name", name);
        e.email = looksLikeEmail(email) ? keepUnlessRedacted(s, b + ".email", email)
                                        : keepUnlessRedacted(s, b + ".email", email.empty() ? "" : "redacted");
        s.entities.push_back(std::move(e));
    }
}

void readDomain(const WhoisRecord& r, Summary& s, const std::string& query) {
    const DomainObjects d{r, r.objectOf({"domain name", "domain", "domain_name"})};
    std::string name = lowerText(firstWord(r.first({"domain name", "domain", "domain_name"})));
    while (!name.empty() && name.back() == '.') name.pop_back();
    // The answer does not name it (or not in LDH form, or with stray bytes): the question did.
    if (!looksLikeHostName(name)) name = lowerText(query);
    s.ldh_name = keepUnlessRedacted(s, "ldh_name", name);
    s.unicode_name = s.ldh_name;
    s.name = s.ldh_name;
    s.handle = keepUnlessRedacted(s, "handle", r.first({"registry domain id"}));
    s.registrar = keepUnlessRedacted(s, "registrar", registrarOf(r));
    // Keys that can only be the domain's are read wherever they stand (HKIRC writes the
    // dates among the registrant's lines); a bare "created" or "changed" only from the
    // domain's own objects, never from a contact's record.
    s.registered =
        whoisDate(d.first({"creation date", "created", "registration time", "registered", "registered on",
                           "domain record activated", "record created", "record created on", "domain registered",
                           "registration date", "registered date", "domain name commencement date", "domain created",
                           "first registration date", "relevant dates.registered on"}));
    if (!s.registered)
        s.registered = whoisDate(r.first({"creation date", "domain name commencement date", "registered date"}));
    s.updated = whoisDate(
        d.first({"updated date", "updated", "last updated", "last-update", "last modified", "last update", "changed",
                 "modified", "modification date", "last-updated", "update date", "domain record last updated",
                 "last updated date", "domain_datelastmodified", "relevant dates.last updated"}));
    if (!s.updated) s.updated = whoisDate(r.first({"updated date", "last updated date"}));
    s.expires =
        whoisDate(d.first({"registry expiry date", "registrar registration expiration date", "expiry date",
                           "expiration date", "expires", "expire date", "expire", "expire-date", "paid-till",
                           "renewal date", "valid until", "expires on", "domain expires", "relevant dates.expiry date",
                           "record expires on", "record will expire on", "expiration time"}));
    if (!s.expires)
        s.expires = whoisDate(r.first(
            {"registry expiry date", "registrar registration expiration date", "expiry date", "expiration date"}));
    for (const auto& ns :
         r.all({"name server", "nserver", "name servers", "nameservers", "nameserver", "domain nameservers",
                "domain name servers", "name servers information", "hostname", "dns", "primary server",
                "secondary server", "host name", "*.host name", "domain servers in listed order", "ns_name_*"})) {
        std::string n = lowerText(firstWord(ns));
        while (!n.empty() && n.back() == '.') n.pop_back();
        if (looksLikeHostName(n) && n != name) addUnique(s.nameservers, n);
    }
    for (const auto& st : d.all({"domain status", "status", "state"})) addStatus(s.status, st);
    if (s.status.empty())
        for (const auto& st : d.all({"registration status"})) addStatus(s.status, st);
    for (const auto& v : r.all({"dnssec", "signed", "domain_signed"}))
        if ((s.dnssec_signed = dnssecOf(v))) break;
    if (!s.dnssec_signed && !r.all({"dnskey"}).empty()) s.dnssec_signed = true;  // DENIC lists the keys
    for (const auto& v : r.all({"registrar abuse contact email", "abuse-email"}))
        if (looksLikeEmail(v)) {
            s.abuse_email = keepUnlessRedacted(s, "abuse_email", v);
            break;
        }
    readDomainEntities(r, s);
}

/// RIPE-style databases name the abuse contact in a comment:
/// "% Abuse contact for '193.0.0.0 - 193.0.7.255' is 'abuse@ripe.net'".
void readAbuseComment(const WhoisRecord& r, Summary& s) {
    for (const auto& c : r.comments()) {
        const size_t at = c.find("Abuse contact for");
        if (at == std::string::npos) continue;
        const size_t is = c.find(" is '", at);
        if (is == std::string::npos) continue;
        const size_t end = c.find('\'', is + 5);
        if (end != std::string::npos && looksLikeEmail(c.substr(is + 5, end - is - 5)))
            s.abuse_email = c.substr(is + 5, end - is - 5);
    }
    if (!s.abuse_email)
        for (const auto& v : r.all({"abuse-mailbox", "orgabuseemail"}))
            if (looksLikeEmail(v)) {
                s.abuse_email = v;
                break;
            }
}

/// Contacts: ARIN's Org*/RTech* groups, RIPE-style role/person objects and LACNIC's nic-hdl objects.
void readContacts(const WhoisRecord& r, Summary& s) {
    if (!r.first({"orgid"}).empty()) {
        SummaryEntity org;
        org.handle = r.first({"orgid"});
        org.roles = {"registrant"};
        org.name = keepUnlessRedacted(s, "registrant.name", r.first({"orgname"}));
        s.entities.push_back(org);
        if (!s.country) s.country = keepUnlessRedacted(s, "country", r.first({"country"}));
    }
    for (const auto& [prefix, role] : {std::pair<const char*, const char*>{"orgabuse", "abuse"},
                                       {"orgtech", "technical"},
                                       {"orgnoc", "noc"},
                                       {"rabuse", "abuse"},
                                       {"rtech", "technical"}}) {
        const std::string p(prefix);
        const std::string handle = r.first({(p + "handle").c_str()});
        if (handle.empty()) continue;
        SummaryEntity e;
        e.handle = handle;
        e.roles = {role};
        e.name = keepUnlessRedacted(s, std::string(role) + ".name", r.first({(p + "name").c_str()}));
        e.email = keepUnlessRedacted(s, std::string(role) + ".email", r.first({(p + "email").c_str()}));
        s.entities.push_back(std::move(e));
    }
    // RIPE-style: the object's contact references, by role.
    for (const auto& [key, role] : {std::pair<const char*, const char*>{"abuse-c", "abuse"},
                                    {"admin-c", "administrative"},
                                    {"tech-c", "technical"},
                                    {"owner-c", "registrant"},
                                    {"org", "registrant"}}) {
        for (const auto& handle : r.all({key})) {
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
    int object = -1;
    for (const auto& p : r.pairs()) {
        if (p.object != object) endObject(), object = p.object;
        if (p.key == "role" || p.key == "person") name = p.value;
        if (p.key == "nic-hdl" || p.key == "nic-hdl-br") hdl = p.value;
        if ((p.key == "e-mail" || p.key == "abuse-mailbox") && mail.empty()) mail = p.value;
    }
    endObject();
}

std::string withoutScheme(std::string v) {
    if (v.rfind("whois://", 0) == 0) v = v.substr(8);
    if (v.rfind("rwhois://", 0) == 0) return "";  // RWhois is another protocol
    while (!v.empty() && v.back() == '/') v.pop_back();
    return lowerText(v);
}

bool saysAny(std::string_view text, std::initializer_list<const char*> marks) {
    const std::string t = lowerText(std::string(text.substr(0, 4096)));
    return std::any_of(marks.begin(), marks.end(), [&](const char* m) { return t.find(m) != std::string::npos; });
}

}  // namespace

Summary parseWhois(std::string_view text, QueryKind kind, const std::string& server, const std::string& query) {
    Summary s;
    s.source = "whois";
    const WhoisRecord r(text);
    if (kind == QueryKind::Ip) r.first({"netrange"}).empty() ? readRipeStyle(r, s) : readArin(r, s);
    if (kind == QueryKind::Autnum) readAutnum(r, s);
    if (kind == QueryKind::Domain) {
        readDomain(r, s, query);
    } else {
        readContacts(r, s);
        readAbuseComment(r, s);
    }
    s.registry = registryNameOf(server);
    return s;
}

std::string whoisReferral(std::string_view text) {
    const WhoisRecord record(text);
    for (const auto& p : record.pairs()) {
        if (p.key == "refer" || p.key == "whois" || p.key == "registrar whois server" || p.key == "referralserver") {
            std::string v = withoutScheme(firstWord(p.value));
            // A server name (or [v6]:port) and nothing else: the answer is the server's to write.
            const bool server = !v.empty() && v.size() <= 260 && std::all_of(v.begin(), v.end(), [](char c) {
                return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' || c == '[' ||
                       c == ']';
            });
            if (server) return v;
        }
    }
    return "";
}

bool whoisSaysNotFound(std::string_view text) {
    return saysAny(text, {"no match", "not found", "no entries found", "no data found", "status: free",
                          "no object found", "domain not found", "%error:101", "no matching record", " is free"});
}

bool whoisSaysRateLimited(std::string_view text) {
    return saysAny(text, {"access control limit", "limit exceeded", "has been exceeded", "quota exceeded",
                          "too many queries", "too many requests", "rate limit exceeded"});
}

WhoisOutcome whoisOutcome(std::string_view text, const Summary& s) {
    // A name echoed back with "Status: free" is no registration: what marks one is data about it.
    const bool empty =
        !s.handle && !s.start_address && !s.start_autnum && !s.registered && !s.registrar && s.nameservers.empty();
    if (!empty) return WhoisOutcome::Answer;
    if (whoisSaysRateLimited(text)) return WhoisOutcome::RateLimited;
    return whoisSaysNotFound(text) ? WhoisOutcome::NotRegistered : WhoisOutcome::Answer;
}

}  // namespace ipfacts::rdap
