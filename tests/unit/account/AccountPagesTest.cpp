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
    CPPUNIT_TEST(namesUseAndLimitsAreShown);
    CPPUNIT_TEST(revokingAsksFirst);
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

    void namesUseAndLimitsAreShown() {
        DashboardView v;
        v.keys.push_back({"aaaaaaaaaaaaaaaa", "h1", "acct", 1'790'000'000, 0, 0});
        v.keys.push_back({"bbbbbbbbbbbbbbbb", "h2", "acct", 1'790'000'000, 0, 0});
        v.usage["aaaaaaaaaaaaaaaa"] = {1234, 56789};
        v.names["aaaaaaaaaaaaaaaa"] = "CI <b>runner</b> & \"nightly\"";
        v.limits = {{"address", 120, 10000}, {"lookup", 120, 10000}, {"dnsleak", 20, 200}};
        v.days_in_month = 30;
        v.csrf = "c5rf";
        const std::string page = dashboardPage("ipfacts.test", v);
        CPPUNIT_ASSERT(page.find("<b>runner") == std::string::npos);
        CPPUNIT_ASSERT(page.find("data-field=\"name\">CI &lt;b&gt;runner&lt;/b&gt; &amp; &quot;nightly&quot;<") !=
                       std::string::npos);
        CPPUNIT_ASSERT(page.find("data-field=\"today\">1234</span> <span class=\"muted\" data-limit=\"day\">of "
                                 "10,000 a day<") != std::string::npos);
        CPPUNIT_ASSERT(page.find("data-limit=\"month\">of 300,000 this month<") != std::string::npos);
        CPPUNIT_ASSERT(page.find("<th scope=\"row\">dnsleak</th><td>20</td><td>200</td>") != std::string::npos);
        // The name field is bounded; the revoke button asks first.
        CPPUNIT_ASSERT(page.find("id=\"key-name\" name=\"name\" maxlength=\"64\"") != std::string::npos);
        CPPUNIT_ASSERT(page.find("name=\"action\" value=\"confirm_revoke\"") != std::string::npos);
        CPPUNIT_ASSERT(page.find("name=\"action\" value=\"revoke\"") == std::string::npos);
    }

    void revokingAsksFirst() {
        const std::string page = confirmRevokePage("ipfacts.test", "c5rf", "aaaaaaaaaaaaaaaa", "<i>ci</i>");
        CPPUNIT_ASSERT(page.find("<code>aaaaaaaaaaaaaaaa</code> (&lt;i&gt;ci&lt;/i&gt;)") != std::string::npos);
        CPPUNIT_ASSERT(page.find("name=\"action\" value=\"revoke\"") != std::string::npos);
        CPPUNIT_ASSERT(page.find("name=\"id\" value=\"aaaaaaaaaaaaaaaa\"") != std::string::npos);
        CPPUNIT_ASSERT(page.find("name=\"csrf\" value=\"c5rf\"") != std::string::npos);
        CPPUNIT_ASSERT(page.find("id=\"cancel\"") != std::string::npos);
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
