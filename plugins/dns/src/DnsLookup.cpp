#include "DnsLookup.h"

#include "DnsResponseWriter.h"

#include <ipfacts/dns_answers.hpp>

#include <optional>

namespace ipfacts::dns {

namespace {

/// No DNS response, or one that does not answer the question (SERVFAIL,
/// REFUSED, ...); NXDOMAIN and NODATA are answers.
bool failed(const DnsAnswerView& answer) { return !responded(answer) || answerFailure(answer).has_value(); }

}  // namespace

DnsReply lookUpDns(const Host& host, const DnsQuery& query) {
    const DnsAnswers answers = host.dohQueryAll(DnsQuestion{query.asciiName, query.type});
    std::optional<std::string> reason;
    if (!answers.ok()) {
        // The name passed our checks, so a refusal is the facility's doing:
        // log it for the operator and tell the caller, but still answer.
        const std::string why(answers.reason());
        host.warn("doh refused " + query.type + " " + query.asciiName + ": " + why);
        reason = "the DNS-over-HTTPS resolvers could not be asked: " + why;
    }
    // A refusal passes (it is logged above). The doh facility is always
    // there: the plugin requires it, so the host loads it only with one.
    bool transient = !answers.ok();
    for (const DnsAnswerView answer : answers) transient = transient || failed(answer);
    // Stamped after the answers: when they were true.
    return {writeDnsResponse(query, answers, reason, ResponseStamp::now(host)), transient};
}

}  // namespace ipfacts::dns
