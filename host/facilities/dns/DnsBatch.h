// DnsBatch: answers of the resolver and doh facilities as a plugin holds them
// (ipf_dns_batch*): the host's DnsAnswer values, kept where they are, with C
// views of them built once by the SDK's field list (ipfacts/fields.h).
#pragma once

#include <ipfacts/plugin.h>
#include <ipfacts/views.hpp>

#include <vector>

struct ipf_dns_batch {
    ipfacts::Marshalled<ipfacts::DnsAnswer> answers;
};

namespace ipfacts::facilities {

/// Takes the answers and builds their views. OWNERSHIP: the caller hands the
/// result to the plugin, which releases it with batchFree.
ipf_dns_batch* toBatch(std::vector<DnsAnswer> answers);
/// A question in host form.
DnsQuestion questionOf(const ipf_dns_question& q);

size_t batchSize(const ipf_dns_batch* b);
const ipf_dns_answer* batchAnswer(const ipf_dns_batch* b, size_t i);
void batchFree(ipf_dns_batch* b);

}  // namespace ipfacts::facilities
