#include "MailPlugin.h"

#include "MailQuery.h"
#include "MailResponseWriter.h"
#include "MailSettings.h"

#include <ipfacts/config.hpp>
#include <ipfacts/stamp.hpp>

namespace ipfacts::mail {

MailPlugin::MailPlugin(Host& host)
    : host_(host),
      settings_(readMailSettings(host)),
      psl_(std::make_unique<PublicSuffixList>(Config(host, kConfig).path("public_suffix_list"))) {
    if (!host_.hasHttp()) host_.warn("no http: section in the manifest; /api/v1/mx will not fetch MTA-STS policies");
}

void MailPlugin::mx(Request& req, Response& resp) {
    std::variant<MailQuery, MailQueryError> query = readMailQuery(req);
    if (auto* e = std::get_if<MailQueryError>(&query)) return void(resp.error(400, e->token, e->message));
    const MailQuery& q = std::get<MailQuery>(query);
    const MailFacts facts =
        lookUpMail(host_, *psl_, settings_, q.domain, q.asciiDomain, q.ip, SpfSender{q.sender, q.helo});
    // Stamped after the lookups: when they were true.
    resp.json(writeMailResponse(facts, ResponseStamp::now(host_)));
    // A partial SPF tree, a field null for a reason (a time-out, a failed
    // fetch) or an MTA-STS policy that could not be fetched must not be kept
    // for the route's five minutes.
    if (!facts.spf.partial.empty() || !facts.reasons.empty() || facts.mtaSts.failed) resp.transient();
}

}  // namespace ipfacts::mail

IPFACTS_PLUGIN(ipfacts::mail::MailPlugin, "mail", "1.0.0",
               "MX hosts, SPF with lookup counting and evaluation, DMARC, MTA-STS and TLS-RPT of a domain",
               ipfacts::kOpenApiFragment, IPFACTS_HANDLER(ipfacts::mail::MailPlugin, mx, 0));
