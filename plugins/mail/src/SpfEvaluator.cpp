#include "SpfEvaluator.h"

#include "MailText.h"
#include "SpfMacro.h"
#include "SpfParser.h"
#include "SpfTree.h"

#include <ipfacts/dns_answers.hpp>
#include <ipfacts/dns_name.hpp>

#include <algorithm>
#include <optional>

namespace ipfacts::mail {
namespace {

constexpr size_t kMaxPtrNames = 10;  // RFC 7208 5.5

enum class Match { Yes, No, TempError, PermError, Skipped };

struct Outcome {
    std::string result;  // one of the seven
    std::string reason;
};

bool inPrefix(const Address& a, const Address& network, int bits) {
    if (a.version != network.version) return false;
    const int full = bits / 8, rest = bits % 8;
    for (int i = 0; i < full; ++i)
        if (a.bytes[i] != network.bytes[i]) return false;
    if (rest == 0) return true;
    const unsigned mask = (0xffu << (8 - rest)) & 0xffu;
    return (a.bytes[full] & mask) == (network.bytes[full] & mask);
}

std::string qualifierResult(char q) {
    switch (q) {
        case '-':
            return "fail";
        case '~':
            return "softfail";
        case '?':
            return "neutral";
        default:
            return "pass";
    }
}

// RFC 7208 7.3: the sender's parts; a mailbox without a local part is postmaster's.
MacroValues senderValues(const SpfSender& sender) {
    MacroValues v;
    v.helo = sender.helo;
    if (!sender.mailbox) return v;
    const size_t at = sender.mailbox->rfind('@');
    std::string local = at == std::string::npos ? std::string() : sender.mailbox->substr(0, at);
    std::string domain = at == std::string::npos ? *sender.mailbox : sender.mailbox->substr(at + 1);
    if (local.empty()) local = "postmaster";
    v.sender = local + "@" + domain;
    v.localPart = local;
    v.senderDomain = domain;
    return v;
}

// RFC 7208 7.3: an expanded name longer than 253 bytes loses labels on the left.
void truncateLeft(std::string& name) {
    while (name.size() > kMaxDnsNameBytes) {
        const size_t dot = name.find('.');
        if (dot == std::string::npos) return name.clear();
        name.erase(0, dot + 1);
    }
}

// A name a DNS question can carry: 1-253 bytes, labels of 1-63. A macro can
// expand to anything (a HELO name with a 70-byte label): such a target
// names nothing (RFC 7208 4.3: a malformed domain is "none").
bool isLookupName(std::string_view name) {
    if (name.empty() || name.size() > kMaxDnsNameBytes) return false;
    for (std::string_view label : splitOn(name, '.'))
        if (label.empty() || label.size() > kMaxDnsLabelBytes) return false;
    return true;
}

class Evaluator {
public:
    Evaluator(MailDns& dns, const Address& ip, const SpfSender& sender, SpfEvaluation& out)
        : dns_(dns), ip_(ip), ipText_(ip.text()), values_(senderValues(sender)), out_(out) {
        values_.ip = ipText_;
        values_.version = ip_.version;
    }

    // check_host(ip, domain): the result, with out_.path filled.
    Outcome checkHost(const std::string& domain, int depth) {
        if (depth > kSpfLookupLimit)
            return {"permerror", "more than " + std::to_string(kSpfLookupLimit) + " levels of include/redirect"};
        if (!isLookupName(domain)) return {"none", "'" + domain + "' is not a domain name that can be looked up"};
        const MailAnswer& txt = dns_.get(domain, "TXT");
        if (!txt.usable()) return {"temperror", "the TXT lookup of " + domain + " failed: " + txt.why};
        const std::vector<std::string> records = spfRecordsIn(txt);
        if (records.empty()) return {"none", "no SPF record at " + domain};
        if (records.size() > 1) return {"permerror", std::to_string(records.size()) + " SPF records at " + domain};
        const SpfRecord record = parseSpf(records.front());
        if (!record.valid)
            return {"permerror", "syntax error in the record of " + domain + ": " + record.errors.front()};
        for (const SpfTerm& term : record.terms) {
            if (term.countsTowardLimit && ++out_.lookupCount > kSpfLookupLimit)
                return step(domain, term,
                            {"permerror", "more than " + std::to_string(kSpfLookupLimit) + " DNS-querying terms"});
            std::optional<Outcome> decided = evaluateTerm(domain, term, depth);
            if (decided) return *decided;
        }
        const SpfTerm* redirect = record.modifierNamed("redirect");
        if (redirect) {
            if (++out_.lookupCount > kSpfLookupLimit)
                return step(domain, *redirect,
                            {"permerror", "more than " + std::to_string(kSpfLookupLimit) + " DNS-querying terms"});
            std::optional<std::string> target = targetOf(domain, *redirect);
            if (!target)
                return step(domain, *redirect,
                            {"neutral", "redirect target needs the sender to expand; not evaluated"});
            const size_t mark = out_.path.size();
            out_.path.push_back(SpfStep{domain, redirect->text, "redirect"});
            Outcome o = checkHost(*target, depth + 1);
            if (o.result == "none") o = {"permerror", "redirect to " + *target + ", which has no SPF record"};
            out_.path[mark].result = o.result;
            return o;
        }
        out_.path.push_back(SpfStep{domain, "(default)", "neutral"});
        return {"neutral", "no term matched and there is no redirect: the default result is neutral"};
    }

private:
    Outcome step(const std::string& domain, const SpfTerm& term, Outcome o) {
        out_.path.push_back(SpfStep{domain, term.text, o.result + (o.reason.empty() ? "" : ": " + o.reason)});
        return o;
    }

