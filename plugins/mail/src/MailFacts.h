// MailFacts: everything /api/v1/mx found for one domain, before it is
// written out.
#ifndef IPFACTS_PLUGINS_MAIL_MAILFACTS_H
#define IPFACTS_PLUGINS_MAIL_MAILFACTS_H

#include "DmarcLookup.h"
#include "MtaStsCheck.h"
#include "MxRecords.h"
#include "SpfEvaluator.h"
#include "SpfTree.h"
#include "TlsRptRecord.h"

#include <ipfacts/reasons.hpp>

#include <optional>
#include <string>
#include <vector>

namespace ipfacts::mail {

struct TlsRptFacts {
    std::optional<TlsRptRecord> record;  ///< when there is exactly one
    std::vector<std::string> errors;     ///< several records, failed lookup
};

struct MailFacts {
    std::string domain;       ///< as given
    std::string asciiDomain;  ///< A-label form
    MxFacts mx;
    SpfCheck spf;
    std::optional<SpfEvaluation> evaluation;  ///< with ip=
    DmarcFacts dmarc;
    MtaStsFacts mtaSts;
    TlsRptFacts tlsRpt;
    int dnsQuestions = 0;  ///< questions this request asked
    Reasons reasons;
};

}  // namespace ipfacts::mail

#endif
