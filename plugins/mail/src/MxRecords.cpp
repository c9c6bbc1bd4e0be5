#include "MxRecords.h"

#include <ipfacts/address.hpp>
#include <ipfacts/dns_answers.hpp>

#include <algorithm>

namespace ipfacts::mail {
namespace {

void addAddresses(MailDns& dns, MxHost& mx) {
    for (const char* type : {"A", "AAAA"}) {
        const MailAnswer& a = dns.get(mx.host, type);
        if (!a.usable()) {
            mx.error = std::string("the ") + type + " lookup failed: " + a.why;
            continue;
        }
        for (const std::string& data : a.data)
            if (std::optional<Address> address = parseAddress(data)) {
                const std::string text = address->text();
                if (std::find(mx.addresses.begin(), mx.addresses.end(), text) == mx.addresses.end())
                    mx.addresses.push_back(text);
            }
    }
    mx.resolves = !mx.addresses.empty();
}

}  // namespace

std::optional<std::pair<int, std::string>> parseMxData(std::string_view data) {
    const size_t space = data.find(' ');
    if (space == 0 || space == std::string_view::npos || space > 5) return std::nullopt;
    int preference = 0;
    for (char c : data.substr(0, space)) {
        if (c < '0' || c > '9') return std::nullopt;
        preference = preference * 10 + (c - '0');
    }
    if (preference > 65535) return std::nullopt;
    std::string host(data.substr(space + 1));
    if (host.empty() || host.find(' ') != std::string::npos) return std::nullopt;
    if (host != "." && host.back() == '.') host.pop_back();
    for (char& c : host)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return std::make_pair(preference, host);
}

MxFacts lookUpMx(MailDns& dns, const std::string& domain) {
    MxFacts facts;
    const MailAnswer& answer = dns.get(domain, "MX");
    if (!answer.usable()) {
        facts.reason = "the MX lookup failed: " + answer.why;
        return facts;
    }
    if (answer.status == MailAnswer::Status::NxDomain) {
        facts.reason = "the domain does not exist (NXDOMAIN)";
        return facts;
    }
    size_t malformed = 0;
    for (const std::string& data : answer.data) {
        std::optional<std::pair<int, std::string>> mx = parseMxData(data);
        if (!mx) {
            ++malformed;
            continue;
        }
        MxHost host;
        host.preference = mx->first;
        host.host = mx->second;
        facts.records.push_back(std::move(host));
    }
    if (facts.records.size() == 1 && facts.records[0].host == ".") {
        facts.nullMx = true;
        facts.records.clear();
        facts.reason = "null MX (RFC 7505): the domain accepts no mail";
        return facts;
    }
    std::stable_sort(facts.records.begin(), facts.records.end(), [](const MxHost& a, const MxHost& b) {
        return a.preference != b.preference ? a.preference < b.preference : a.host < b.host;
    });
    if (facts.records.size() > kMaxMxHosts) {
        facts.reason = std::to_string(facts.records.size() - kMaxMxHosts) + " more MX hosts are not shown (at most " +
                       std::to_string(kMaxMxHosts) + " are)";
        facts.records.resize(kMaxMxHosts);
    }
    std::vector<DnsQuestion> questions;
    for (const MxHost& h : facts.records)
        if (h.host != ".")
            for (DnsQuestion& q : addressQuestions(h.host)) questions.push_back(std::move(q));
    dns.ask(questions);
    for (MxHost& h : facts.records) {
        if (h.host == ".") {
            h.error = "'.' among other MX records: a malformed null MX (RFC 7505 3)";
            continue;
        }
        addAddresses(dns, h);
    }
    if (malformed > 0 && !facts.reason) facts.reason = std::to_string(malformed) + " MX records could not be read";
    if (facts.records.empty() && !facts.reason) {
        facts.reason =
            "no MX records: senders deliver to the domain's own A/AAAA addresses (implicit MX, RFC 5321 5.1)";
        MxHost self;
        self.host = domain;
        dns.ask(addressQuestions(domain));
        addAddresses(dns, self);
        facts.implicitMx = std::move(self);
    }
    return facts;
}

}  // namespace ipfacts::mail