    std::optional<std::string> targetOf(const std::string& domain, const SpfTerm& term) {
        if (!term.value) return domain;
        MacroValues values = values_;
        values.domain = domain;
        if (usesMacroLetter(*term.value, 'p')) values.validatedName = validatedName(domain);
        std::optional<std::string> t = expandMacros(*term.value, values);
        if (t && !t->empty() && t->back() == '.') t->pop_back();
        if (t) truncateLeft(*t);
        return t;
    }

    // RFC 7208 7.3 %{p}: a validated name of the address, the domain or one
    // under it first; "unknown" when there is none.
    std::string validatedName(const std::string& domain) {
        const std::vector<std::string> names = validatedNames();
        for (const std::string& n : names)
            if (isAtOrUnder(n, domain)) return n;
        return names.empty() ? "unknown" : names.front();
    }

    static bool isAtOrUnder(const std::string& name, const std::string& domain) {
        return sameDnsText(name, domain) ||
               (name.size() > domain.size() && name[name.size() - domain.size() - 1] == '.' &&
                sameDnsText(std::string_view(name).substr(name.size() - domain.size()), domain));
    }

    // RFC 7208 5.5: the PTR names of the address (at most 10) whose own
    // addresses include it. A failed lookup gives none.
    std::vector<std::string> validatedNames() {
        const MailAnswer& ptr = dns_.get(arpaName(ip_), "PTR");
        std::vector<std::string> names, validated;
        for (const std::string& data : ptr.data) {
            std::string n(hostnameOf(data));
            if (!n.empty() && names.size() < kMaxPtrNames) names.push_back(n);
        }
        std::vector<DnsQuestion> qs;
        for (const std::string& n : names) qs.push_back(DnsQuestion{n, addressType()});
        dns_.ask(qs);
        for (const std::string& n : names)
            for (const std::string& data : dns_.get(n, addressType()).data)
                if (std::optional<Address> address = parseAddress(data); address && *address == ip_) {
                    validated.push_back(n);
                    break;
                }
        return validated;
    }

    // A void answer counts against the limit of two (RFC 7208 4.6.4).
    bool overVoidLimit(const MailAnswer& a) { return a.isVoid() && ++out_.voidLookupCount > kSpfVoidLookupLimit; }

    std::optional<Outcome> evaluateTerm(const std::string& domain, const SpfTerm& term, int depth) {
        if (term.name == "include") return include(domain, term, depth);
        Match m = Match::No;
        std::string why;
        if (term.name == "all")
            m = Match::Yes;
        else if (term.name == "ip4" || term.name == "ip6")
            m = network(term);
        else {
            std::optional<std::string> target = targetOf(domain, term);
            if (!target) {
                out_.skipped.push_back(
                    domain + ": '" + term.text +
                    "' needs a macro value the request did not give (sender=, helo=); not evaluated");
                return std::nullopt;
            }
            if (!isLookupName(*target)) return std::nullopt;  // names nothing: no match
            if (term.name == "a")
                m = addressMatch(*target, term, why);
            else if (term.name == "mx")
                m = mxMatch(*target, term, why);
            else if (term.name == "exists")
                m = exists(*target, why);
            else if (term.name == "ptr")
                m = ptrMatch(*target, why);
        }
        switch (m) {
            case Match::Yes: {
                const std::string r = qualifierResult(term.qualifier);
                out_.path.push_back(SpfStep{domain, term.text, "match"});
                return Outcome{r, "'" + term.text + "' in the record of " + domain + " matched " + ip_.text()};
            }
            case Match::TempError:
                return step(domain, term, {"temperror", why});
            case Match::PermError:
                return step(domain, term, {"permerror", why});
            default:
                return std::nullopt;
        }
    }

