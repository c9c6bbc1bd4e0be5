#include "ReverseLookup.h"

#include "ForwardCheck.h"
#include "PtrNames.h"

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

// The PTR answer, or why there is none (stored in facts.reasons). A usable
// answer is NOERROR; NXDOMAIN is an answer too but holds no name, so it ends
// here with its reason like a failure does.
std::optional<DnsAnswer> askPtr(const Host& host, ReverseFacts& facts) {
    std::string why;
    try {
        std::vector<DnsAnswer> answers = host.resolve({DnsQuestion{facts.arpa, "PTR"}});
        if (answers.empty()) {
            why = ptrLookupFailedReason("the DNS resolver gave no answer");
        } else {
            const DnsAnswer& a = answers.front();
            std::optional<std::string_view> error;
            if (a.error) error = *a.error;
            std::optional<std::string> failure = ptrAnswerReason(a.rcode, error);
            if (!failure) return std::move(answers.front());
            why = std::move(*failure);
        }
    } catch (const DnsUnavailable& e) {
        why = ptrLookupFailedReason(e.what());
    }
    facts.reasons.add("hostnames", std::move(why));
    return std::nullopt;
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
    const std::vector<DnsQuestion> questions = forwardQuestions(forwardNames(facts.hostnames, notes));
    if (!questions.empty()) {
        try {
            ForwardResult forward = checkForward(questions, host.resolve(questions), facts.address);
            facts.forwardAddresses = std::move(forward.addresses);
            facts.forwardConfirmed = forward.confirmed;
            notes.insert(notes.end(), forward.failures.begin(), forward.failures.end());
        } catch (const DnsUnavailable& e) {
            notes.push_back(std::string("the forward lookup failed: ") + e.what());
        }
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
    if (!host.hasResolver()) {
        facts.reasons.add("hostnames", std::string(kNoResolverReason));
    } else if (const std::optional<DnsAnswer> ptr = askPtr(host, facts)) {
        facts.hostnames = ptrHostnames(*ptr);
        if (facts.hostnames.empty()) facts.reasons.add("hostnames", ptrNoDataReason());
    }
    if (facts.hostnames.empty()) {
        facts.reasons.add("forward_addresses", std::string(kNoNameToResolveReason));
        return facts;
    }
    confirmForward(host, facts);
    return facts;
}

}  // namespace ipfacts::reverse
