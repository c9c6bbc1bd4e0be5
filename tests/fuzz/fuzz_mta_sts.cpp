// Fuzz target: the mail family's MTA-STS and TLS-RPT parsers
// (plugins/mail/src/MtaStsPolicy, TlsRptRecord): the policy file as an
// HTTPS server could serve it, the _mta-sts and _smtp._tls TXT records,
// and mx pattern matching (input split at its first '\n' into host and pattern).
#include "MtaStsPolicy.h"
#include "TlsRptRecord.h"

#include "tests/fuzz/FuzzCheck.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using namespace ipfacts::mail;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view in(reinterpret_cast<const char*>(data), size);

    const MtaStsPolicyFile p = parseMtaStsPolicy(in);
    FUZZ_CHECK(p.valid == p.errors.empty());
    if (p.valid) {
        FUZZ_CHECK(p.version && *p.version == "STSv1");
        FUZZ_CHECK(p.mode && (*p.mode == "enforce" || *p.mode == "testing" || *p.mode == "none"));
        FUZZ_CHECK(p.maxAge && *p.maxAge >= 0 && *p.maxAge <= kMtaStsMaxAge);
        FUZZ_CHECK(*p.mode == "none" || !p.mx.empty());
    }
    FUZZ_CHECK(p.mx.size() <= 64);
    for (const std::string& pattern : p.mx)
        FUZZ_CHECK(mxMatchesPattern(pattern.substr(0, 2) == "*." ? "x" + pattern.substr(1) : pattern, pattern));

    const MtaStsRecord r = parseMtaStsRecord(in);
    FUZZ_CHECK(r.valid == r.errors.empty());
    if (r.valid) FUZZ_CHECK(r.id && !r.id->empty() && r.id->size() <= 32);

    const TlsRptRecord t = parseTlsRpt(in);
    FUZZ_CHECK(t.valid == t.errors.empty());
    if (t.valid) FUZZ_CHECK(!t.reportUris.empty());

    const size_t nl = in.find('\n');
    if (nl != std::string_view::npos) {
        const std::string_view host = in.substr(0, nl), pattern = in.substr(nl + 1);
        const bool matched = mxMatchesPattern(host, pattern);
        if (matched && pattern.substr(0, 2) != "*.") FUZZ_CHECK(host.size() == pattern.size());
        FUZZ_CHECK(matched == mxMatchesPattern(host, pattern));
    }
    return 0;
}
