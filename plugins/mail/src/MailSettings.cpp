#include "MailSettings.h"

#include <stdexcept>
#include <string>

namespace ipfacts::mail {
namespace {

int integerKey(const Host& host, const char* key, int fallback, int low, int high) {
    const std::optional<std::string> text = host.config(key);
    if (!text) return fallback;
    size_t used = 0;
    long value = 0;
    try {
        value = std::stol(*text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != text->size() || value < low || value > high)
        throw std::runtime_error(std::string("mail: config key `") + key + "` must be an integer from " +
                                 std::to_string(low) + " to " + std::to_string(high) + ", not '" + *text + "'");
    return static_cast<int>(value);
}

}  // namespace

MailSettings readMailSettings(const Host& host) {
    MailSettings s;
    s.dns.maxQuestions = integerKey(host, "max_dns_questions", 150, 10, 1000);
    s.dns.budgetMs = integerKey(host, "dns_budget_ms", 5000, 100, 60000);
    s.spf.maxDepth = integerKey(host, "spf_max_depth", 10, 1, 20);
    s.spf.maxRecords = integerKey(host, "spf_max_records", 40, 1, 200);
    s.mtaSts.timeoutMs = integerKey(host, "mta_sts_timeout_ms", 3000, 100, 60000);
    s.mtaSts.port = integerKey(host, "mta_sts_port", 443, 1, 65535);
    return s;
}

}  // namespace ipfacts::mail
