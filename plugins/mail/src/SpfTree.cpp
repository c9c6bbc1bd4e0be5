#include "SpfTree.h"

#include "SpfParser.h"
#include "TxtText.h"

#include <ipfacts/dns_answers.hpp>

#include <algorithm>

namespace ipfacts::mail {
namespace {

bool isLoop(const std::vector<std::string>& chain, const std::string& target) {
    return std::any_of(chain.begin(), chain.end(), [&](const std::string& d) { return sameDnsText(d, target); });
}

class TreeWalk {
public:
    TreeWalk(MailDns& dns, const SpfTreeLimits& limits, SpfCheck& check) : dns_(dns), limits_(limits), check_(check) {}

    void visit(SpfNode& node) {
        ++check_.recordsFetched;
        const MailAnswer& txt = dns_.get(node.domain, "TXT");
        if (!txt.usable()) {
            node.problem = "the TXT lookup of " + node.domain + " failed: " + txt.why;
            error(node, *node.problem);
            check_.partial.push_back(where(node) + ": " + *node.problem);
            return;
        }
        node.found = spfRecordsIn(txt);
        if (node.found.empty()) {
            node.problem = txt.status == MailAnswer::Status::NxDomain ? node.domain + " does not exist (NXDOMAIN)"
                                                                      : "no SPF record at " + node.domain;
            return;
        }
        if (node.found.size() > 1) {
            node.problem = std::to_string(node.found.size()) + " SPF records at " + node.domain +
                           " (RFC 7208 4.5: permerror); the first is shown";
            error(node, *node.problem);
        }
        node.record = parseSpf(node.found.front());
        for (const std::string& e : node.record->errors) error(node, e);
        askTermQuestions(node);
        node.termCosts.resize(node.record->terms.size());
        node.modifierCosts.resize(node.record->modifiers.size());
        for (size_t i = 0; i < node.record->terms.size(); ++i) cost(node, node.record->terms[i], node.termCosts[i]);
        for (size_t i = 0; i < node.record->modifiers.size(); ++i)
            cost(node, node.record->modifiers[i], node.modifierCosts[i]);
    }

private:
    static std::string where(const SpfNode& node) { return chainText(node.chain); }
    void error(const SpfNode& node, const std::string& what) {
        check_.errors.push_back(node.chain.size() > 1 ? "in " + where(node) + ": " + what : what);
    }

    static std::string targetOf(const SpfNode& node, const SpfTerm& term) {
        std::string t = term.value.value_or(node.domain);
        if (!t.empty() && t.back() == '.') t.pop_back();
        return t;
    }
    static bool followed(const SpfNode& node, const SpfTerm& term) {
        return term.name == "include" || (term.name == "redirect" && !node.record->all());
    }

    // One batch for everything this record's terms look up.
    void askTermQuestions(const SpfNode& node) {
        std::vector<DnsQuestion> qs;
        auto add = [&](const std::string& name, const char* type) { qs.push_back(DnsQuestion{name, type}); };
        auto each = [&](const std::vector<SpfTerm>& terms) {
            for (const SpfTerm& t : terms) {
                if (t.hasMacro || !t.countsTowardLimit) continue;
                const std::string target = targetOf(node, t);
                if (followed(node, t) && !isLoop(node.chain, target)) add(target, "TXT");
                if (t.name == "a") add(target, "A"), add(target, "AAAA");
                if (t.name == "mx") add(target, "MX");
                if (t.name == "exists") add(target, "A");
            }
        };
        each(node.record->terms);
        each(node.record->modifiers);
        dns_.ask(qs);
    }

    void noteVoid(const SpfNode& node, const SpfTerm& term, SpfTermCost& cost, const std::string& name) {
        cost.voidLookup = true;
        cost.notes.push_back("void lookup: " + name + " has no such records");
        check_.voidLookups.push_back(SpfVoidLookup{term.text, node.domain, where(node), name});
    }

    // Reads a usable answer; notes the failure and returns false otherwise.
    bool usable(const SpfNode& node, const SpfTerm& term, SpfTermCost& cost, const MailAnswer& a,
                const std::string& what) {
        if (a.usable()) return true;
        cost.notes.push_back(what + " failed: " + a.why);
        error(node, "term '" + term.text + "': " + what + " failed: " + a.why);
        if (a.status == MailAnswer::Status::NotAsked || a.why.find("timeout") != std::string::npos)
            check_.partial.push_back(where(node) + ": '" + term.text + "': " + a.why);
        return false;
    }

    void cost(SpfNode& node, const SpfTerm& term, SpfTermCost& cost) {
        if (!term.countsTowardLimit) return;
        if (term.name == "redirect" && node.record->all()) {
            cost.notes.push_back("ignored: the record has an all term (RFC 7208 6.1), so it is never followed");
            return;
        }
        cost.lookups = 1;
        node.lookupCount += 1;
        if (term.hasMacro) {
            cost.notes.push_back("macro not expanded: the service has no sender, so this name is not looked up");
            return;
        }
        const std::string target = targetOf(node, term);
        if (term.name == "ptr") {
            cost.notes.push_back("not looked up: ptr needs the sender's address (give ip= to evaluate it)");
        } else if (term.name == "a") {
            const MailAnswer& v4 = dns_.get(target, "A");
            const MailAnswer& v6 = dns_.get(target, "AAAA");
            if (usable(node, term, cost, v4, "the A lookup of " + target) &&
                usable(node, term, cost, v6, "the AAAA lookup of " + target) && v4.isVoid() && v6.isVoid())
                noteVoid(node, term, cost, target);
        } else if (term.name == "exists") {
            const MailAnswer& a = dns_.get(target, "A");
            if (usable(node, term, cost, a, "the A lookup of " + target) && a.isVoid())
                noteVoid(node, term, cost, target);
        } else if (term.name == "mx") {
            const MailAnswer& mx = dns_.get(target, "MX");
            if (!usable(node, term, cost, mx, "the MX lookup of " + target)) return;
            if (mx.isVoid()) return noteVoid(node, term, cost, target);
            cost.mxNames = static_cast<int>(mx.data.size());
            if (*cost.mxNames > kSpfMxNameLimit)
                error(node, "term '" + term.text + "': " + target + " has " + std::to_string(*cost.mxNames) +
                                " MX names; more than " + std::to_string(kSpfMxNameLimit) +
                                " is a permerror (RFC 7208 4.6.4)");
        } else {
            follow(node, term, cost, target);
        }
    }

