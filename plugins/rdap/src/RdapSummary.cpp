#include "RdapSummary.h"

#include "AsciiText.h"
#include "RegistryAddress.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <algorithm>

namespace ipfacts::rdap {
namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

std::string str(const Object::Ptr& o, const std::string& key) {
    if (!o || !o->has(key)) return "";
    Poco::Dynamic::Var v = o->get(key);
    if (v.isString()) return v.extract<std::string>();
    if (v.isNumeric()) return v.convert<std::string>();
    return "";
}

std::vector<std::string> strings(const Object::Ptr& o, const std::string& key) {
    std::vector<std::string> out;
    if (!o) return out;
    Array::Ptr a = o->getArray(key);
    if (!a) return out;
    for (size_t i = 0; i < a->size(); ++i) {
        Poco::Dynamic::Var v = a->get(static_cast<unsigned>(i));
        if (v.isString()) out.push_back(v.extract<std::string>());
    }
    return out;
}

std::vector<Object::Ptr> objects(const Object::Ptr& o, const std::string& key) {
    std::vector<Object::Ptr> out;
    if (!o) return out;
    Array::Ptr a = o->getArray(key);
    if (!a) return out;
    for (size_t i = 0; i < a->size(); ++i)
        if (auto e = a->getObject(static_cast<unsigned>(i))) out.push_back(e);
    return out;
}

/// The first value of vCard property `name` ("fn", "email") in a jCard
/// (RFC 7095: ["vcard", [[name, params, type, value], ...]]).
std::string vcardValue(const Object::Ptr& entity, const std::string& name) {
    Array::Ptr card = entity ? entity->getArray("vcardArray") : nullptr;
    if (!card || card->size() < 2) return "";
    Array::Ptr props = card->getArray(1);
    if (!props) return "";
    for (size_t i = 0; i < props->size(); ++i) {
        Array::Ptr p = props->getArray(static_cast<unsigned>(i));
        if (!p || p->size() < 4) continue;
        Poco::Dynamic::Var n = p->get(0), v = p->get(3);
        if (n.isString() && lowerText(n.extract<std::string>()) == name && v.isString())
            return v.extract<std::string>();
    }
    return "";
}

/// The abuse mailbox of an abuse entity's jCard. RIPE writes the role's
/// `e-mail` and its `abuse-mailbox` as two "email" members, the mailbox with
/// {"type": "abuse"}; APNIC marks it with {"pref": "1"}. Else the first e-mail.
std::string abuseMailbox(const Object::Ptr& entity) {
    Array::Ptr card = entity ? entity->getArray("vcardArray") : nullptr;
    Array::Ptr props = card && card->size() >= 2 ? card->getArray(1) : nullptr;
    std::string first, preferred;
    int bestPref = 101;  // RFC 6350 pref is 1-100, 1 the most preferred
    for (size_t i = 0; props && i < props->size(); ++i) {
        Array::Ptr p = props->getArray(static_cast<unsigned>(i));
        if (!p || p->size() < 4) continue;
        Poco::Dynamic::Var n = p->get(0), v = p->get(3);
        if (!n.isString() || lowerText(n.extract<std::string>()) != "email" || !v.isString()) continue;
        const std::string mail = v.extract<std::string>();
        if (mail.empty()) continue;
        if (first.empty()) first = mail;
        Object::Ptr params = p->getObject(1);
        if (lowerText(str(params, "type")) == "abuse") return mail;
        const std::string pref = str(params, "pref");
        if (!pref.empty() && pref.size() <= 3 && pref.find_first_not_of("0123456789") == std::string::npos &&
            std::stoi(pref) < bestPref) {
            bestPref = std::stoi(pref);
            preferred = mail;
        }
    }
    return preferred.empty() ? first : preferred;
}

bool hasRole(const Object::Ptr& entity, const std::string& role) {
    auto roles = strings(entity, "roles");
    return std::find(roles.begin(), roles.end(), role) != roles.end();
}

/// Depth-first: the entities of `o` and theirs, each with the role path that led to it.
void walkEntities(const Object::Ptr& o, std::vector<Object::Ptr>& out, int depth = 0) {
    if (depth > 4) return;  // registries nest two or three levels; deeper is a loop or abuse
    for (const auto& e : objects(o, "entities")) {
        out.push_back(e);
        walkEntities(e, out, depth + 1);
    }
}

/// RFC 9537: each redaction's name ("Registrant Email"), listed as the registry wrote it.
void readRedactions(const Object::Ptr& o, Summary& s) {
    for (const auto& r : objects(o, "redacted")) {
        Object::Ptr name = r->getObject("name");
        std::string n = str(name, "type");
        if (n.empty()) n = str(name, "description");
        if (n.empty()) n = str(r, "prePath");
        if (!n.empty() && std::find(s.redacted.begin(), s.redacted.end(), n) == s.redacted.end())
            s.redacted.push_back(n);
    }
}

void readEvents(const Object::Ptr& o, Summary& s) {
    for (const auto& e : objects(o, "events")) {
        const std::string action = lowerText(str(e, "eventAction"));
        Text when = isoUtc(str(e, "eventDate"));
        if (action == "registration" && !s.registered)
            s.registered = when;
        else if ((action == "last changed" || action == "last update") && !s.updated)
            s.updated = when;
        else if (action == "expiration" && !s.expires)
            s.expires = when;
    }
}

void readEntities(const Object::Ptr& o, Summary& s) {
    std::vector<Object::Ptr> all;
    walkEntities(o, all);
    for (const auto& e : all) {
        SummaryEntity row;
        row.handle = str(e, "handle");
        row.roles = strings(e, "roles");
        const std::string label = row.roles.empty() ? (row.handle.empty() ? "entity" : row.handle) : row.roles.front();
        row.name = keepUnlessRedacted(s, label + ".name", vcardValue(e, "fn"));
        row.email = keepUnlessRedacted(s, label + ".email", vcardValue(e, "email"));
        if (!s.abuse_email && hasRole(e, "abuse"))
            s.abuse_email = keepUnlessRedacted(s, label + ".email", abuseMailbox(e));
        if (!s.registrar && hasRole(e, "registrar")) s.registrar = row.name;
        s.entities.push_back(std::move(row));
    }
}

/// A network bound in one form (RFC 5952 for IPv6): RIPE writes IPv6 bounds
/// with the prefix length ("2001:db8::/48", even "62.239.237.0/32"), ARIN's
/// older answers zero-pad ("074.125.000.000") or write every IPv6 group
/// ("2001:4860:0000:...:FFFF"). Text that is no address is kept as written.
std::string addressText(const std::string& raw) {
    const std::string a = trimText(raw.substr(0, raw.find('/')));
    const auto parsed = registryAddress(a);
    return parsed ? parsed->text() : a;
}

void readNetwork(const Object::Ptr& o, Summary& s) {
    s.start_address = keepUnlessRedacted(s, "start_address", addressText(str(o, "startAddress")));
    s.end_address = keepUnlessRedacted(s, "end_address", addressText(str(o, "endAddress")));
    for (const auto& c : objects(o, "cidr0_cidrs")) {  // the cidr0 extension
        std::string prefix = str(c, "v4prefix");
        if (prefix.empty()) prefix = str(c, "v6prefix");
        const std::string length = str(c, "length");
        if (isCidrText(prefix + "/" + length)) s.cidr.push_back(prefix + "/" + length);
    }
    if (s.cidr.empty() && s.start_address && s.end_address) s.cidr = cidrsOfRange(*s.start_address, *s.end_address);
}

void readAutnum(const Object::Ptr& o, Summary& s) {
    auto number = [&](const std::string& key) -> std::optional<int64_t> {
        if (!o->has(key)) return std::nullopt;
        Poco::Dynamic::Var v = o->get(key);
        if (!v.isNumeric()) return std::nullopt;
        return v.convert<int64_t>();
    };
    s.start_autnum = number("startAutnum");
    s.end_autnum = number("endAutnum");
    // LACNIC's autnums carry no startAutnum/endAutnum, only the number as the handle ("27648").
    std::string handle = lowerText(str(o, "handle"));
    if (handle.rfind("as", 0) == 0) handle.erase(0, 2);
    if (!s.start_autnum && !s.end_autnum && !handle.empty() && handle.size() <= 10 &&
        handle.find_first_not_of("0123456789") == std::string::npos && std::stoull(handle) <= 0xffffffffULL)
        s.start_autnum = s.end_autnum = static_cast<int64_t>(std::stoull(handle));
}

void readDomain(const Object::Ptr& o, Summary& s, RdapObject& out) {
    s.ldh_name = keepUnlessRedacted(s, "ldh_name", lowerText(str(o, "ldhName")));
    s.unicode_name = keepUnlessRedacted(s, "unicode_name", str(o, "unicodeName"));
    if (!s.unicode_name) s.unicode_name = s.ldh_name;
    if (!s.name) s.name = s.ldh_name;
    for (const auto& ns : objects(o, "nameservers")) {
        std::string n = lowerText(str(ns, "ldhName"));
        while (!n.empty() && n.back() == '.') n.pop_back();
        if (!n.empty()) s.nameservers.push_back(n);
    }
    if (Object::Ptr dnssec = o->getObject("secureDNS"); dnssec && dnssec->has("delegationSigned")) {
        Poco::Dynamic::Var v = dnssec->get("delegationSigned");
        if (v.isBoolean()) s.dnssec_signed = v.extract<bool>();
    }
    for (const auto& link : objects(o, "links")) {
        const std::string rel = lowerText(str(link, "rel"));
        const std::string type = lowerText(str(link, "type"));
        const std::string href = str(link, "href");
        if (rel == "related" && type.find("application/rdap+json") != std::string::npos && href.rfind("http", 0) == 0 &&
            href.find("/domain/") != std::string::npos) {
            out.relatedUrl = href;
            break;
        }
    }
}

}  // namespace

