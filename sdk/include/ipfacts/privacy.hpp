// ipfacts/privacy.hpp — the `privacy` object of an IpReport (docs/api.md) and
// its reasons, written the same way by every plugin that reports it (/json
// and /api/v1/ip with full=1, /api/v1/lookup with privacy=1). Header-only, C++17.
//
//   ipfacts::Result<ipfacts::PrivacyFacts> a = ipfacts::privacyOf(host, address);   // plugin.hpp
//   if (a) { w.key("privacy"); ipfacts::writePrivacy(w, *a); ipfacts::addPrivacyReasons(reasons, *a);
//   } else { w.fieldNull("privacy"); reasons.add("privacy", std::string(a.reason())); }
#ifndef IPFACTS_PRIVACY_HPP
#define IPFACTS_PRIVACY_HPP

#include <ipfacts/json.hpp>
#include <ipfacts/reasons.hpp>
#include <ipfacts/views.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts {

namespace detail {
inline void writeTriFlag(JsonWriter& w, std::string_view key, const std::optional<bool>& v) {
    w.key(key);
    if (v)
        w.value(*v);
    else
        w.null();
}
}  // namespace detail

/// Writes the privacy object as the next value of `w`: the five flags (null
/// where unknown), `service` (null when none is known) and `evidence`, one
/// row per source that made a flag true and per operator override.
inline void writePrivacy(JsonWriter& w, const PrivacyFacts& f) {
    w.beginObject();
    detail::writeTriFlag(w, "vpn", f.vpn);
    detail::writeTriFlag(w, "proxy", f.proxy);
    detail::writeTriFlag(w, "tor", f.tor);
    detail::writeTriFlag(w, "relay", f.relay);
    detail::writeTriFlag(w, "hosting", f.hosting);
    w.field("service", f.service);
    w.key("evidence").beginArray();
    for (const PrivacyEvidence& e : f.evidence) {
        w.beginObject();
        w.field("flag", e.flag);
        w.field("value", e.value);
        w.field("source", e.source);
        w.field("match", e.match);
        w.field("data_date", e.data_date);
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

/// The privacy object as JSON text.
inline std::string privacyJson(const PrivacyFacts& f) {
    JsonWriter w;
    writePrivacy(w, f);
    return w.take();
}

/// The reason key of one privacy flag in a response's `reasons`: "privacy.vpn".
inline std::string privacyReasonKey(std::string_view flag) { return "privacy." + std::string(flag); }

/// Adds each unknown flag's reason to `reasons`, keyed "privacy.<flag>".
inline void addPrivacyReasons(Reasons& reasons, const PrivacyFacts& f) {
    for (const PrivacyReason& r : f.reasons) reasons.add(privacyReasonKey(r.field), r.text);
}

}  // namespace ipfacts

#endif
