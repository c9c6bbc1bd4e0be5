// SourceWord: what one privacy source says about one flag of one address:
// yes (with the matching prefix or ASN and the date of its data), no, or
// unknown (with the reason, in words that name the degradation).
#pragma once

#include <string>

namespace ipfacts::facilities::privacy {

struct SourceWord {
    enum class Kind { Yes, No, Unknown };
    Kind kind = Kind::No;
    std::string flag;       // "vpn", "proxy", "tor", "relay", "hosting"
    std::string source;     // the provider's name
    std::string match;      // prefix or ASN (Yes)
    std::string data_date;  // ISO 8601 UTC (Yes)
    std::string service;    // the service the match belongs to; empty: none
    std::string reason;     // Unknown

    static SourceWord yes(std::string flag, std::string source, std::string match, std::string date,
                          std::string service = "") {
        SourceWord w;
        w.kind = Kind::Yes;
        w.flag = std::move(flag), w.source = std::move(source), w.match = std::move(match);
        w.data_date = std::move(date), w.service = std::move(service);
        return w;
    }
    static SourceWord no(std::string flag, std::string source) {
        SourceWord w;
        w.flag = std::move(flag), w.source = std::move(source);
        return w;
    }
    static SourceWord unknown(std::string flag, std::string source, std::string reason) {
        SourceWord w;
        w.kind = Kind::Unknown;
        w.flag = std::move(flag), w.source = std::move(source), w.reason = std::move(reason);
        return w;
    }
};

/// Unix seconds as ISO 8601 UTC: 2026-11-26T09:00:00Z.
std::string isoDate(int64_t unix_s);

}  // namespace ipfacts::facilities::privacy
