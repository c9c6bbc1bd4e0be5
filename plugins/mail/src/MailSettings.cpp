#include "MailSettings.h"

#include "MailPlugin.h"

#include <ipfacts/config.hpp>

namespace ipfacts::mail {

MailSettings readMailSettings(const Host& host) {
    const Config config(host, MailPlugin::kConfig);
    auto integer = [&](const char* key) { return static_cast<int>(config.integer(key)); };
    MailSettings s;
    s.dns.maxQuestions = integer("max_dns_questions");
    s.dns.budgetMs = integer("dns_budget_ms");
    s.spf.maxDepth = integer("spf_max_depth");
    s.spf.maxRecords = integer("spf_max_records");
    s.mtaSts.timeoutMs = integer("mta_sts_timeout_ms");
    s.mtaSts.port = integer("mta_sts_port");
    return s;
}

}  // namespace ipfacts::mail
