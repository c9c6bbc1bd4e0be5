// AccountStoreContract: what every AccountStore does, whatever holds it —
// keys by hash with ids, the version that moves on every change, at most N
// live keys even from many threads, rotate as one step, usage added per day
// and summed per month, links used once and refused when expired (their rows,
// and the plain address, deleted either way), sessions that end. A backend's
// suite derives from it with CPPUNIT_TEST_SUB_SUITE and says how to open its
// store (tests/unit/account: SQLite; tests/integration: PostgreSQL).
#pragma once

#include "host/store/AccountStore.h"

#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace ipfacts::testing {

class AccountStoreContract : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AccountStoreContract);
    CPPUNIT_TEST(addedKeyIsLiveAndVersionMoves);
    CPPUNIT_TEST(revokeByIdOfItsAccountOnly);
    CPPUNIT_TEST(atMostMaxLiveKeysEvenFromManyThreads);
    CPPUNIT_TEST(rotateRevokesAndAddsAsOneStep);
    CPPUNIT_TEST(keysAreNamedAndKeepTheirNameWhenRotated);
    CPPUNIT_TEST(usageAddsUpPerDayAndMonth);
    CPPUNIT_TEST(linkIsUsedOnce);
    CPPUNIT_TEST(usableLinkIsToldWithoutUsingIt);
    CPPUNIT_TEST(expiredLinkIsRefusedAndDeleted);
    CPPUNIT_TEST(accountIsFoundByItsHash);
    CPPUNIT_TEST(sessionsEnd);
    CPPUNIT_TEST(schemaAppliesTwiceAndKeepsData);
    CPPUNIT_TEST_SUITE_END_ABSTRACT();

protected:
    static constexpr int64_t kNow = 1'790'000'000;  // 2026-09-21
    static std::string hashOf(int i) { return store::sha256Hex("key-" + std::to_string(i)); }
    /// The backend's store on the same data each time it is called in one test.
    virtual std::unique_ptr<store::AccountStore> open() = 0;

