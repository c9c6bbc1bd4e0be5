// TlsRptRecord: the SMTP TLS reporting record at _smtp._tls.<domain>
// (RFC 8460 3): "v=TLSRPTv1; rua=mailto:...,https://...". Text in, value out.
#ifndef IPFACTS_PLUGINS_MAIL_TLSRPTRECORD_H
#define IPFACTS_PLUGINS_MAIL_TLSRPTRECORD_H

#include <string>
#include <string_view>
#include <vector>

namespace ipfacts::mail {

struct TlsRptRecord {
    std::string raw;
    bool valid = false;
    std::vector<std::string> reportUris;  ///< rua: mailto: and https: destinations
    std::vector<std::string> errors;
};

/// True when a TXT text starts with "v=TLSRPTv1".
bool isTlsRptRecord(std::string_view text);
/// Parses the record: rua required, each URI mailto: or https:.
TlsRptRecord parseTlsRpt(std::string_view text);

}  // namespace ipfacts::mail

#endif
