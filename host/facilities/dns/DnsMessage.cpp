#include "host/facilities/dns/DnsMessage.h"

#include <ldns/ldns.h>

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

DnsRecord recordOf(const ldns_rr* rr) {
    DnsRecord r;
    r.name = rdfText(ldns_rr_owner(rr));
    CString type(ldns_rr_type2str(ldns_rr_get_type(rr)));
    r.type = type ? type.get() : "";
    r.ttl = ldns_rr_ttl(rr);
    for (size_t i = 0; i < ldns_rr_rd_count(rr); ++i) {
        if (i) r.data += ' ';
        r.data += rdfText(ldns_rr_rdf(rr, i));
    }
    return r;
}

}  // namespace

std::optional<std::string> buildQuery(std::string_view name, std::string_view type, uint16_t id) {
    std::string n(name), t(type);
    if (n.empty() || n.size() > 254) return std::nullopt;
    ldns_rr_type rr_type = ldns_get_rr_type_by_name(t.c_str());
    if (rr_type == 0) return std::nullopt;
    ldns_rdf* dname = ldns_dname_new_frm_str(n.c_str());
    if (!dname) return std::nullopt;
    // ldns_pkt_query_new takes ownership of dname.
    std::unique_ptr<ldns_pkt, PktFree> pkt(ldns_pkt_query_new(dname, rr_type, LDNS_RR_CLASS_IN, LDNS_RD));
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
