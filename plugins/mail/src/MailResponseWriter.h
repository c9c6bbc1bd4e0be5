// MailResponseWriter: the MxResponse body of GET /api/v1/mx in
// the shape openapi.json documents: the core fields with their exact names
// (camelCase inside spf and dmarc), and the additions: the per-term lookup
// tree, void lookups, the ip= evaluation, both organizational domains,
// report authorizations, mta_sts and tls_rpt.
#ifndef IPFACTS_PLUGINS_MAIL_MAILRESPONSEWRITER_H
#define IPFACTS_PLUGINS_MAIL_MAILRESPONSEWRITER_H

#include "MailFacts.h"

#include <ipfacts/stamp.hpp>

#include <string>

namespace ipfacts::mail {

/// Writes the body. Thread-safe.
std::string writeMailResponse(const MailFacts& facts, const ResponseStamp& stamp);

}  // namespace ipfacts::mail

#endif
