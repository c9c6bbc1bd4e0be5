#include "ReverseLookup.h"

#include "ForwardCheck.h"
#include "QueryableName.h"

#include <ipfacts/dns_answers.hpp>
#include <ipfacts/reasons.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace ipfacts::reverse {
namespace {

// A reason lists a few failures in full; beyond that it only counts them,
// so one slow resolver cannot make the body balloon.
constexpr size_t kMaxNotesListed = 4;

std::string joinNotes(const std::vector<std::string>& notes) {
    std::string joined;
    for (size_t i = 0; i < notes.size() && i < kMaxNotesListed; ++i) joined += (i ? "; " : "") + notes[i];
    if (notes.size() > kMaxNotesListed) joined += "; and " + std::to_string(notes.size() - kMaxNotesListed) + " more";
    return joined;
}

// The hostnames worth asking about, noting the ones left out and why.
std::vector<std::string> forwardNames(const std::vector<std::string>& hostnames, std::vector<std::string>& notes) {
    std::vector<std::string> names;
    size_t leftOut = 0;
    for (const std::string& name : hostnames) {
        if (!isQueryableName(name))
            notes.push_back(name + " is not a host name that can be looked up");
        else if (names.size() < kMaxForwardNames)
            names.push_back(name);
        else
            ++leftOut;
    }
    if (leftOut > 0)
        notes.push_back(std::to_string(leftOut) + " more hostnames were not resolved (at most " +
                        std::to_string(kMaxForwardNames) + " are)");
    return names;
}

void confirmForward(const Host& host, ReverseFacts& facts) {
    std::vector<std::string> notes;
    const std::vector<DnsQuestion> questions = addressQuestions(forwardNames(facts.hostnames, notes));
    if (!questions.empty()) {
        const DnsAnswers answers = host.resolve(questions);
        if (!answers.ok()) notes.push_back("the forward lookup failed: " + std::string(answers.reason()));
        ForwardResult forward = checkForward(questions, answers, facts.address);
        facts.transient = facts.transient || !answers.ok() || !forward.failures.empty();
        facts.forwardAddresses = std::move(forward.addresses);
        facts.forwardConfirmed = forward.confirmed;
        notes.insert(notes.end(), forward.failures.begin(), forward.failures.end());
    }
    if (!notes.empty())
        facts.reasons.add("forward_addresses", joinNotes(notes));
    else if (facts.forwardAddresses.empty())
        facts.reasons.add("forward_addresses", std::string(kNoForwardRecordsReason));
}

}  // namespace

ReverseFacts lookUpReverse(const Host& host, const Address& address) {
    ReverseFacts facts;
    facts.address = unmapped(address);
    facts.arpa = arpaName(facts.address);
    PtrLookup ptr = lookUpPtr(host, facts.arpa);
    facts.hostnames = std::move(ptr.names);
    facts.transient = ptr.failed;  // no PTR record is an answer; a resolver that did not answer is not
    if (ptr.reason) facts.reasons.add("hostnames", std::move(*ptr.reason));
    if (facts.hostnames.empty()) {
        facts.reasons.add("forward_addresses", std::string(kNoNameToResolveReason));
        return facts;
    }
    confirmForward(host, facts);
    return facts;
}

}  // namespace ipfacts::reverse
