// LeakReport: the answer of GET /api/v1/dnsleak/{session} (the OpenAPI
// document's DnsLeakResult): every resolver that asked for the session's
// names with its network facts, the client subnets they sent, the counts, and
// a verdict a person understands, judged against the caller's own network and
// country. Pure: the facts come from a function, so tests need no data files.
#pragma once

#include "host/facilities/dnsleak/SessionLog.h"
#include "host/net/IpAddress.h"

#include <ipfacts/views.hpp>

#include <cstdint>
#include <functional>
#include <string>

namespace ipfacts::facilities::dnsleak {

/// Network facts of an address (netdb), or all unknown when it is not configured.
using FactsOf = std::function<ipfacts::NetFacts(const net::IpAddress&)>;

struct ReportInput {
    std::string session;
    int64_t expires_unix = 0;
    int64_t now_unix = 0;
    std::string source;  // the service's host name
    net::IpAddress caller;
    SessionQuestions questions;
};

/// The JSON body.
std::string leakReport(const ReportInput& in, const FactsOf& facts);

/// Unix seconds as ISO 8601 UTC ("2026-11-27T19:52:30Z").
std::string isoUtc(int64_t unix_s);

}  // namespace ipfacts::facilities::dnsleak