    std::optional<Outcome> include(const std::string& domain, const SpfTerm& term, int depth) {
        std::optional<std::string> target = targetOf(domain, term);
        if (!target) {
            out_.skipped.push_back(domain + ": '" + term.text +
                                   "' needs a macro value the request did not give (sender=, helo=); not evaluated");
            return std::nullopt;
        }
        const size_t mark = out_.path.size();
        out_.path.push_back(SpfStep{domain, term.text, ""});
        const Outcome inner = checkHost(*target, depth + 1);
        out_.path[mark].result = inner.result;
        if (inner.result == "pass") {
            const std::string r = qualifierResult(term.qualifier);
            return Outcome{r, "'" + term.text + "' in the record of " + domain + " passed (" + inner.reason + ")"};
        }
        if (inner.result == "temperror" || inner.result == "permerror") return inner;
        if (inner.result == "none")
            return Outcome{"permerror", "'" + term.text + "': " + *target + " has no SPF record (RFC 7208 5.2)"};
        out_.path.resize(mark);  // fail, softfail, neutral: not a match, evaluation goes on
        return std::nullopt;
    }

    Match network(const SpfTerm& term) {
        std::optional<Address> net = parseAddress(term.value.value_or(""));
        if (!net) return Match::No;
        const int bits = term.name == "ip4" ? term.cidr4.value_or(32) : term.cidr6.value_or(128);
        return inPrefix(ip_, *net, bits) ? Match::Yes : Match::No;
    }

    // Whether an answer of A/AAAA holds an address within the term's prefix.
    Match addressesMatch(const MailAnswer& a, const SpfTerm& term) {
        const int bits = ip_.version == 4 ? term.cidr4.value_or(32) : term.cidr6.value_or(128);
        for (const std::string& data : a.data)
            if (std::optional<Address> address = parseAddress(data); address && inPrefix(ip_, *address, bits))
                return Match::Yes;
        return Match::No;
    }

    const char* addressType() const { return ip_.version == 4 ? "A" : "AAAA"; }

    Match lookupFailed(const MailAnswer& a, std::string& why, const std::string& what) {
        why = what + " failed: " + a.why;
        return Match::TempError;
    }

    Match addressMatch(const std::string& target, const SpfTerm& term, std::string& why) {
        const MailAnswer& a = dns_.get(target, addressType());
        if (!a.usable()) return lookupFailed(a, why, std::string("the ") + addressType() + " lookup of " + target);
        if (overVoidLimit(a)) return why = "more than 2 void lookups", Match::PermError;
        return addressesMatch(a, term);
    }

    Match mxMatch(const std::string& target, const SpfTerm& term, std::string& why) {
        const MailAnswer& mx = dns_.get(target, "MX");
        if (!mx.usable()) return lookupFailed(mx, why, "the MX lookup of " + target);
        if (overVoidLimit(mx)) return why = "more than 2 void lookups", Match::PermError;
        if (static_cast<int>(mx.data.size()) > kSpfMxNameLimit)
            return why = target + " has more than 10 MX names", Match::PermError;
        std::vector<DnsQuestion> qs;
        std::vector<std::string> hosts;
        for (const std::string& data : mx.data) {
            const size_t space = data.find(' ');
            std::string host = space == std::string::npos ? data : data.substr(space + 1);
            if (!host.empty() && host.back() == '.') host.pop_back();
            if (host.empty()) continue;
            hosts.push_back(host);
            qs.push_back(DnsQuestion{host, addressType()});
        }
        dns_.ask(qs);
        for (const std::string& host : hosts) {
            const MailAnswer& a = dns_.get(host, addressType());
            if (!a.usable()) return lookupFailed(a, why, std::string("the ") + addressType() + " lookup of " + host);
            if (addressesMatch(a, term) == Match::Yes) return Match::Yes;
        }
        return Match::No;
    }

    Match exists(const std::string& target, std::string& why) {
        const MailAnswer& a = dns_.get(target, "A");
        if (!a.usable()) return lookupFailed(a, why, "the A lookup of " + target);
        if (overVoidLimit(a)) return why = "more than 2 void lookups", Match::PermError;
        return a.data.empty() ? Match::No : Match::Yes;
    }

    // RFC 7208 5.5: validated names of the sender address that are the
    // target or end in it.
    Match ptrMatch(const std::string& target, std::string& why) {
        const MailAnswer& ptr = dns_.get(arpaName(ip_), "PTR");
        if (!ptr.usable()) return Match::No;  // 5.5: a failed PTR lookup is no match, not an error
        if (overVoidLimit(ptr)) return why = "more than 2 void lookups", Match::PermError;
        for (const std::string& n : validatedNames())
            if (isAtOrUnder(n, target)) return Match::Yes;
        return Match::No;
    }

    MailDns& dns_;
    const Address ip_;
    const std::string ipText_;
    MacroValues values_;  // the sender's; d is set per term
    SpfEvaluation& out_;
};

}  // namespace

SpfEvaluation evaluateSpf(MailDns& dns, const std::string& domain, const Address& ip, const SpfSender& sender) {
    SpfEvaluation out;
    const Address plain = unmapped(ip);
    out.ip = plain.text();
    out.sender = sender.mailbox;
    out.helo = sender.helo;
    Evaluator evaluator(dns, plain, sender, out);
    const Outcome o = evaluator.checkHost(domain, 0);
    out.result = o.result;
    out.reason = o.reason;
    return out;
}

}  // namespace ipfacts::mail