RdapObject readRdapObject(const std::string& body, QueryKind kind, const std::string& serviceUrl) {
    RdapObject out;
    Summary& s = out.summary;
    try {
        Poco::JSON::Parser parser;
        Poco::Dynamic::Var root = parser.parse(body);
        if (root.type() != typeid(Object::Ptr)) {
            out.error = "the registry's answer is not a JSON object";
            return out;
        }
        Object::Ptr o = root.extract<Object::Ptr>();
        const std::string cls = str(o, "objectClassName");
        const char* want = kind == QueryKind::Ip ? "ip network" : kind == QueryKind::Autnum ? "autnum" : "domain";
        // RIPE's answers of 2015 and before carry no objectClassName: the object's own members say what it is.
        const bool legacy = cls.empty() && o->has(kind == QueryKind::Ip       ? "startAddress"
                                                  : kind == QueryKind::Autnum ? "startAutnum"
                                                                              : "ldhName");
        if (cls != want && !legacy) {
            out.error = "the registry answered a '" + cls + "' object, not an '" + want + "'";
            return out;
        }
        readRedactions(o, s);
        s.handle = keepUnlessRedacted(s, "handle", str(o, "handle"));
        s.name = keepUnlessRedacted(s, "name", str(o, "name"));
        s.type = keepUnlessRedacted(s, "type", str(o, "type"));
        s.country = keepUnlessRedacted(s, "country", str(o, "country"));
        s.status = strings(o, "status");
        readEvents(o, s);
        readEntities(o, s);
        if (kind == QueryKind::Ip) readNetwork(o, s);
        if (kind == QueryKind::Autnum) readAutnum(o, s);
        if (kind == QueryKind::Domain) readDomain(o, s, out);
        // port43 names the RIR even when a national registry's server answered; a domain's
        // port43 is often its registrar's WHOIS, so otherwise the host that answered.
        const std::string fromPort43 = registryNameOf(str(o, "port43"));
        s.registry = isRirName(fromPort43) ? fromPort43 : registryNameOf(serviceUrl);
    } catch (const Poco::Exception& e) {
        out.error = "the registry's answer is not JSON: " + e.displayText();
    } catch (const std::exception& e) {
        out.error = std::string("the registry's answer could not be read: ") + e.what();
    }
    return out;
}

