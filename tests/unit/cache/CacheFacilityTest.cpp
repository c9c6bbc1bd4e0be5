// CacheFacility: the C table plugins call, namespaced by the caller's plugin name.
#include "host/cache/MemoryCache.h"
#include "host/facilities/cache/CacheFacility.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>
#include <string>

using namespace ipfacts::facilities;
using namespace ipfacts::facilities::cache;
using namespace ipfacts::cache;

class CacheFacilityTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CacheFacilityTest);
    CPPUNIT_TEST(pluginsAreNamespaced);
    CPPUNIT_TEST(misuseAndAbsence);
    CPPUNIT_TEST_SUITE_END();

    static ipf_plugin_ctx* handle(FacilityContext& c) { return reinterpret_cast<ipf_plugin_ctx*>(&c); }

public:
    void pluginsAreNamespaced() {
        FacilitySet set;
        auto backend = std::make_shared<MemoryCache>(1 << 20);
        set.add(std::make_unique<CacheFacility>(backend));
        ipf_host_api api{};
        set.fill(api);
        CPPUNIT_ASSERT(api.cache == &CacheFacility::table());
        const ipf_cache_api& t = *api.cache;
        FacilityContext a{"alpha", &set}, b{"beta", &set};
        CPPUNIT_ASSERT_EQUAL(IPF_OK, t.put(handle(a), {"k", 1}, {"from alpha", 10}, 60000));
        ipf_str out{};
        CPPUNIT_ASSERT_EQUAL(IPF_NOT_FOUND, t.get(handle(b), {"k", 1}, &out));
        CPPUNIT_ASSERT(out.ptr == nullptr);
        CPPUNIT_ASSERT_EQUAL(IPF_OK, t.put(handle(b), {"k", 1}, {"from beta", 9}, 60000));
        CPPUNIT_ASSERT_EQUAL(IPF_OK, t.get(handle(a), {"k", 1}, &out));
        CPPUNIT_ASSERT_EQUAL(std::string("from alpha"), std::string(out.ptr, out.len));
        t.value_free(out.ptr);
        CPPUNIT_ASSERT_EQUAL(IPF_OK, t.get(handle(b), {"k", 1}, &out));
        CPPUNIT_ASSERT_EQUAL(std::string("from beta"), std::string(out.ptr, out.len));
        t.value_free(out.ptr);
        // The host's namespace is the plugin name, as the backend sees it.
        CPPUNIT_ASSERT(backend->get("alpha", "k"));
        // An empty value is a hit with a non-NULL pointer.
        CPPUNIT_ASSERT_EQUAL(IPF_OK, t.put(handle(a), {"e", 1}, {"", 0}, 60000));
        CPPUNIT_ASSERT_EQUAL(IPF_OK, t.get(handle(a), {"e", 1}, &out));
        CPPUNIT_ASSERT(out.ptr != nullptr && out.len == 0);
        t.value_free(out.ptr);
        t.value_free(nullptr);
    }

    void misuseAndAbsence() {
        FacilitySet set;
        set.add(std::make_unique<CacheFacility>(std::make_shared<MemoryCache>(1 << 20)));
        const ipf_cache_api& t = CacheFacility::table();
        FacilityContext a{"alpha", &set};
        CPPUNIT_ASSERT_EQUAL(IPF_INVALID, t.put(handle(a), {"k", 1}, {"v", 1}, 0));
        CPPUNIT_ASSERT_EQUAL(IPF_INVALID, t.get(handle(a), {"k", 1}, nullptr));
        CPPUNIT_ASSERT_EQUAL(IPF_ERROR,
                             t.put(handle(a), {"big", 3}, {std::string(2 << 20, 'x').c_str(), 2 << 20}, 1000));
        FacilitySet empty;
        FacilityContext none{"alpha", &empty};
        ipf_str out{};
        CPPUNIT_ASSERT_EQUAL(IPF_UNAVAILABLE, t.get(handle(none), {"k", 1}, &out));
        CPPUNIT_ASSERT_EQUAL(IPF_UNAVAILABLE, t.put(handle(none), {"k", 1}, {"v", 1}, 1000));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CacheFacilityTest);
