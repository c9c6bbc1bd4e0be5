// Cached rows: every outcome round-trips; anything else is refused.
#include "RowCodec.h"

#include <cppunit/extensions/HelperMacros.h>

namespace ipfacts::dnsbl {

class RowCodecTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RowCodecTest);
    CPPUNIT_TEST(everyOutcomeRoundTrips);
    CPPUNIT_TEST(malformedBytesAreRefused);
    CPPUNIT_TEST_SUITE_END();

public:
    void everyOutcomeRoundTrips() {
        ListingResult listed;
        listed.outcome = ListingResult::Outcome::Listed;
        listed.codes = {"127.0.0.2", "127.0.0.4"};
        listed.reason = "spam source; the list says: 1:2|x";  // separators inside values
        listed.answer = {"127.0.0.2", "127.0.0.4"};
        listed.txt = "1:2|x";
        ListingResult error;
        error.outcome = ListingResult::Outcome::Error;
        error.error = "the query failed: timeout";
        error.transient = true;
        for (const ListingResult& r : {listed, error, ListingResult{}}) {
            std::optional<ListingResult> back = decodeRow(encodeRow(r));
            CPPUNIT_ASSERT(back);
            CPPUNIT_ASSERT(*back == r);
        }
    }
    void malformedBytesAreRefused() {
        const std::string good = encodeRow(ListingResult{});
        CPPUNIT_ASSERT(decodeRow(good));
        for (const std::string& bad : {std::string(), std::string("r1"), good + "x", good.substr(0, good.size() - 1),
                                       std::string("r2") + good.substr(2), std::string("r11:51:00:-+")})
            CPPUNIT_ASSERT_MESSAGE(bad, !decodeRow(bad));
        // Listed without codes breaks a row's invariant.
        ListingResult hollow;
        hollow.outcome = ListingResult::Outcome::Listed;
        CPPUNIT_ASSERT(!decodeRow(encodeRow(hollow)));
        std::string huge = "r11:01:0" + std::to_string(999) + ":";
        CPPUNIT_ASSERT(!decodeRow(huge));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RowCodecTest);

}  // namespace ipfacts::dnsbl
