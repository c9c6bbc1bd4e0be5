#include "host/facilities/dns/DnsMessage.h"

#include <ldns/ldns.h>

#include <cstring>
#include <memory>

namespace ipfacts::facilities {
namespace {

struct PktFree {
    void operator()(ldns_pkt* p) const { ldns_pkt_free(p); }
};
struct MallocFree {
    void operator()(void* p) const { free(p); }
};
using CString = std::unique_ptr<char, MallocFree>;

std::string rdfText(const ldns_rdf* rdf) {
    CString s(ldns_rdf2str(rdf));
    return s ? s.get() : "";
}

bool startsWithNoCase(std::string_view text, std::string_view prefix) {
    if (text.size() < prefix.size()) return false;
    for (size_t i = 0; i < prefix.size(); ++i) {
        char c = text[i];
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
        if (c != prefix[i]) return false;
    }
    return true;
}

/// The decimal number of RFC 3597's TYPEnnn / CLASSnnn: one or more ASCII digits
/// and nothing else, at most 65535.
std::optional<uint16_t> genericNumber(std::string_view digits) {
    if (digits.empty()) return std::nullopt;
    uint32_t value = 0;
    for (char c : digits) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + static_cast<uint32_t>(c - '0');
        if (value > 65535) return std::nullopt;  // checked every digit: no overflow
    }
    return static_cast<uint16_t>(value);
}

// ldns_get_rr_type_by_name and ldns_get_rr_class_by_name turn "TYPEnnn" and
// "CLASSnnn" into a number with atoi and return it as the ldns enum, so
// "TYPE4294967295" comes back as an out-of-range enum value (undefined
// behaviour) and "TYPE65536" silently as type 0. The generic forms are parsed
// here; ldns is asked only for mnemonics, which it answers from its own tables.
// Numbers are kept in uint16_t; every value 0..65535 is within the range of
// ldns_rr_type and ldns_rr_class (both enumerate up to 65535), so the casts
// where ldns wants the enum are well defined.
std::optional<uint16_t> byName(std::string_view text, std::string_view generic, uint16_t (*mnemonic)(const char*)) {
    if (text.find('\0') != std::string_view::npos) return std::nullopt;
    if (startsWithNoCase(text, generic)) return genericNumber(text.substr(generic.size()));
    if (text.empty()) return std::nullopt;
    uint16_t value = mnemonic(std::string(text).c_str());
    if (value == 0) return std::nullopt;  // ldns's answer for a name it does not know
    return value;
}

uint16_t typeMnemonic(const char* name) { return static_cast<uint16_t>(ldns_get_rr_type_by_name(name)); }
uint16_t classMnemonic(const char* name) { return static_cast<uint16_t>(ldns_get_rr_class_by_name(name)); }

DnsRecord recordOf(const ldns_rr* rr) {
    DnsRecord r;
    r.name = rdfText(ldns_rr_owner(rr));
    r.type = rrTypeName(static_cast<uint16_t>(ldns_rr_get_type(rr)));
    r.ttl = ldns_rr_ttl(rr);
    for (size_t i = 0; i < ldns_rr_rd_count(rr); ++i) {
        if (i) r.data += ' ';
        r.data += rdfText(ldns_rr_rdf(rr, i));
    }
    return r;
}

}  // namespace

std::optional<uint16_t> parseRrType(std::string_view text) { return byName(text, "TYPE", typeMnemonic); }

std::optional<uint16_t> parseRrClass(std::string_view text) { return byName(text, "CLASS", classMnemonic); }

std::string rrTypeName(uint16_t type) {
    CString s(ldns_rr_type2str(static_cast<ldns_rr_type>(type)));
    return s ? s.get() : "TYPE" + std::to_string(type);
}

std::optional<std::string> buildQuery(std::string_view name, std::string_view type, uint16_t id) {
    // c_str() below would cut a name at a NUL and ask for another name.
    if (name.empty() || name.size() > 254 || name.find('\0') != std::string_view::npos) return std::nullopt;
    std::optional<uint16_t> rr_type = parseRrType(type);
    if (!rr_type || *rr_type == 0) return std::nullopt;
    ldns_rdf* dname = ldns_dname_new_frm_str(std::string(name).c_str());
    if (!dname) return std::nullopt;
    // ldns_pkt_query_new takes ownership of dname.
    std::unique_ptr<ldns_pkt, PktFree> pkt(
        ldns_pkt_query_new(dname, static_cast<ldns_rr_type>(*rr_type), LDNS_RR_CLASS_IN, LDNS_RD));
    if (!pkt) return std::nullopt;
    ldns_pkt_set_id(pkt.get(), id);
    ldns_pkt_set_ad(pkt.get(), true);
    ldns_pkt_set_edns_udp_size(pkt.get(), 1232);
    ldns_pkt_set_edns_do(pkt.get(), true);
    uint8_t* wire = nullptr;
    size_t size = 0;
    if (ldns_pkt2wire(&wire, pkt.get(), &size) != LDNS_STATUS_OK) return std::nullopt;
    std::string out(reinterpret_cast<const char*>(wire), size);
    free(wire);
    return out;
}

void parseResponse(const unsigned char* wire, size_t len, DnsAnswer& out) {
    ldns_pkt* raw = nullptr;
    if (ldns_wire2pkt(&raw, wire, len) != LDNS_STATUS_OK || !raw) {
        out.rcode = -1;
        out.error = "malformed DNS response";
        return;
    }
    std::unique_ptr<ldns_pkt, PktFree> pkt(raw);
    out.rcode = ldns_pkt_get_rcode(pkt.get());
    out.ad = ldns_pkt_ad(pkt.get());
    out.error.reset();
    const ldns_rr_list* answer = ldns_pkt_answer(pkt.get());
    for (size_t i = 0; answer && i < ldns_rr_list_rr_count(answer); ++i)
        out.records.push_back(recordOf(ldns_rr_list_rr(answer, i)));
}

DnsAnswer failedAnswer(std::string source, std::string error, int64_t elapsed_us) {
    DnsAnswer a;
    a.source = std::move(source);
    a.rcode = -1;
    a.error = std::move(error);
    a.elapsed_us = elapsed_us;
    return a;
}

}  // namespace ipfacts::facilities
