#include "MailDns.h"

#include <ipfacts/dns_answers.hpp>
#include <ipfacts/dns_rcode.hpp>

#include <algorithm>

namespace ipfacts::mail {
namespace {

MailAnswer readAnswer(const DnsAnswerView& view, const std::string& type) {
    MailAnswer a;
    if (!responded(view) || (view.rcode() != kRcodeNoError && view.rcode() != kRcodeNxDomain)) {
        a.status = MailAnswer::Status::Failed;
        a.why = dnsFailureText(view.rcode(), view.error());
        return a;
    }
    for (const DnsRecordView r : view.records())
        if (sameDnsText(r.type(), type)) a.data.emplace_back(r.data());
    a.status = !a.data.empty()                  ? MailAnswer::Status::Records
               : view.rcode() == kRcodeNxDomain ? MailAnswer::Status::NxDomain
                                                : MailAnswer::Status::NoData;
    return a;
}

}  // namespace

MailDns::MailDns(const Host& host, MailDnsLimits limits)
    : host_(host), limits_(limits), deadlineMs_(host.nowMs() + limits.budgetMs) {}

MailDns::Key MailDns::keyOf(const std::string& name, const std::string& type) {
    Key k{name, type};
    for (char& c : k.first)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (!k.first.empty() && k.first.back() == '.') k.first.pop_back();
    for (char& c : k.second)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return k;
}

bool MailDns::withinBudget(size_t pending) {
    if (asked_ + static_cast<int>(pending) >= limits_.maxQuestions)
        spent_ = "not looked up: this request already asked " + std::to_string(limits_.maxQuestions) +
                 " DNS questions, the most one request may";
    else if (host_.nowMs() >= deadlineMs_)
        spent_ = "not looked up: the " + std::to_string(limits_.budgetMs) + " ms DNS budget of this request is spent";
    else
        return true;
    return false;
}

void MailDns::ask(const std::vector<DnsQuestion>& questions) {
    std::vector<DnsQuestion> fresh;
    std::vector<Key> keys;
    for (const DnsQuestion& q : questions) {
        Key k = keyOf(q.name, q.type);
        if (answers_.count(k) || std::find(keys.begin(), keys.end(), k) != keys.end()) continue;
        if (!withinBudget(fresh.size())) {
            answers_[k] = MailAnswer{MailAnswer::Status::NotAsked, {}, spent_};
            continue;
        }
        keys.push_back(k);
        fresh.push_back(DnsQuestion{k.first, k.second});
    }
    if (fresh.empty()) return;
    asked_ += static_cast<int>(fresh.size());
    ++batches_;
    const DnsAnswers answers = host_.resolve(fresh);
    for (size_t i = 0; i < keys.size(); ++i) {
        MailAnswer a;
        if (!answers.ok() || i >= answers.size())
            a = MailAnswer{MailAnswer::Status::Failed,
                           {},
                           answers.ok() ? "the DNS resolver gave no answer" : std::string(answers.reason())};
        else
            a = readAnswer(answers[i], keys[i].second);
        answers_[keys[i]] = std::move(a);
    }
}

const MailAnswer& MailDns::get(const std::string& name, const std::string& type) {
    const Key k = keyOf(name, type);
    auto it = answers_.find(k);
    if (it != answers_.end()) return it->second;
    ask({DnsQuestion{name, type}});
    return answers_[k];
}

}  // namespace ipfacts::mail
