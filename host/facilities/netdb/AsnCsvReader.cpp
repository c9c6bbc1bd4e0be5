#include "host/facilities/netdb/AsnCsvReader.h"

#include "host/facilities/netdb/CsvRecord.h"
#include "host/facilities/netdb/MappedFile.h"

#include <charconv>
#include <optional>
#include <stdexcept>

namespace ipfacts::facilities::netdb {

namespace {

struct LineError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::optional<uint32_t> parseAsn(std::string_view s) {
    if (s.size() > 2 && (s[0] == 'A' || s[0] == 'a') && (s[1] == 'S' || s[1] == 's')) s.remove_prefix(2);
    uint32_t v = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
    return v;
}

/// One data row into `out`; throws LineError saying what is wrong with it.
void readRow(const std::vector<std::string>& f, AsnRows& out, StringPool& names, uint32_t order) {
    if (f.size() < 3) throw LineError("expected start_ip,end_ip,asn[,as_name]");
    auto start = net::IpAddress::parse(f[0]);
    auto end = net::IpAddress::parse(f[1]);
    if (!start || !end) throw LineError("`" + (start ? f[1] : f[0]) + "` is not an IP address");
    if (start->isV4() != end->isV4()) throw LineError("range mixes IPv4 and IPv6");
    auto asn = parseAsn(f[2]);
    if (!asn) throw LineError("`" + f[2] + "` is not an AS number");
    AsnRow row;
    row.start = AddressKey::of(*start);
    row.end = AddressKey::of(*end);
    if (row.end < row.start) throw LineError("range ends before it starts");
    row.asn = *asn;
    row.name = names.intern(f.size() > 3 ? std::string_view(f[3]) : std::string_view());
    row.order = order;
    (start->isV4() ? out.v4 : out.v6).push_back(row);
}

/// A first row whose first field is no address is a header.
bool isHeader(const std::vector<std::string>& f) { return !f.empty() && !net::IpAddress::parse(f[0]); }

}  // namespace

void readAsnCsv(const std::string& path, AsnRows& out, StringPool& names) {
    MappedFile file(path);
    std::string_view text = file.text();
    std::vector<std::string> fields;
    size_t line_no = 0;
    while (!text.empty()) {
        const size_t nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) continue;
        try {
            if (!splitCsvRecord(line, fields)) throw LineError("unbalanced quotes");
            if (line_no == 1 && isHeader(fields)) continue;
            readRow(fields, out, names, static_cast<uint32_t>(out.v4.size() + out.v6.size()));
        } catch (const LineError& e) {
            throw std::runtime_error(path + ":" + std::to_string(line_no) + ": " + e.what());
        }
    }
}

}  // namespace ipfacts::facilities::netdb
