// AccountsConfig: the accounts: section, its defaults and what it refuses with file:line.
#include "host/account/AccountsConfig.h"
#include "tests/support/SectionReading.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::account;

class AccountsConfigTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AccountsConfigTest);
    CPPUNIT_TEST(defaults);
    CPPUNIT_TEST(smtp);
    CPPUNIT_TEST(refusals);
    CPPUNIT_TEST_SUITE_END();

    ipfacts::testing::SectionReading<AccountsConfig> s_{"accounts"};

public:
    void defaults() {
        auto c = s_.read("accounts: { link_base_url: 'http://127.0.0.1:8080/' }");
        CPPUNIT_ASSERT_EQUAL(std::string("http://127.0.0.1:8080"), c.link_base_url);
        CPPUNIT_ASSERT_EQUAL(900, c.link_lifetime_s);
        CPPUNIT_ASSERT_EQUAL(5, c.max_live_keys);
        CPPUNIT_ASSERT_EQUAL(std::string("log"), c.mailer);
        CPPUNIT_ASSERT(!c.manual_clock);
    }

    void smtp() {
        auto c = s_.read(
            "accounts:\n  link_base_url: https://x.example\n  mailer: smtp\n"
            "  smtp: { host: mail.example, port: 587, sender: keys@x.example }\n");
        CPPUNIT_ASSERT_EQUAL(std::string("mail.example"), c.smtp.host);
        CPPUNIT_ASSERT_EQUAL(587, c.smtp.port);
        CPPUNIT_ASSERT(c.smtp.starttls);  // on unless switched off
    }

    void refusals() {
        CPPUNIT_ASSERT(s_.error("accounts: { mailer: log }").find("m.yaml:1: accounts needs link_base_url") == 0);
        CPPUNIT_ASSERT(s_.error("accounts: { link_base_url: ftp://x }").find("must be an http") != std::string::npos);
        // The log mailer (the default) only for links to this machine: it logs working links.
        for (const char* base : {"https://ipfacts.example", "http://127.0.0.1.example", "http://localhost@evil"})
            CPPUNIT_ASSERT(
                s_.error(std::string("accounts: { link_base_url: '") + base + "' }").find("use mailer: smtp") !=
                std::string::npos);
        CPPUNIT_ASSERT(s_.error("accounts: { link_base_url: 'https://x', mailer: smtp }").find("needs an smtp") !=
                       std::string::npos);
        CPPUNIT_ASSERT(s_.error("accounts: { link_base_url: 'https://x', mailer: pigeon }").find("log or smtp") !=
                       std::string::npos);
        CPPUNIT_ASSERT(s_.error("accounts:\n  link_base_url: 'https://x'\n  mailer: smtp\n  smtp: { host: h }\n")
                           .find("m.yaml:4: accounts.smtp needs sender") == 0);
        CPPUNIT_ASSERT(
            s_.error("accounts: { link_base_url: 'https://x', link_lifetime_s: 5 }").find("link_lifetime_s") !=
            std::string::npos);
        CPPUNIT_ASSERT(s_.error("accounts: { link_base_url: 'https://x', typo: 1 }").find("typo") != std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(AccountsConfigTest);
