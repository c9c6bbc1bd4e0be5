#include "host/facilities/dns/DnsBatch.h"

#include <memory>

namespace ipfacts::facilities {

ipf_dns_batch* toBatch(std::vector<DnsAnswer> answers) {
    return new ipf_dns_batch{Marshalled<DnsAnswer>(std::move(answers))};
}

DnsQuestion questionOf(const ipf_dns_question& q) { return DnsQuestionView(q).keep(); }

size_t batchSize(const ipf_dns_batch* b) { return b ? b->answers.size() : 0; }

const ipf_dns_answer* batchAnswer(const ipf_dns_batch* b, size_t i) { return b ? b->answers.at(i) : nullptr; }

void batchFree(ipf_dns_batch* b) { std::unique_ptr<ipf_dns_batch> owned(b); }

}  // namespace ipfacts::facilities
