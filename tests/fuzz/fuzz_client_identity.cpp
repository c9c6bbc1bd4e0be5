// Fuzz target: the identify stage (host/pipeline/ClientIdentity.cpp) and the
// address parsing under it (host/net/IpAddress.cpp), which read the
// X-Forwarded-For, Forwarded and Authorization headers as any client sends them.
// The input is split on '\n' into: X-Forwarded-For value, Forwarded value,
// Authorization value, raw query, one more trusted proxy range; the peer is
// 10.0.0.1, trusted through "10.0.0.0/8". Every field is also parsed as an
// address (toString round trip) and as a CIDR range.
#include "host/net/IpAddress.h"
#include "host/pipeline/ClientIdentity.h"
#include "host/pipeline/HttpText.h"

#include "tests/fuzz/FuzzCheck.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

using namespace ipfacts::pipeline;
using ipfacts::net::CidrRange;
using ipfacts::net::IpAddress;

namespace {

constexpr size_t kFields = 5;

/// The fields, each in a buffer of its own exactly as long as the field, so
/// ASan sees a read past the end of any one of them.
std::vector<std::vector<char>> splitFields(std::string_view in) {
    std::vector<std::vector<char>> out;
    while (out.size() + 1 < kFields) {
        size_t nl = in.find('\n');
        if (nl == std::string_view::npos) break;
        out.emplace_back(in.begin(), in.begin() + nl);
        in.remove_prefix(nl + 1);
    }
    out.emplace_back(in.begin(), in.end());
    out.resize(kFields);
    return out;
}

std::string_view viewOf(const std::vector<char>& field) { return {field.data(), field.size()}; }

void checkAddress(std::string_view text) {
    auto a = IpAddress::parse(text);
    if (!a) return;
    std::string canonical = a->toString();
    auto again = IpAddress::parse(canonical);
    FUZZ_CHECK(again.has_value());
    FUZZ_CHECK(*again == *a);
    FUZZ_CHECK(again->toString() == canonical);
    FUZZ_CHECK(a->size() == (a->isV4() ? 4u : 16u));
}

void checkRange(std::string_view text) {
    auto r = CidrRange::parse(text);
    if (!r) return;
    // The range holds the address it was written with, and nothing of the other
    // family. A block written in IPv4-mapped form with a prefix of 96 or more is
    // held as IPv4 (::ffff:10.0.0.0/104 is 10.0.0.0/8), so its other family is IPv6.
    const size_t slash = text.find('/');
    auto base = IpAddress::parse(text.substr(0, slash));
    FUZZ_CHECK(base.has_value());
    FUZZ_CHECK(r->contains(*base));
    unsigned prefix = base->isV4() ? 32 : 128;
    if (slash != std::string_view::npos) {
        prefix = 0;
        for (char c : text.substr(slash + 1)) prefix = prefix * 10 + static_cast<unsigned>(c - '0');
    }
    const bool heldAsV4 = base->isV4() || (prefix >= 96 && base->unmapped().isV4());
    auto other = IpAddress::parse(heldAsV4 ? "::1" : "127.0.0.1");
    FUZZ_CHECK(!r->contains(*other));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::vector<std::vector<char>> fields = splitFields({reinterpret_cast<const char*>(data), size});
    std::vector<std::string_view> f;
    for (const auto& field : fields) f.push_back(viewOf(field));
    const std::string_view xff = f[0], forwarded = f[1], authorization = f[2], query = f[3], proxy = f[4];

    HttpRequest req;
    req.peer = *IpAddress::parse("10.0.0.1");
    req.headers = {{"X-Forwarded-For", xff}, {"Forwarded", forwarded}, {"Authorization", authorization}};
    HttpRequest noXff = req;
    noXff.headers.erase(noXff.headers.begin());  // so the Forwarded header is walked

    const ClientIdentity identity({"10.0.0.0/8", std::string(proxy)});
    FUZZ_CHECK(identity.trusted(req.peer));
    for (const HttpRequest* r : {&req, &noXff}) {
        IpAddress client = identity.clientOf(*r);
        auto again = IpAddress::parse(client.toString());
        FUZZ_CHECK(again && *again == client);
    }
    // A peer nobody trusts is its own client, whatever it forwards.
    HttpRequest untrusted = req;
    untrusted.peer = *IpAddress::parse("192.0.2.1");
    FUZZ_CHECK(identity.clientOf(untrusted) == untrusted.peer || identity.trusted(untrusted.peer));

    // The key comes from what the client sent: the Bearer header verbatim, or
    // the query's key parameter, decoded (so never longer than the query).
    for (const HttpRequest* r : {&req, &noXff}) {
        auto key = ClientIdentity::presentedKey(*r, query);
        if (!key) continue;
        FUZZ_CHECK(authorization.find(*key) != std::string_view::npos || key->size() <= query.size());
    }
    // Without an Authorization header only a key parameter is a key, and a
    // query holding one always yields it; the key-free target holds none.
    HttpRequest bare;
    auto key = ClientIdentity::presentedKey(bare, query);
    FUZZ_CHECK(key.has_value() == hasKeyParam(query));
    const std::string keyless = removeKeyParam("/?" + std::string(query));
    FUZZ_CHECK(!hasKeyParam(keyless.size() > 2 ? std::string_view(keyless).substr(2) : std::string_view()));

    for (std::string_view field : f) {
        checkAddress(field);
        checkRange(field);
    }
    return 0;
}