public:
    void addedKeyIsLiveAndVersionMoves() {
        auto store = open();
        auto& s = *store;
        const int64_t v0 = s.keysVersion();
        CPPUNIT_ASSERT(s.addKey(hashOf(1), "acct_a", kNow, 5));
        CPPUNIT_ASSERT(s.keysVersion() > v0);
        auto live = s.liveKeys();
        CPPUNIT_ASSERT_EQUAL(size_t(1), live.size());
        CPPUNIT_ASSERT_EQUAL(hashOf(1).substr(0, 16), live[0].id);
        CPPUNIT_ASSERT_EQUAL(std::string("acct_a"), live[0].account);
        CPPUNIT_ASSERT(s.findLive(hashOf(1)).has_value());
        CPPUNIT_ASSERT(!s.findLive(hashOf(2)).has_value());
    }

    void revokeByIdOfItsAccountOnly() {
        auto store = open();
        auto& s = *store;
        s.addKey(hashOf(1), "acct_a", kNow, 5);
        const std::string id = hashOf(1).substr(0, 16);
        const int64_t v = s.keysVersion();
        CPPUNIT_ASSERT(!s.revokeKey("acct_b", id, kNow));  // another account's key
        CPPUNIT_ASSERT_EQUAL(v, s.keysVersion());
        CPPUNIT_ASSERT(s.revokeKey("acct_a", id, kNow + 5));
        CPPUNIT_ASSERT(s.keysVersion() > v);
        CPPUNIT_ASSERT(!s.revokeKey("acct_a", id, kNow));  // already revoked
        CPPUNIT_ASSERT(s.liveKeys().empty());
        auto all = s.keysOf("acct_a");
        CPPUNIT_ASSERT_EQUAL(size_t(1), all.size());
        CPPUNIT_ASSERT_EQUAL(kNow + 5, all[0].revoked_at);
        // The admin (no account) revokes any key.
        s.addKey(hashOf(2), "acct_b", kNow, 5);
        CPPUNIT_ASSERT(s.revokeKey("", hashOf(2).substr(0, 16), kNow));
    }

    void atMostMaxLiveKeysEvenFromManyThreads() {
        auto store = open();
        auto& s = *store;
        std::vector<std::thread> threads;
        std::atomic<int> added{0};
        for (int i = 0; i < 8; ++i)
            threads.emplace_back([&s, &added, i] { added += s.addKey(hashOf(i), "acct_a", kNow, 5) ? 1 : 0; });
        for (auto& t : threads) t.join();
        CPPUNIT_ASSERT_EQUAL(5, added.load());
        CPPUNIT_ASSERT_EQUAL(5, s.liveKeyCount("acct_a"));
        // Revoking one makes room for one.
        CPPUNIT_ASSERT(s.revokeKey("acct_a", s.liveKeys()[0].id, kNow));
        CPPUNIT_ASSERT(s.addKey(hashOf(100), "acct_a", kNow, 5));
        CPPUNIT_ASSERT(!s.addKey(hashOf(101), "acct_a", kNow, 5));
    }

    void rotateRevokesAndAddsAsOneStep() {
        auto store = open();
        auto& s = *store;
        s.addKey(hashOf(1), "acct_a", kNow, 5);
        CPPUNIT_ASSERT(
            !s.rotateKey("acct_b", hashOf(1).substr(0, 16), hashOf(2), kNow));  // not theirs: nothing changes
        CPPUNIT_ASSERT(!s.findLive(hashOf(2)));
        CPPUNIT_ASSERT(s.findLive(hashOf(1)));
        CPPUNIT_ASSERT(s.rotateKey("acct_a", hashOf(1).substr(0, 16), hashOf(2), kNow));
        CPPUNIT_ASSERT(!s.findLive(hashOf(1)));
        CPPUNIT_ASSERT_EQUAL(std::string("acct_a"), s.findLive(hashOf(2))->account);
    }

    void keysAreNamedAndKeepTheirNameWhenRotated() {
        auto store = open();
        auto& s = *store;
        s.addKey(hashOf(1), "acct_a", kNow, 5);
        s.addKey(hashOf(2), "acct_a", kNow, 5);
        s.addKey(hashOf(3), "acct_b", kNow, 5);
        const std::string id1 = hashOf(1).substr(0, 16), id3 = hashOf(3).substr(0, 16);
        s.nameKey(id1, "CI <runner> \xC3\xB1");
        s.nameKey(id3, "theirs");
        auto names = s.keyNamesOf("acct_a");
        CPPUNIT_ASSERT_EQUAL(size_t(1), names.size());  // the other account's and unnamed keys are absent
        CPPUNIT_ASSERT_EQUAL(std::string("CI <runner> \xC3\xB1"), names[id1]);
        s.nameKey(id1, "renamed");
        CPPUNIT_ASSERT_EQUAL(std::string("renamed"), s.keyNamesOf("acct_a")[id1]);
        CPPUNIT_ASSERT(s.rotateKey("acct_a", id1, hashOf(4), kNow));
        CPPUNIT_ASSERT_EQUAL(std::string("renamed"), s.keyNamesOf("acct_a")[hashOf(4).substr(0, 16)]);
        s.nameKey(hashOf(4).substr(0, 16), "");
        CPPUNIT_ASSERT_EQUAL(size_t(0), s.keyNamesOf("acct_a").count(hashOf(4).substr(0, 16)));
    }

    void usageAddsUpPerDayAndMonth() {
        auto store = open();
        auto& s = *store;
        s.addKey(hashOf(1), "acct_a", kNow, 5);
        const std::string id = hashOf(1).substr(0, 16);
        s.addUsage("2026-09-01", {{id, 10}}, kNow);
        s.addUsage("2026-09-21", {{id, 3}}, kNow);
        s.addUsage("2026-09-21", {{id, 4}}, kNow + 60);
        s.addUsage("2026-08-31", {{id, 100}}, kNow);  // last month
        auto u = s.usageOf("acct_a", "2026-09-21");
        CPPUNIT_ASSERT_EQUAL(int64_t(7), u[id].today);
        CPPUNIT_ASSERT_EQUAL(int64_t(17), u[id].month);
        CPPUNIT_ASSERT_EQUAL(int64_t(7), s.usageOn("2026-09-21")[id]);
        CPPUNIT_ASSERT_EQUAL(kNow + 60, s.keysOf("acct_a")[0].last_used_at);
        CPPUNIT_ASSERT_EQUAL(std::string("2026-09-21"), store::utcDay(kNow));
    }

    void linkIsUsedOnce() {
        auto store = open();
        auto& s = *store;
        s.addLink(store::sha256Hex("t1"), "a@example.com", "hash-a", kNow, kNow + 900);
        auto link = s.takeLink(store::sha256Hex("t1"), kNow + 10);
        CPPUNIT_ASSERT(link.has_value());
        CPPUNIT_ASSERT_EQUAL(std::string("a@example.com"), link->email);
        CPPUNIT_ASSERT_EQUAL(std::string("hash-a"), link->email_hash);
        CPPUNIT_ASSERT(!s.takeLink(store::sha256Hex("t1"), kNow + 11).has_value());
        CPPUNIT_ASSERT(!s.takeLink(store::sha256Hex("never"), kNow).has_value());
    }

    void usableLinkIsToldWithoutUsingIt() {
        auto store = open();
        auto& s = *store;
        s.addLink(store::sha256Hex("t1"), "a@example.com", "hash-a", kNow, kNow + 900);
        CPPUNIT_ASSERT(s.linkUsable(store::sha256Hex("t1"), kNow + 10));
        CPPUNIT_ASSERT(s.linkUsable(store::sha256Hex("t1"), kNow + 10));    // asking used nothing
        CPPUNIT_ASSERT(!s.linkUsable(store::sha256Hex("t1"), kNow + 900));  // expired
        CPPUNIT_ASSERT(!s.linkUsable(store::sha256Hex("never"), kNow));
        CPPUNIT_ASSERT(s.takeLink(store::sha256Hex("t1"), kNow + 11).has_value());
        CPPUNIT_ASSERT(!s.linkUsable(store::sha256Hex("t1"), kNow + 12));  // used
    }

    void expiredLinkIsRefusedAndDeleted() {
        auto store = open();
        auto& s = *store;
        s.addLink(store::sha256Hex("t1"), "a@example.com", "hash-a", kNow, kNow + 900);
        s.addLink(store::sha256Hex("t2"), "b@example.com", "hash-b", kNow, kNow + 900);
        s.addLink(store::sha256Hex("t3"), "c@example.com", "hash-c", kNow + 600, kNow + 1500);
        CPPUNIT_ASSERT(!s.takeLink(store::sha256Hex("t1"), kNow + 900).has_value());  // at the second it expires
        CPPUNIT_ASSERT_EQUAL(1, s.purgeExpiredLinks(kNow + 901));                     // t2; t1 went with its refusal
        CPPUNIT_ASSERT(s.takeLink(store::sha256Hex("t3"), kNow + 901).has_value());
    }

    void accountIsFoundByItsHash() {
        auto store = open();
        auto& s = *store;
        const std::string a = s.accountFor("hash-a", kNow);
        CPPUNIT_ASSERT(a.rfind("acct_", 0) == 0);
        CPPUNIT_ASSERT_EQUAL(a, s.accountFor("hash-a", kNow + 100));
        CPPUNIT_ASSERT(a != s.accountFor("hash-b", kNow));
    }

    void sessionsEnd() {
        auto store = open();
        auto& s = *store;
        s.addSession(store::sha256Hex("s1"), "acct_a", kNow + 100);
        CPPUNIT_ASSERT_EQUAL(std::string("acct_a"), *s.sessionAccount(store::sha256Hex("s1"), kNow));
        CPPUNIT_ASSERT(!s.sessionAccount(store::sha256Hex("s1"), kNow + 100));  // expired
        s.addSession(store::sha256Hex("s2"), "acct_a", kNow + 100);
        s.endSession(store::sha256Hex("s2"));
        CPPUNIT_ASSERT(!s.sessionAccount(store::sha256Hex("s2"), kNow));
    }

    void schemaAppliesTwiceAndKeepsData() {
        {
            auto store = open();
            store->addKey(hashOf(1), "acct_a", kNow, 5);
        }
        auto again_store = open();
        auto& again = *again_store;
        CPPUNIT_ASSERT(again.findLive(hashOf(1)).has_value());
        CPPUNIT_ASSERT(again.keysVersion() >= 1);
    }
};

}  // namespace ipfacts::testing
