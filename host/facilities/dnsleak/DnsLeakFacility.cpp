#include "host/facilities/dnsleak/DnsLeakFacility.h"

#include "host/facilities/netdb/NetDb.h"
#include "host/facilities/netdb/NetDbFacility.h"
#include "host/facilities/store/StoreFacility.h"

#include <chrono>
#include <stdexcept>

namespace ipfacts::facilities::dnsleak {

DnsLeakFacility::DnsLeakFacility(DnsLeakConfig config, ipfacts::store::ServerSecret secret, ipfacts::store::KvStore& kv,
                                 const ratelimit::ServiceClock& clock, const NetDbFacility* netdb,
                                 std::string service_host)
    : config_(std::move(config)),
      tokens_(std::move(secret)),
      clock_(clock),
      netdb_(netdb),
      service_host_(std::move(service_host)),
      zone_(config_, tokens_),
      log_(std::make_unique<SessionLog>(kv, config_.max_pending, config_.max_questions_per_session)),
      responder_(std::make_unique<LeakResponder>(config_, zone_, *log_, clock_)) {}

DnsLeakFacility::~DnsLeakFacility() {
    responder_.reset();  // no question arrives while the log stops
    log_.reset();
}

LeakSession DnsLeakFacility::start() const {
    LeakSession s;
    s.expires_unix = clock_.now() + config_.lifetime_s;
    s.token = tokens_.make(s.expires_unix);
    for (int i = 1; i <= config_.names_per_session; ++i)
        s.names.push_back(std::to_string(i) + "." + s.token + "." + config_.zone);
    return s;
}

ipfacts::NetFacts DnsLeakFacility::factsOf(const net::IpAddress& a) const {
    if (!netdb_) return {};
    return netdb_->handle().current()->lookup(a, std::chrono::system_clock::now(),
                                              IPF_NETDB_WANT_NETWORK | IPF_NETDB_WANT_LOCATION);
}

std::optional<std::string> DnsLeakFacility::result(const std::string& token, const net::IpAddress& caller) const {
    const int64_t now = clock_.now();
    const auto expires = tokens_.live(token, now);
    if (!expires) return std::nullopt;
    ReportInput in;
    in.session = LeakToken::normalised(token);
    in.expires_unix = *expires;
    in.now_unix = now;
    in.source = service_host_;
    in.caller = caller.unmapped();
    in.questions = log_->read(in.session);
    return leakReport(in, [this](const net::IpAddress& a) { return factsOf(a); });
}

std::vector<MetricFamily> DnsLeakFacility::metrics(int64_t /*now_unix*/) const {
    const ResponderCounts c = responder_->counts();
    MetricFamily questions{"ipfacts_dnsleak_questions_total",
                           "counter",
                           "Questions the DNS leak responder received, by what became of them.",
                           {{{{"outcome", "answered"}}, double(c.answered)},
                            {{{"outcome", "refused"}}, double(c.refused)},
                            {{{"outcome", "malformed"}}, double(c.malformed)},
                            {{{"outcome", "rate_limited"}}, double(c.limited)}}};
    MetricFamily turned{"ipfacts_dnsleak_tcp_turned_away_total",
                        "counter",
                        "TCP connections the responder closed at accept: too many were open.",
                        {{{}, double(c.tcp_turned_away)}}};
    MetricFamily open{"ipfacts_dnsleak_tcp_connections",
                      "gauge",
                      "TCP connections open to the responder.",
                      {{{}, double(responder_->openConnections())}}};
    MetricFamily unrecorded{"ipfacts_dnsleak_unrecorded_total",
                            "counter",
                            "Session questions answered but not recorded (queue full or store failing).",
                            {{{}, double(log_->dropped())}}};
    return {questions, turned, open, unrecorded};
}

void addDnsLeakFacility(FacilitySet& set, const manifest::Manifest& m) {
    const auto* config = m.section<DnsLeakConfig>();
    if (!config) return;
    auto* kv = set.get<store::StoreFacility>();
    if (!kv) throw std::runtime_error("dnsleak: needs the store facility");
    set.add(std::make_unique<DnsLeakFacility>(*config, ipfacts::store::ServerSecret::loadOrCreate(m.state_dir),
                                              kv->kv(), set.clock(), set.get<NetDbFacility>(), m.service_host));
}

}  // namespace ipfacts::facilities::dnsleak
