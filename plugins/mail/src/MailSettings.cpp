#include "MailSettings.h"

#include <ipfacts/config.hpp>

namespace ipfacts::mail {

MailSettings readMailSettings(const Host& host) {
    MailSettings s;
    s.dns.maxQuestions = configInteger(host, "mail", "max_dns_questions", 150, 10, 1000);
    s.dns.budgetMs = configInteger(host, "mail", "dns_budget_ms", 5000, 100, 60000);
    s.spf.maxDepth = configInteger(host, "mail", "spf_max_depth", 10, 1, 20);
    s.spf.maxRecords = configInteger(host, "mail", "spf_max_records", 40, 1, 200);
    s.mtaSts.timeoutMs = configInteger(host, "mail", "mta_sts_timeout_ms", 3000, 100, 60000);
    s.mtaSts.port = configInteger(host, "mail", "mta_sts_port", 443, 1, 65535);
    return s;
}

}  // namespace ipfacts::mail
