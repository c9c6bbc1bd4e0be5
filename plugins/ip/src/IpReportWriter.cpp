#include "IpReportWriter.h"

#include "JsonString.h"

#include <ipfacts/loc_text.hpp>
#include <ipfacts/location.hpp>
#include <ipfacts/privacy.hpp>

#include <algorithm>
#include <charconv>
#include <cstring>

namespace ipfacts::ip {
namespace {

/// The body is written by hand, not through JsonWriter: the keys and the
/// punctuation between them are constants of the shape, each one copy, and
/// a string value needs one pass (JsonString). Everything is written into
/// the string's spare room through a cursor, not appended piece by piece:
/// some eighty appends per body were a fifth of the cost of a /json request.
/// The string is trimmed to what was written when the Body goes.
class Body {
public:
    explicit Body(std::string& out) : out_(out), end_(out.size()) {}
    ~Body() { out_.resize(end_); }
    Body(const Body&) = delete;
    Body& operator=(const Body&) = delete;

    /// `fragment` holds the punctuation and key before the value: ",\"city\":".
    void str(std::string_view fragment, std::string_view v) {
        char* p = put(room(fragment.size() + jsonStringBound(v.size())), fragment);
        commit(writeJsonString(p, v));
    }
    void str(std::string_view fragment, const std::optional<std::string_view>& v) {
        if (v) return str(fragment, *v);
        commit(put(put(room(fragment.size() + 4), fragment), "null"));
    }
    void integer(std::string_view fragment, int64_t v) {
        char* p = put(room(fragment.size() + 20), fragment);  // 20 bytes hold every int64_t
        commit(std::to_chars(p, p + 20, v).ptr);
    }
    void raw(std::string_view s) { commit(put(room(s.size()), s)); }
    /// "lat,lon" in quotes: digits, '.', '-' and ',', nothing to escape.
    void loc(std::string_view fragment, double latitude, double longitude) {
        char* p = put(room(fragment.size() + kLocTextCapacity + 2), fragment);
        *p++ = '"';
        p = writeLocText(p, latitude, longitude);
        *p++ = '"';
        commit(p);
    }
    /// The string as written so far, for a writer that appends to it itself;
    /// call resume() after it.
    std::string& text() {
        out_.resize(end_);
        return out_;
    }
    void resume() { end_ = out_.size(); }

private:
    /// Where the next `n` bytes go; the string grows (zero-filled, within
    /// its kept capacity after the first bodies) when its spare room is short.
    char* room(size_t n) {
        if (out_.size() - end_ < n) out_.resize(std::max({end_ + n, end_ + 1024, 2 * out_.size()}));
        return out_.data() + end_;
    }
    static char* put(char* p, std::string_view s) {
        std::memcpy(p, s.data(), s.size());
        return p + s.size();
    }
    void commit(char* end) { end_ = static_cast<size_t>(end - out_.data()); }

