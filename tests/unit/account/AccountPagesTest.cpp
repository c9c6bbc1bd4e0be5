// AccountPages: values escaped, the key shown only when given, the forms'
// CSRF token and actions, and a policy that allows nothing but the page's style.
#include "host/account/AccountPages.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace ipfacts::account;

class AccountPagesTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AccountPagesTest);
    CPPUNIT_TEST(dashboardShowsKeysAndForms);
    CPPUNIT_TEST(valuesAreEscaped);
    CPPUNIT_TEST(policyIsStrict);
    CPPUNIT_TEST_SUITE_END();

public:
    void dashboardShowsKeysAndForms() {
        DashboardView v;
        v.keys.push_back({"aaaaaaaaaaaaaaaa", "h1", "acct", 1'790'000'000, 0, 0});
        v.keys.push_back({"bbbbbbbbbbbbbbbb", "h2", "acct", 1'790'000'000, 1'790'000'100, 0});
        v.usage["aaaaaaaaaaaaaaaa"] = {3, 40};
        v.csrf = "c5rf";
        const std::string page = dashboardPage("ipfacts.test", v);
        CPPUNIT_ASSERT(page.find("id=\"new-key\"") == std::string::npos);
        CPPUNIT_ASSERT(page.find("<tr data-key-id=\"aaaaaaaaaaaaaaaa\" data-state=\"live\">") != std::string::npos);
        CPPUNIT_ASSERT(page.find("<tr data-key-id=\"bbbbbbbbbbbbbbbb\" data-state=\"revoked\">") != std::string::npos);
        CPPUNIT_ASSERT(page.find("data-field=\"today\">3<") != std::string::npos);
        CPPUNIT_ASSERT(page.find("data-field=\"month\">40<") != std::string::npos);
        CPPUNIT_ASSERT(page.find("data-action=\"rotate\" data-key-id=\"aaaaaaaaaaaaaaaa\"") != std::string::npos);
        CPPUNIT_ASSERT(page.find("data-action=\"rotate\" data-key-id=\"bbbbbbbbbbbbbbbb\"") == std::string::npos);
        CPPUNIT_ASSERT(page.find("name=\"csrf\" value=\"c5rf\"") != std::string::npos);
        CPPUNIT_ASSERT(page.find("data-action=\"create\"") != std::string::npos);
        v.new_key = "ipf_new";
        v.max_live_keys = 1;
        const std::string full = dashboardPage("ipfacts.test", v);
        CPPUNIT_ASSERT(full.find("<output class=\"key\" id=\"new-key\">ipf_new</output>") != std::string::npos);
        CPPUNIT_ASSERT(full.find("data-action=\"create\"") == std::string::npos);  // 1 of 1 live
    }

    void valuesAreEscaped() {
        const std::string page = messagePage("<b>host</b>", "T", "a \"quoted\" <script>");
        CPPUNIT_ASSERT(page.find("<script>") == std::string::npos);
        CPPUNIT_ASSERT(page.find("&lt;script&gt;") != std::string::npos);
        CPPUNIT_ASSERT(page.find("&lt;b&gt;host") != std::string::npos);
        CPPUNIT_ASSERT(confirmPage("h", "\"><x").find("value=\"&quot;&gt;&lt;x\"") != std::string::npos);
    }

    void policyIsStrict() {
        const std::string& p = accountPagePolicy();
        CPPUNIT_ASSERT(p.find("default-src 'none'; style-src 'sha256-") == 0);
        CPPUNIT_ASSERT(p.find("form-action 'self'") != std::string::npos);
        CPPUNIT_ASSERT(p.find("frame-ancestors 'none'") != std::string::npos);
        CPPUNIT_ASSERT(p.find("script-src") == std::string::npos);
        CPPUNIT_ASSERT(p.find("unsafe") == std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(AccountPagesTest);