Summary mergeThin(Summary reg, const Summary& rar) {
    auto fill = [&](Text& mine, const Text& theirs, const char* field) {
        if (!mine && theirs) {
            mine = theirs;
            reg.provenance[field] = "registrar";
        } else {
            reg.provenance[field] = "registry";
        }
    };
    fill(reg.handle, rar.handle, "handle");
    fill(reg.name, rar.name, "name");
    fill(reg.country, rar.country, "country");
    fill(reg.registered, rar.registered, "registered");
    fill(reg.updated, rar.updated, "updated");
    fill(reg.expires, rar.expires, "expires");
    fill(reg.registrar, rar.registrar, "registrar");
    fill(reg.abuse_email, rar.abuse_email, "abuse_email");
    if (reg.nameservers.empty() && !rar.nameservers.empty()) {
        reg.nameservers = rar.nameservers;
        reg.provenance["nameservers"] = "registrar";
    } else {
        reg.provenance["nameservers"] = "registry";
    }
    reg.provenance["status"] = "registry";
    for (SummaryEntity e : rar.entities) {
        e.from = "registrar";
        reg.entities.push_back(std::move(e));
    }
    for (const auto& r : rar.redacted)
        if (std::find(reg.redacted.begin(), reg.redacted.end(), "registrar:" + r) == reg.redacted.end())
            reg.redacted.push_back("registrar:" + r);
    if (!rar.entities.empty()) reg.provenance["entities"] = "registry+registrar";
    return reg;
}

}  // namespace ipfacts::rdap
