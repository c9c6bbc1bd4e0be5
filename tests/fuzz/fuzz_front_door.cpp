// Fuzz target: what the front door reads from clients and rewrites for them.
// The input is split at its first '\n': the part before is an Accept header
// for chooseForm (host/front/MediaChoice.cpp, with and without a command-line
// User-Agent); the part after is a body for the JSON rewrites of
// host/pipeline/JsonShape.cpp, prettyJson and selectMembers (as a handler's
// answer, whose bytes are not trusted to be well-formed).
#include "host/front/MediaChoice.h"
#include "host/pipeline/JsonShape.h"

#include "tests/fuzz/FuzzCheck.h"
#include "tests/support/MinifiedJson.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

using namespace ipfacts;

namespace {

/// The top-level member names of an object body, as selectMembers reads them (best effort).
std::vector<std::string> someNames(std::string_view body) {
    std::vector<std::string> names;
    size_t at = 0;
    while (names.size() < 3 && (at = body.find('"', at)) != std::string_view::npos) {
        const size_t end = body.find('"', at + 1);
        if (end == std::string_view::npos) break;
        names.emplace_back(body.substr(at + 1, end - at - 1));
        at = end + 1;
    }
    return names;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const size_t nl = input.find('\n');
    const std::string_view accept = input.substr(0, nl);
    const std::string_view body = nl == std::string_view::npos ? std::string_view() : input.substr(nl + 1);

    // The three forms only; a command-line agent without a deciding Accept gets text.
    const front::FrontForm cli = front::chooseForm(accept, "curl/8", true);
    const front::FrontForm browser = front::chooseForm(accept, "Mozilla/5.0", false);
    FUZZ_CHECK(cli == front::FrontForm::Text || cli == front::FrontForm::Json || cli == front::FrontForm::Html);
    // The agent decides only when Accept does not: the two differ only as text vs html.
    if (cli != browser) FUZZ_CHECK(cli == front::FrontForm::Text && browser == front::FrontForm::Html);
    FUZZ_CHECK(front::chooseForm("", "curl/8", true) == front::FrontForm::Text);

    // pretty: unchanged (not JSON it can lay out), or the same tokens with a final newline.
    const std::string pretty = pipeline::prettyJson(body);
    if (pretty != body) {
        FUZZ_CHECK(!pretty.empty() && pretty.back() == '\n');
        FUZZ_CHECK(ipfacts::testing::minifiedJson(pretty) == ipfacts::testing::minifiedJson(body));
        FUZZ_CHECK(pipeline::prettyJson(pretty) == pretty);  // idempotent
    }
    // fields: unchanged (not an object), or an object no longer than the input.
    const std::vector<std::string> names = someNames(body);
    const std::string cut = pipeline::selectMembers(body, names);
    if (cut != body) {
        FUZZ_CHECK(cut.size() >= 2 && cut.front() == '{' && cut.back() == '}');
        FUZZ_CHECK(cut.size() <= body.size());                   // members copied as they are, never more commas
        FUZZ_CHECK(pipeline::selectMembers(cut, names) == cut);  // selecting again keeps it
    }
    return 0;
}
