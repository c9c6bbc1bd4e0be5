#include "DnsLookup.h"

#include "DnsResponseWriter.h"

#include <optional>

namespace ipfacts::dns {

std::string lookUpDns(const Host& host, const DnsQuery& query) {
    const DnsAnswers answers = host.dohQueryAll(DnsQuestion{query.asciiName, query.type});
    std::optional<std::string> reason;
    if (!answers.ok() && !host.hasDoh()) {
        reason = std::string(answers.reason());
    } else if (!answers.ok()) {
        // The name passed our checks, so a refusal is the facility's doing:
        // log it for the operator and tell the caller, but still answer.
        const std::string why(answers.reason());
        host.warn("doh refused " + query.type + " " + query.asciiName + ": " + why);
        reason = "the DNS-over-HTTPS resolvers could not be asked: " + why;
    }
    // Stamped after the answers: when they were true.
    return writeDnsResponse(query, answers, reason, ResponseStamp::now(host));
}

}  // namespace ipfacts::dns
