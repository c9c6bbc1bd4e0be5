// MailDns: every DNS question one /api/v1/mx request asks, through the
// host's resolver facility, memoised and bounded. The SPF tree, its
// evaluation, DMARC and MTA-STS ask the same names (the root's TXT, an
// include's A records): each is asked once. A hostile record cannot make
// the service do unbounded work: past `maxQuestions` or the deadline,
// questions are not asked and their answers say why.
#ifndef IPFACTS_PLUGINS_MAIL_MAILDNS_H
#define IPFACTS_PLUGINS_MAIL_MAILDNS_H

#include <ipfacts/plugin.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ipfacts::mail {

/// What one question found.
struct MailAnswer {
    enum class Status {
        Records,   ///< NOERROR with records of the type asked
        NoData,    ///< NOERROR without records of that type
        NxDomain,  ///< the name does not exist
        Failed,    ///< timeout, SERVFAIL, REFUSED, no resolver: `why`
        NotAsked,  ///< the request's DNS budget (count or time) is spent: `why`
    };
    Status status = Status::NotAsked;
    std::vector<std::string> data;  ///< record data of the type asked, presentation format
    std::string why;                ///< for Failed and NotAsked

    bool usable() const { return status == Status::Records || status == Status::NoData || status == Status::NxDomain; }
    /// RFC 7208 4.6.4: NOERROR without answers, or NXDOMAIN.
    bool isVoid() const { return status == Status::NoData || status == Status::NxDomain; }
};

/// Limits of one request's DNS work (the plugin's manifest section).
struct MailDnsLimits {
    int maxQuestions = 150;  ///< questions asked in all
    int budgetMs = 5000;     ///< from the first question; later ones are not asked
};

/// Per request, one thread: not thread-safe.
class MailDns {
public:
    MailDns(const Host& host, MailDnsLimits limits);

    /// Asks every question not asked yet, in one parallel batch.
    void ask(const std::vector<DnsQuestion>& questions);
    /// The answer to (name, type); asks it alone when not asked yet.
    const MailAnswer& get(const std::string& name, const std::string& type);

    int questionsAsked() const { return asked_; }
    int batches() const { return batches_; }
    /// Why some questions were not asked (empty when all were).
    const std::string& budgetSpent() const { return spent_; }

private:
    using Key = std::pair<std::string, std::string>;  // name lower case, type upper case
    static Key keyOf(const std::string& name, const std::string& type);
    bool withinBudget(size_t pending);

    const Host& host_;
    MailDnsLimits limits_;
    int64_t deadlineMs_ = 0;
    int asked_ = 0;
    int batches_ = 0;
    std::string spent_;
    std::map<Key, MailAnswer> answers_;
};

}  // namespace ipfacts::mail

#endif
