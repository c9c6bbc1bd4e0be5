#include "DnsLookup.h"

#include "DnsResponseWriter.h"

#include <optional>
#include <vector>

namespace ipfacts::dns {

std::string lookUpDns(const Host& host, const DnsQuery& query) {
    std::vector<DnsAnswer> answers;
    std::optional<std::string> reason;
    if (!host.hasDoh()) {
        reason = std::string(kNoDohReason);
    } else {
        try {
            answers = host.dohQueryAll(DnsQuestion{query.asciiName, query.type});
        } catch (const DnsUnavailable& e) {
            // The name passed our checks, so a refusal is the facility's doing:
            // log it for the operator and tell the caller, but still answer.
            host.warn("doh refused " + query.type + " " + query.asciiName + ": " + e.what());
            reason = std::string("the DNS-over-HTTPS resolvers could not be asked: ") + e.what();
        }
    }
    const std::string checkedAt = host.checkedAt();  // after the answers: when they were true
    return writeDnsResponse(query, answers, reason, ResponseStamp{checkedAt, host.serviceHost()});
}

}  // namespace ipfacts::dns