    std::string& out_;
    size_t end_;  // bytes written; the string is larger while the Body writes
};

// Milliseconds with exactly 3 decimals: the kernel measures in microseconds,
// so that is all the precision there is. Integer arithmetic gives the same
// digits as printf("%.3f", us / 1000.0): us / 1000.0 is within far less than
// half a thousandth of the decimal value, so rounding to 3 decimals restores it.
void writeRtt(Body& b, int64_t rttUs) {
    if (rttUs < 0) return b.raw(",\"rtt_ms\":null");
    b.integer(",\"rtt_ms\":", rttUs / 1000);
    const int frac = static_cast<int>(rttUs % 1000);
    const char digits[4] = {'.', static_cast<char>('0' + frac / 100), static_cast<char>('0' + frac / 10 % 10),
                            static_cast<char>('0' + frac % 10)};
    b.raw(std::string_view(digits, 4));
}

std::optional<std::string_view> viewOf(const std::optional<std::string>& s) {
    if (!s) return std::nullopt;
    return std::string_view(*s);
}

}  // namespace

void setFacts(IpReportView& v, const NetFactsView& f) {
    v.city = f.city(), v.region = f.region(), v.region_code = f.region_code();
    v.country = f.country(), v.country_name = f.country_name(), v.continent = f.continent();
    v.postal = f.postal();
    v.latitude = f.latitude(), v.longitude = f.longitude();
    v.timezone = f.timezone(), v.local_time = f.local_time();
    v.isp = f.isp();
    v.asn = f.asn();
    v.as_name = f.as_name(), v.as_domain = f.as_domain();
    v.rir = f.rir(), v.connection_type = f.connection_type();
    v.geo_accuracy = f.geo_accuracy();
}

IpReportView viewOf(const IpReport& r) {
    IpReportView v;
    v.ip = r.ip;
    v.version = r.version;
    v.hostname = viewOf(r.hostname);
    setFacts(v, r.facts);
    v.protocol = r.network.protocol, v.tls = r.network.tls, v.rttUs = r.network.rttUs, v.edge = r.network.edge;
    v.userAgent = viewOf(r.userAgent), v.acceptsLanguage = viewOf(r.acceptsLanguage);
    v.privacy = r.privacy ? &*r.privacy : nullptr;
    v.reasons = &r.reasons;
    v.stamp = r.stamp;
    return v;
}

void appendIpReport(std::string& out, const IpReportView& r) {
    Body b(out);
    b.str("{\"ip\":", r.ip);
    b.integer(",\"version\":", r.version);
    b.str(",\"hostname\":", r.hostname);
    // location
    b.str(",\"city\":", r.city);
    b.str(",\"region\":", r.region);
    b.str(",\"region_code\":", r.region_code);
    b.str(",\"country\":", r.country);
    b.str(",\"country_name\":", r.country_name);
    b.str(",\"continent\":", r.continent);
    b.str(",\"postal\":", r.postal);
    if (r.latitude && r.longitude) {
        b.loc(",\"loc\":", *r.latitude, *r.longitude);
    } else {
        b.raw(",\"loc\":null");
    }
    b.str(",\"timezone\":", r.timezone);
    b.str(",\"local_time\":", r.local_time);
    // owner
    b.str(",\"isp\":", r.isp);
    if (r.asn)
        b.integer(",\"asn\":", *r.asn);
    else
        b.raw(",\"asn\":null");
    b.str(",\"as_name\":", r.as_name);
    b.str(",\"as_domain\":", r.as_domain);
    b.str(",\"rir\":", r.rir);
    b.str(",\"connection_type\":", r.connection_type);
    if (r.privacy) {
        b.raw(",\"privacy\":");
        b.raw(privacyJson(*r.privacy));
    } else {
        b.raw(",\"privacy\":null");
    }
    b.str(",\"network\":{\"protocol\":", r.protocol);
    b.str(",\"tls\":", r.tls);
    writeRtt(b, r.rttUs);
    b.str(",\"edge\":", r.edge);
    b.raw("}");
    b.str(",\"user_agent\":", r.userAgent);
    b.str(",\"accepts_language\":", r.acceptsLanguage);
    // netdb always sets it; without a database nothing finer than a country is known.
    b.str(",\"geo_accuracy\":", r.geo_accuracy.value_or(kCountryOnlyAccuracy));
    if (r.reasons && !r.reasons->empty()) {
        // Reasons writes its own object; inside an object it needs a writer
        // that has written a member already, so its key gets the comma.
        JsonWriter w;
        w.beginObject().fieldNull("x");
        const size_t start = w.str().size();
        r.reasons->writeTo(w);
        b.text().append(std::string_view(w.str()).substr(start));
        b.resume();
    }
    b.str(",\"checked_at\":", r.stamp.checkedAt());
    b.str(",\"source\":", r.stamp.source());
    b.raw("}");
}

std::string writeIpReport(const IpReport& report) {
    std::string out;
    out.reserve(1024);
    appendIpReport(out, viewOf(report));
    return out;
}

}  // namespace ipfacts::ip