    void follow(SpfNode& node, const SpfTerm& term, SpfTermCost& cost, const std::string& target) {
        if (isLoop(node.chain, target)) {
            cost.notes.push_back("not followed: a loop back to " + target);
            error(node, "term '" + term.text + "': " + term.name + " loop: " + where(node) + " -> " + target);
            return;
        }
        if (static_cast<int>(node.chain.size()) > limits_.maxDepth) {
            cost.notes.push_back("not followed: more than " + std::to_string(limits_.maxDepth) + " levels");
            error(node, "term '" + term.text + "': not followed, the chain is deeper than " +
                            std::to_string(limits_.maxDepth) + " levels");
            return;
        }
        if (check_.recordsFetched >= limits_.maxRecords) {
            cost.notes.push_back("not followed: this request already fetched " + std::to_string(limits_.maxRecords) +
                                 " SPF records");
            check_.partial.push_back(where(node) + ": '" + term.text + "' not followed (record limit)");
            return;
        }
        cost.child = std::make_unique<SpfNode>();
        SpfNode& child = *cost.child;
        child.domain = target;
        child.chain = node.chain;
        child.chain.push_back(target);
        visit(child);
        cost.lookups += child.lookupCount;
        node.lookupCount += child.lookupCount;
        if (child.record || !child.problem) return;
        const MailAnswer& txt = dns_.get(target, "TXT");
        if (txt.isVoid()) noteVoid(node, term, cost, target);
        if (txt.usable())
            error(node, "term '" + term.text + "': " + *child.problem + " (" + term.name +
                            " of a domain without SPF is a permerror, RFC 7208 5.2 and 6.1)");
    }

    MailDns& dns_;
    const SpfTreeLimits& limits_;
    SpfCheck& check_;
};

// Walks the tree in evaluation order (terms, then the redirect) and names
// the term whose lookup is number `limit + 1`, with its chain.
bool findCrossing(const SpfNode& node, int& seen, std::string& found) {
    if (!node.record) return false;
    auto visitTerms = [&](const std::vector<SpfTerm>& terms, const std::vector<SpfTermCost>& costs) {
        for (size_t i = 0; i < terms.size() && i < costs.size(); ++i) {
            if (costs[i].lookups == 0) continue;
            if (++seen == kSpfLookupLimit + 1) {
                found = "lookup " + std::to_string(seen) + " is '" + terms[i].text + "' in " + chainText(node.chain);
                return true;
            }
            if (costs[i].child && findCrossing(*costs[i].child, seen, found)) return true;
        }
        return false;
    };
    return visitTerms(node.record->terms, node.termCosts) || visitTerms(node.record->modifiers, node.modifierCosts);
}

}  // namespace

std::string chainText(const std::vector<std::string>& chain) {
    std::string text;
    for (const std::string& d : chain) text += (text.empty() ? "" : " -> ") + d;
    return text;
}

std::vector<std::string> spfRecordsIn(const MailAnswer& txt) {
    std::vector<std::string> found;
    for (const std::string& data : txt.data) {
        std::string text = joinTxtStrings(data);
        if (isSpfRecord(text)) found.push_back(std::move(text));
    }
    return found;
}

SpfCheck checkSpf(MailDns& dns, const std::string& domain, const SpfTreeLimits& limits) {
    SpfCheck check;
    check.root = std::make_unique<SpfNode>();
    check.root->domain = domain;
    check.root->chain = {domain};
    TreeWalk(dns, limits, check).visit(*check.root);
    check.lookupCount = check.root->lookupCount;
    check.exceedsLookupLimit = check.lookupCount > kSpfLookupLimit;
    check.exceedsVoidLookupLimit = static_cast<int>(check.voidLookups.size()) > kSpfVoidLookupLimit;
    if (check.exceedsLookupLimit) {
        int seen = 0;
        std::string crossing;
        findCrossing(*check.root, seen, crossing);
        check.errors.push_back(std::to_string(check.lookupCount) + " DNS-querying terms; more than " +
                               std::to_string(kSpfLookupLimit) + " is a permerror (RFC 7208 4.6.4); " + crossing);
    }
    if (check.exceedsVoidLookupLimit)
        check.errors.push_back(std::to_string(check.voidLookups.size()) + " void lookups; more than " +
                               std::to_string(kSpfVoidLookupLimit) + " is a permerror (RFC 7208 4.6.4)");
    const MailAnswer& type99 = dns.get(domain, "SPF");
    if (type99.status == MailAnswer::Status::Records) check.deprecatedSpfRecord = joinTxtStrings(type99.data.front());
    return check;
}

}  // namespace ipfacts::mail
