#include "TlsRptRecord.h"

#include "MailText.h"

namespace ipfacts::mail {
namespace {

bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

}  // namespace

bool isTlsRptRecord(std::string_view text) { return trimmed(text.substr(0, text.find(';'))) == "v=TLSRPTv1"; }

TlsRptRecord parseTlsRpt(std::string_view text) {
    TlsRptRecord r;
    r.raw = std::string(text);
    if (!isTlsRptRecord(text)) {
        r.errors.push_back("the record does not start with v=TLSRPTv1");
        return r;
    }
    bool sawRua = false;
    for (size_t start = text.find(';'); start != std::string_view::npos;) {
        const size_t end = text.find(';', start + 1);
        const std::string_view field =
            trimmed(text.substr(start + 1, end == std::string_view::npos ? end : end - start - 1));
        start = end;
        const size_t eq = field.find('=');
        if (field.empty() || eq == std::string_view::npos || trimmed(field.substr(0, eq)) != "rua") continue;
        if (sawRua) {
            r.errors.push_back("rua: given more than once");
            continue;
        }
        sawRua = true;
        std::string_view list = trimmed(field.substr(eq + 1));
        for (size_t at = 0; at <= list.size() && r.reportUris.size() < 32;) {
            size_t comma = list.find(',', at);
            if (comma == std::string_view::npos) comma = list.size();
            const std::string_view uri = trimmed(list.substr(at, comma - at));
            at = comma + 1;
            if (startsWith(uri, "mailto:") && uri.find('@') != std::string_view::npos)
                r.reportUris.emplace_back(uri);
            else if (startsWith(uri, "https://") && uri.size() > 8)
                r.reportUris.emplace_back(uri);
            else
                r.errors.push_back("rua: '" + std::string(uri) + "' is not a mailto: or https: URI");
        }
    }
    if (!sawRua) r.errors.push_back("rua: the field is required");
    r.valid = r.errors.empty();
    return r;
}

}  // namespace ipfacts::mail
