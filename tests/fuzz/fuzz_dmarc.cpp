// Fuzz target: the mail family's DMARC parser (plugins/mail/src/DmarcParser)
// and the tree walk's names (OrganizationalDomain's treeWalkNames). The
// whole input is a TXT record's text at _dmarc.<domain>.
#include "DmarcParser.h"
#include "OrganizationalDomain.h"

#include "tests/fuzz/FuzzCheck.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using namespace ipfacts::mail;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    const DmarcRecord r = parseDmarc(in);
    FUZZ_CHECK(r.raw == in);
    FUZZ_CHECK(r.valid == r.errors.empty());
    FUZZ_CHECK(isDmarcRecord(in) == (r.version == "DMARC1"));
    if (r.valid) FUZZ_CHECK(r.policy.has_value());
    FUZZ_CHECK(!r.percent || (*r.percent >= 0 && *r.percent <= 100));
    FUZZ_CHECK(!r.reportInterval || *r.reportInterval >= 0);
    for (const auto* p : {&r.policy, &r.subdomainPolicy, &r.nonexistentPolicy})
        FUZZ_CHECK(!*p || **p == "none" || **p == "quarantine" || **p == "reject");
    for (size_t i = 0; i < r.tags.size(); ++i)  // each tag once
        for (size_t j = i + 1; j < r.tags.size(); ++j) FUZZ_CHECK(r.tags[i].first != r.tags[j].first);
    for (const auto* list : {&r.aggregateReports, &r.forensicReports})
        for (const DmarcReportUri& u : *list) {
            FUZZ_CHECK(u.uri.find(':') != std::string::npos);
            if (u.domain) FUZZ_CHECK(!u.domain->empty() && u.domain->size() <= 253);
        }
    FUZZ_CHECK(r.removedTags.size() <= 3);

    // The tree walk: at most 8 names, each a suffix of the previous one.
    const std::string name(in.substr(0, std::min<size_t>(in.size(), 300)));
    if (!name.empty() && name.find('\0') == std::string::npos) {
        const std::vector<std::string> names = treeWalkNames(name);
        FUZZ_CHECK(!names.empty() && names.size() <= kMaxTreeWalkNames && names.front() == name);
        for (size_t i = 1; i < names.size(); ++i) {
            const std::string& longer = names[i - 1];
            FUZZ_CHECK(names[i].size() < longer.size());
            FUZZ_CHECK(longer.compare(longer.size() - names[i].size(), names[i].size(), names[i]) == 0);
        }
    }
    return 0;
}
