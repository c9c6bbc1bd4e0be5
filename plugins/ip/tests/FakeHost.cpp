#include "FakeHost.h"

#include <strings.h>

namespace ipfacts::ip::testing {

namespace {

FakeHost& fake(ipf_plugin_ctx* ctx) { return *reinterpret_cast<FakeHost*>(ctx); }
FakeHost& fake(const ipf_request* req) { return *reinterpret_cast<FakeHost*>(const_cast<ipf_request*>(req)); }
FakeHost::Batch& batchOf(const ipf_dns_batch* b) {
    return *reinterpret_cast<FakeHost::Batch*>(const_cast<ipf_dns_batch*>(b));
}

ipf_str optStr(const std::optional<std::string>& s) { return s ? str(*s) : ipf_str{nullptr, 0}; }

void fillFacts(ipf_netdb_facts& f, const NetFacts& n) {
    f.struct_size = sizeof f;
    f.version = static_cast<uint8_t>(n.version);
    f.routable = n.routable;
    f.has_location = n.latitude && n.longitude;
    f.address = str(n.address), f.kind = str(n.kind), f.rfc = optStr(n.rfc), f.description = str(n.description);
    f.city = optStr(n.city), f.region = optStr(n.region), f.region_code = optStr(n.region_code);
    f.country = optStr(n.country), f.country_name = optStr(n.country_name), f.continent = optStr(n.continent);
    f.postal = optStr(n.postal);
    f.latitude = n.latitude.value_or(0), f.longitude = n.longitude.value_or(0);
    f.timezone = optStr(n.timezone), f.local_time = optStr(n.local_time), f.geo_accuracy = optStr(n.geo_accuracy);
    f.asn = n.asn.value_or(-1);
    f.as_name = optStr(n.as_name), f.as_domain = optStr(n.as_domain), f.isp = optStr(n.isp);
    f.rir = str(n.rir), f.connection_type = str(n.connection_type);
}

ipf_status netdbLookup(ipf_plugin_ctx* ctx, ipf_str address, const ipf_netdb_facts** out) {
    FakeHost& h = fake(ctx);
    auto it = h.netdb.find(std::string(view(address)));
    if (it == h.netdb.end()) return IPF_ERROR;
    *out = h.keepFacts(it->second);
    return IPF_OK;
}

ipf_status resolve(ipf_plugin_ctx* ctx, const ipf_dns_question* qs, size_t count, ipf_dns_batch** out) {
    *out = fake(ctx).keepBatch(qs, count);
    return IPF_OK;
}

ipf_str queryValue(const FakeHost& h, ipf_str name, size_t index) {
    for (const auto& [k, v] : h.query)
        if (k == view(name) && index-- == 0) return str(v);
    return ipf_str{nullptr, 0};
}

void wireRequest(ipf_host_api& a) {
    a.request_method = [](const ipf_request*) { return str("GET"); };
    a.request_path = [](const ipf_request* r) { return str(fake(r).target); };
    a.request_target = [](const ipf_request* r) { return str(fake(r).target); };
    a.request_url = [](const ipf_request* r) { return str(fake(r).url); };
    a.client_address = [](const ipf_request* r) { return str(fake(r).clientAddress); };
    a.peer_address = [](const ipf_request* r) { return str(fake(r).clientAddress); };
    a.key_identity = [](const ipf_request*) { return ipf_str{nullptr, 0}; };
    a.protocol = [](const ipf_request* r) { return str(fake(r).protocol); };
    a.tls_version = [](const ipf_request* r) { return str(fake(r).tls); };
    a.rtt_us = [](const ipf_request* r) { return fake(r).rttUs; };
    a.path_param = [](const ipf_request* r, ipf_str name, ipf_str* out) {
        auto it = fake(r).pathParams.find(std::string(view(name)));
        if (it == fake(r).pathParams.end()) return IPF_NOT_FOUND;
        *out = str(it->second);
        return IPF_OK;
    };
    a.query_count = [](const ipf_request* r, ipf_str name) {
        size_t n = 0;
        for (const auto& kv : fake(r).query) n += kv.first == view(name);
        return n;
    };
    a.query_get = [](const ipf_request* r, ipf_str name, size_t i, ipf_str* out) {
        *out = queryValue(fake(r), name, i);
        return out->ptr ? IPF_OK : IPF_NOT_FOUND;
    };
    a.header_count = [](const ipf_request* r) { return fake(r).headers.size(); };
    a.header_get = [](const ipf_request* r, ipf_str name, ipf_str* out) {
        for (const auto& [k, v] : fake(r).headers)
            if (k.size() == name.len && strncasecmp(k.data(), name.ptr, name.len) == 0) {
                *out = str(v);
                return IPF_OK;
            }
        return IPF_NOT_FOUND;
    };
}

void wireHost(ipf_host_api& a) {
    a.log = [](ipf_plugin_ctx* c, ipf_log_level, ipf_str m) { fake(c).log.emplace_back(view(m)); };
    a.config_get = [](ipf_plugin_ctx*, ipf_str, ipf_str*) { return IPF_NOT_FOUND; };
    a.config_path = [](ipf_plugin_ctx*, ipf_str, ipf_str*) { return IPF_NOT_FOUND; };
    a.service_host = [](ipf_plugin_ctx* c) { return str(fake(c).serviceHost); };
    a.edge = [](ipf_plugin_ctx* c) { return str(fake(c).edge); };
    a.now_ms = [](ipf_plugin_ctx*) { return kFakeNowMs; };
}

}  // namespace

FakeHost::FakeHost() {
    api_.struct_size = sizeof api_;
    api_.abi_major = IPF_ABI_MAJOR;
    api_.abi_minor = IPF_ABI_MINOR;
    wireHost(api_);
    wireRequest(api_);
    netdbApi_.struct_size = sizeof netdbApi_;
    netdbApi_.lookup = netdbLookup;
    // Facts and batches live as long as the fake, so releasing is a no-op.
    netdbApi_.facts_free = [](const ipf_netdb_facts*) {};
    resolverApi_.struct_size = sizeof resolverApi_;
    resolverApi_.resolve = resolve;
    resolverApi_.batch_size = [](const ipf_dns_batch* b) { return batchOf(b).answers.size(); };
    resolverApi_.batch_answer = [](const ipf_dns_batch* b, size_t i) -> const ipf_dns_answer* {
        return &batchOf(b).answers.at(i);
    };
    resolverApi_.batch_free = [](ipf_dns_batch*) {};
}

Host FakeHost::host() {
    api_.netdb = hasNetDb ? &netdbApi_ : nullptr;
    api_.resolver = hasResolver ? &resolverApi_ : nullptr;
    return Host(&api_, reinterpret_cast<ipf_plugin_ctx*>(this));
}

Request FakeHost::request() { return Request(&api_, reinterpret_cast<const ipf_request*>(this)); }

const ipf_netdb_facts* FakeHost::keepFacts(const NetFacts& f) {
    FactsHolder& h = factsKept_.emplace_back();
    h.copy = f;
    fillFacts(h.facts, h.copy);
    return &h.facts;
}

ipf_dns_batch* FakeHost::keepBatch(const ipf_dns_question* qs, size_t count) {
    ++resolveCalls;
    Batch& b = batchesKept_.emplace_back();
    for (size_t i = 0; i < count; ++i) {
        DnsQuestion q{std::string(view(qs[i].name)), std::string(view(qs[i].type))};
        asked.push_back(q);
        const std::string key = q.name + " " + q.type;
        auto it = dns.find(key);
        if (it == dns.end()) {
            DnsAnswer timeout;
            timeout.source = "192.0.2.53:53";
            timeout.error = "timeout";
            it = timeouts_.insert_or_assign(key, timeout).first;
        }
        const DnsAnswer& d = it->second;
        std::vector<ipf_dns_record>& rs = b.records.emplace_back();
        for (const DnsRecord& r : d.records) rs.push_back({str(r.name), str(r.type), r.ttl, str(r.data)});
        ipf_dns_answer a{};
        a.source = str(d.source);
        a.rcode = d.rcode;
        a.ad = d.ad;
        a.records = rs.data();
        a.record_count = rs.size();
        a.error = d.error ? str(*d.error) : ipf_str{nullptr, 0};
        b.answers.push_back(a);
    }
    return reinterpret_cast<ipf_dns_batch*>(&b);
}

}  // namespace ipfacts::ip::testing
