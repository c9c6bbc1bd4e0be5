#include "MtaStsCheck.h"

#include "TxtText.h"

namespace ipfacts::mail {
namespace {

/// A failed fetch the domain's owner did not cause: anything but a refused
/// certificate ("TLS: ...", a fact of the policy host) or an address the
/// guard refuses ("refused: ...", one this service never contacts).
bool failedInPassing(std::string_view error) {
    return error.rfind("TLS: ", 0) != 0 && error.rfind("refused: ", 0) != 0;
}

void fetchPolicy(const Host& host, const MtaStsFetch& fetch, MtaStsFacts& facts) {
    HttpCall call;
    call.url = facts.policyUrl;
    call.timeout_ms = fetch.timeoutMs;
    call.max_body_bytes = fetch.maxBodyBytes;
    call.max_redirects = 0;  // RFC 8461 3.3: redirects are not followed
    const HttpReplies replies = host.fetchAll({call});
    if (!replies.ok() || replies.empty()) {
        facts.policyError = "not fetched: " + std::string(replies.ok() ? "no reply" : replies.reason());
        facts.failed = true;
        return;
    }
    const HttpReplyView reply = replies.front();
    if (std::optional<std::string_view> error = reply.error(); error && !error->empty()) {
        facts.policyError = "the policy fetch failed: " + std::string(*error);
        facts.failed = failedInPassing(*error);
        return;
    }
    facts.policyStatus = reply.status();
    if (reply.status() != 200) {
        facts.policyError =
            "the policy URL answered HTTP " + std::to_string(reply.status()) + " (RFC 8461 3.3 needs 200)";
        return;
    }
    facts.policyFetched = true;
    facts.policy = parseMtaStsPolicy(reply.body());
    const std::string type(reply.header("content-type").value_or(""));
    if (type.rfind("text/plain", 0) != 0)
        facts.policy->errors.push_back("the policy is served as '" + type + "', not text/plain (RFC 8461 3.2)");
    facts.policy->valid = facts.policy->errors.empty();
}

void checkCoverage(const MxFacts& mx, MtaStsFacts& facts) {
    if (!facts.policy || mx.records.empty()) return;
    bool all = true;
    for (const MxHost& h : mx.records) {
        MxCoverage c;
        c.host = h.host;
        for (const std::string& pattern : facts.policy->mx)
            if (mxMatchesPattern(h.host, pattern)) {
                c.covered = true;
                c.pattern = pattern;
                break;
            }
        all = all && c.covered;
        facts.coverage.push_back(std::move(c));
    }
    facts.allMxCovered = all;
}

}  // namespace

MtaStsFacts checkMtaSts(const Host& host, MailDns& dns, const std::string& domain, const MxFacts& mx,
                        const MtaStsFetch& fetch) {
    MtaStsFacts facts;
    facts.policyUrl = "https://mta-sts." + domain + (fetch.port == 443 ? "" : ":" + std::to_string(fetch.port)) +
                      "/.well-known/mta-sts.txt";
    const std::string qname = "_mta-sts." + domain;
    const MailAnswer& txt = dns.get(qname, "TXT");
    if (!txt.usable()) {
        facts.errors.push_back("the TXT lookup of " + qname + " failed: " + txt.why);
        facts.policyError = "not fetched: the TXT record could not be read";
        facts.failed = true;
        return facts;
    }
    std::vector<std::string> records;
    for (const std::string& data : txt.data)
        if (std::string text = joinTxtStrings(data); isMtaStsRecord(text)) records.push_back(std::move(text));
    if (records.empty()) {
        facts.policyError = "not fetched: no v=STSv1 record at " + qname + ", so senders do not look for a policy";
        return facts;
    }
    if (records.size() > 1) {
        facts.errors.push_back(std::to_string(records.size()) + " v=STSv1 records at " + qname +
                               ": RFC 8461 3.1 says senders then assume no MTA-STS");
        facts.policyError = "not fetched: several records";
        return facts;
    }
    facts.record = parseMtaStsRecord(records.front());
    fetchPolicy(host, fetch, facts);
    checkCoverage(mx, facts);
    return facts;
}

}  // namespace ipfacts::mail
