#include "DnsResponseWriter.h"

#include "AnswerConsensus.h"

#include <ipfacts/dns_answers.hpp>

namespace ipfacts::dns {
namespace {

void writeRecord(JsonWriter& w, const DnsRecordView& record) {
    w.beginObject()
        .field("name", record.name())
        .field("type", record.type())
        .field("ttl", static_cast<unsigned long>(record.ttl()))
        .field("data", record.data())
        .endObject();
}

void writeAnswer(JsonWriter& w, const DnsAnswerView& answer) {
    w.beginObject().field("resolver", answer.source());
    if (answer.rcode() >= 0)
        w.field("status", answer.rcode());
    else
        w.fieldNull("status");
    w.field("ad", answer.ad()).key("records").beginArray();
    for (const DnsRecordView record : answer.records()) writeRecord(w, record);
    w.endArray();
    // An answer without a response must still say why: the ABI promises an
    // error text then, but a missing one must not become a silent null.
    if (answer.error() || answer.rcode() < 0)
        w.field("error", noResponseText(answer));
    else
        w.fieldNull("error");
    w.endObject();
}

}  // namespace

std::string writeDnsResponse(const DnsQuery& query, const DnsAnswers& answers,
                             const std::optional<std::string>& answersReason, const ResponseStamp& stamp) {
    const Consensus consensus = consensusOf(answers);
    JsonWriter w;
    w.beginObject()
        .field("name", query.name)
        .field("ascii_name", query.asciiName)
        .field("type", query.type)
        .key("answers")
        .beginArray();
    for (const DnsAnswerView answer : answers) writeAnswer(w, answer);
    w.endArray().field("agree", consensus.agree).field("dnssec", consensus.dnssec);
    if (answersReason) w.key("reasons").beginObject().field("answers", *answersReason).endObject();
    stamp.writeTo(w).endObject();
    return w.take();
}

}  // namespace ipfacts::dns
