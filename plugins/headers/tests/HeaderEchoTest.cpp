// Checks the /api/v1/headers body against a request served by a fake host
// table, so the redaction rule is proven on the real writer.
#include "HeaderEcho.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ipfacts::headers {
namespace {

/// The request the fake host serves: only what the echo reads.
struct FakeRequest {
    std::vector<std::pair<std::string, std::string>> headers;
};

const FakeRequest& fake(const ipf_request* req) { return *reinterpret_cast<const FakeRequest*>(req); }

ipf_str fakeMethod(const ipf_request*) { return str("GET"); }
ipf_str fakeProtocol(const ipf_request*) { return str("HTTP/1.1"); }
ipf_str fakeTls(const ipf_request*) { return str("TLSv1.3"); }
size_t fakeHeaderCount(const ipf_request* req) { return fake(req).headers.size(); }
ipf_status fakeHeaderAt(const ipf_request* req, size_t i, ipf_str* name, ipf_str* value) {
    if (i >= fake(req).headers.size()) return IPF_NOT_FOUND;
    *name = str(fake(req).headers[i].first);
    *value = str(fake(req).headers[i].second);
    return IPF_OK;
}

ipf_host_api fakeHostApi() {
    ipf_host_api api{};
    api.struct_size = sizeof api;
    api.abi_major = IPF_ABI_MAJOR;
    api.abi_minor = IPF_ABI_MINOR;
    api.request_method = fakeMethod;
    api.protocol = fakeProtocol;
    api.tls_version = fakeTls;
    api.header_count = fakeHeaderCount;
    api.header_at = fakeHeaderAt;
    return api;
}

std::string shippedCataloguePath() {
    const char* root = std::getenv("IPFACTS_SOURCE_DIR");
    if (!root) throw std::runtime_error("IPFACTS_SOURCE_DIR is not set (ctest sets it)");
    return std::string(root) + "/etc/headers.yaml";
}

bool contains(const std::string& haystack, const std::string& needle) {
    return haystack.find(needle) != std::string::npos;
}

}  // namespace

class HeaderEchoTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HeaderEchoTest);
    CPPUNIT_TEST(echoesHeadersInOrderLowerCased);
    CPPUNIT_TEST(redactsCredentialsWhateverTheirCase);
    CPPUNIT_TEST(explainsKnownAndUnknownHeaders);
    CPPUNIT_TEST(carriesConnectionFieldsAndStamp);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        catalogue_ = std::make_unique<HeaderCatalogue>(shippedCataloguePath());
        request_.headers = {{"Host", "api.example"},
                            {"User-Agent", "curl/8.5.0"},
                            {"COOKIE", "session=s3cret"},
                            {"authorization", "Bearer k3y"},
                            {"Proxy-Authorization", "Basic cHJveHk="},
                            {"X-Made-Up", "1"},
                            {"Made-Up", "2"}};
        body_ = echo();
    }
    void tearDown() override { catalogue_.reset(); }

    void echoesHeadersInOrderLowerCased() {
        const size_t host = body_.find(R"({"name":"host","value":"api.example","redacted":false,)");
        const size_t ua = body_.find(R"({"name":"user-agent","value":"curl/8.5.0","redacted":false,)");
        const size_t madeUp = body_.find(R"({"name":"made-up","value":"2")");
        CPPUNIT_ASSERT_MESSAGE(body_, host != std::string::npos && ua != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(body_, host < ua && ua < madeUp && madeUp != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(body_, body_.rfind(R"({"headers":[{"name":"host",)", 0) == 0);
    }

    void redactsCredentialsWhateverTheirCase() {
        for (const char* name : {"cookie", "authorization", "proxy-authorization"})
            CPPUNIT_ASSERT_MESSAGE(body_, contains(body_, std::string(R"({"name":")") + name +
                                                              R"(","value":"[redacted]","redacted":true,)"));
        for (const char* secret : {"s3cret", "k3y", "cHJveHk="})
            CPPUNIT_ASSERT_MESSAGE(secret, !contains(body_, secret));
    }

    void explainsKnownAndUnknownHeaders() {
        CPPUNIT_ASSERT(contains(body_, R"("explanation":")" + std::string(catalogue_->explain("user-agent")) + "\""));
        CPPUNIT_ASSERT(contains(body_, R"("value":"1","redacted":false,"explanation":")" +
                                           std::string(catalogue_->unknownExtensionExplanation()) + "\""));
        CPPUNIT_ASSERT(contains(body_, R"("value":"2","redacted":false,"explanation":")" +
                                           std::string(catalogue_->unknownExplanation()) + "\""));
    }

    void carriesConnectionFieldsAndStamp() {
        const std::string tail =
            R"(],"method":"GET","protocol":"HTTP/1.1","tls":"TLSv1.3","checked_at":"2026-11-22T18:51:11Z",)"
            R"("source":"ipfacts.example"})";
        CPPUNIT_ASSERT_MESSAGE(
            body_, body_.size() > tail.size() && body_.compare(body_.size() - tail.size(), tail.size(), tail) == 0);
    }

private:
    std::string echo() const {
        const ipf_host_api api = fakeHostApi();
        const Request req(&api, reinterpret_cast<const ipf_request*>(&request_));
        return writeHeaderEcho(req, *catalogue_, ResponseStamp{"2026-11-22T18:51:11Z", "ipfacts.example"});
    }

    std::unique_ptr<HeaderCatalogue> catalogue_;
    FakeRequest request_;
    std::string body_;
};

CPPUNIT_TEST_SUITE_REGISTRATION(HeaderEchoTest);

}  // namespace ipfacts::headers
