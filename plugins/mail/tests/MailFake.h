// MailFake: the SDK's fake host with DNS zone data for mail tests:
// unlisted questions are NOERROR without records (names that simply have
// no such records), TXT records are written in the presentation format the
// resolver facility hands over.
#ifndef IPFACTS_PLUGINS_MAIL_TESTS_MAILFAKE_H
#define IPFACTS_PLUGINS_MAIL_TESTS_MAILFAKE_H

#include <ipfacts/testing/FakeHost.hpp>

#include <initializer_list>
#include <string>
#include <vector>

namespace ipfacts::mail::testing {

/// A TXT text as one quoted character-string, with '"' and '\' escaped.
inline std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

struct MailFake : ipfacts::testing::FakeHost {
    MailFake() { unlisted = ipfacts::testing::dnsAnswer(0); }

    /// TXT records at `name`, one per text.
    void txt(const std::string& name, std::initializer_list<std::string> texts) {
        std::vector<std::string> data;
        for (const std::string& t : texts) data.push_back(quoted(t));
        answer(name, "TXT", data);
    }
    void nxdomain(const std::string& name, const std::string& type) { fail(name, type, 3); }
};

}  // namespace ipfacts::mail::testing

#endif
