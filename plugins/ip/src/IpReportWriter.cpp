#include "IpReportWriter.h"

#include "LocText.h"

#include <charconv>

namespace ipfacts::ip {
namespace {

// The accuracy label when the database gives none: nothing finer than a
// country is known, and SPEC 2.1 allows only the two labels.
constexpr std::string_view kFallbackAccuracy = "country-only";

// Bytes JsonWriter writes as they are: printable ASCII except '"' and '\\'.
// Anything else (escapes, UTF-8 to validate) goes through JsonWriter itself,
// so the bytes stay JsonWriter's whatever the text.
bool plainAscii(std::string_view s) {
    for (unsigned char c : s)
        if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') return false;
    return true;
}

/// The body is written by hand, not through JsonWriter: the keys and the
/// punctuation between them are constants of the shape, so each is one
/// append, and a string value that needs no escaping is one append too.
/// (JsonWriter validated the UTF-8 of every key and escaped every value
/// byte by byte, which was a third of the cost of a /json request.)
class Body {
public:
    explicit Body(std::string& out) : out_(out) {}

    /// `fragment` holds the punctuation and key before the value: ",\"city\":".
    void str(std::string_view fragment, std::string_view v) {
        out_.append(fragment);
        quoted(v);
    }
    void str(std::string_view fragment, const std::optional<std::string_view>& v) {
        out_.append(fragment);
        if (v) quoted(*v);
        else out_.append("null");
    }
    void integer(std::string_view fragment, int64_t v) {
        out_.append(fragment);
        char buf[24];
        auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
        (void)ec;  // 24 bytes hold every int64_t
        out_.append(buf, static_cast<size_t>(end - buf));
    }
    void raw(std::string_view s) { out_.append(s); }

    void quoted(std::string_view v) {
        if (plainAscii(v)) {
            out_ += '"';
            out_.append(v);
            out_ += '"';
            return;
        }
        JsonWriter w;  // rare: escapes or non-ASCII text
        w.value(v);
        out_.append(w.str());
    }

private:
    std::string& out_;
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

IpReportView viewOf(const IpReport& r) {
    const NetFacts& f = r.facts;
    IpReportView v;
    v.ip = r.ip;
    v.version = r.version;
    v.hostname = viewOf(r.hostname);
    v.city = viewOf(f.city), v.region = viewOf(f.region), v.region_code = viewOf(f.region_code);
    v.country = viewOf(f.country), v.country_name = viewOf(f.country_name), v.continent = viewOf(f.continent);
    v.postal = viewOf(f.postal);
    v.latitude = f.latitude, v.longitude = f.longitude;
    v.timezone = viewOf(f.timezone), v.local_time = viewOf(f.local_time);
    v.isp = viewOf(f.isp);
    v.asn = f.asn;
    v.as_name = viewOf(f.as_name), v.as_domain = viewOf(f.as_domain);
    v.rir = f.rir, v.connection_type = f.connection_type;
    v.protocol = r.network.protocol, v.tls = r.network.tls, v.rttUs = r.network.rttUs, v.edge = r.network.edge;
    v.userAgent = viewOf(r.userAgent), v.acceptsLanguage = viewOf(r.acceptsLanguage);
    v.geo_accuracy = viewOf(f.geo_accuracy);
    v.reasons = &r.reasons;
    v.checkedAt = r.checkedAt, v.source = r.source;
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
        b.raw(",\"loc\":\"");
        appendLocText(out, *r.latitude, *r.longitude);  // digits, '.', '-' and ',': nothing to escape
        b.raw("\"");
    } else {
        b.raw(",\"loc\":null");
    }
    b.str(",\"timezone\":", r.timezone);
    b.str(",\"local_time\":", r.local_time);
    // owner
    b.str(",\"isp\":", r.isp);
    if (r.asn) b.integer(",\"asn\":", *r.asn);
    else b.raw(",\"asn\":null");
    b.str(",\"as_name\":", r.as_name);
    b.str(",\"as_domain\":", r.as_domain);
    b.str(",\"rir\":", r.rir);
    b.str(",\"connection_type\":", r.connection_type);
    // No privacy provider exists yet, so there is never anything to write.
    b.raw(",\"privacy\":null");
    b.str(",\"network\":{\"protocol\":", r.protocol);
    b.str(",\"tls\":", r.tls);
    writeRtt(b, r.rttUs);
    b.str(",\"edge\":", r.edge);
    b.raw("}");
    b.str(",\"user_agent\":", r.userAgent);
    b.str(",\"accepts_language\":", r.acceptsLanguage);
    b.str(",\"geo_accuracy\":", r.geo_accuracy.value_or(kFallbackAccuracy));
    if (r.reasons && !r.reasons->empty()) {
        // Reasons writes its own object; inside an object it needs a writer
        // that has written a member already, so its key gets the comma.
        JsonWriter w;
        w.beginObject().fieldNull("x");
        const size_t start = w.str().size();
        r.reasons->writeTo(w);
        out.append(std::string_view(w.str()).substr(start));
    }
    b.str(",\"checked_at\":", r.checkedAt);
    b.str(",\"source\":", r.source);
    b.raw("}");
}

std::string writeIpReport(const IpReport& report) {
    std::string out;
    out.reserve(1024);
    appendIpReport(out, viewOf(report));
    return out;
}

}  // namespace ipfacts::ip
