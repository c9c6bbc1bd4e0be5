// Where an installed ipfactsd finds its manifest without --config: the
// GNUInstallDirs rule that packaging/InstallLayout.cmake also applies when it
// writes the manifest (tests/install checks the two agree for a scratch prefix).
#include "host/install/InstallLayout.h"

#include <cppunit/extensions/HelperMacros.h>

#include <string>

using ipfacts::install::installedManifest;
using ipfacts::install::sysconfDirOf;

class InstallLayoutTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(InstallLayoutTest);
    CPPUNIT_TEST(packagePrefixReadsEtc);
    CPPUNIT_TEST(otherPrefixesReadTheirOwnEtc);
    CPPUNIT_TEST(optPrefixesReadEtcOpt);
    CPPUNIT_TEST(buildTreeHasNoDefault);
    CPPUNIT_TEST(adminCommandReadsTheSameManifest);
    CPPUNIT_TEST(nestedAndAbsoluteFolders);
    CPPUNIT_TEST_SUITE_END();

    static std::string of(const char* exe, const char* sbindir = "sbin", const char* sysconfdir = "etc") {
        auto p = installedManifest(exe, sbindir, sysconfdir);
        return p ? p->string() : "(none)";
    }

public:
    void packagePrefixReadsEtc() {
        CPPUNIT_ASSERT_EQUAL(std::string("/etc/ipfacts/ipfacts.yaml"), of("/usr/sbin/ipfactsd"));
        CPPUNIT_ASSERT_EQUAL(std::string("/etc/ipfacts/ipfacts.yaml"), of("/sbin/ipfactsd"));
        CPPUNIT_ASSERT_EQUAL(std::string("/etc/ipfacts/ipfacts.yaml"), of("/usr//sbin/./ipfactsd"));
    }
    void otherPrefixesReadTheirOwnEtc() {
        CPPUNIT_ASSERT_EQUAL(std::string("/usr/local/etc/ipfacts/ipfacts.yaml"), of("/usr/local/sbin/ipfactsd"));
        CPPUNIT_ASSERT_EQUAL(std::string("/tmp/p/etc/ipfacts/ipfacts.yaml"), of("/tmp/p/sbin/ipfactsd"));
        CPPUNIT_ASSERT_EQUAL(std::string("/srv/x/etc"), sysconfDirOf("/srv/x", "etc").string());
    }
    void optPrefixesReadEtcOpt() {
        CPPUNIT_ASSERT_EQUAL(std::string("/etc/opt/ipfacts/ipfacts/ipfacts.yaml"), of("/opt/ipfacts/sbin/ipfactsd"));
    }
    void buildTreeHasNoDefault() {
        CPPUNIT_ASSERT_EQUAL(std::string("(none)"), of("/work/build/host/ipfactsd"));
        CPPUNIT_ASSERT_EQUAL(std::string("(none)"), of("ipfactsd"));
    }
    void adminCommandReadsTheSameManifest() {
        // `ipfacts` sits in <bindir>: from there the same prefix, the same manifest.
        CPPUNIT_ASSERT_EQUAL(std::string("/etc/ipfacts/ipfacts.yaml"), of("/usr/bin/ipfacts", "bin"));
        CPPUNIT_ASSERT_EQUAL(std::string("/tmp/p/etc/ipfacts/ipfacts.yaml"), of("/tmp/p/bin/ipfacts", "bin"));
        CPPUNIT_ASSERT_EQUAL(std::string("(none)"), of("/work/build/host/ipfacts", "bin"));
    }
    void nestedAndAbsoluteFolders() {
        CPPUNIT_ASSERT_EQUAL(std::string("/p/conf/ipfacts/ipfacts.yaml"),
                             of("/p/lib/ipfacts/bin/ipfactsd", "lib/ipfacts/bin", "conf"));
        CPPUNIT_ASSERT_EQUAL(std::string("(none)"), of("/p/bin/ipfactsd", "lib/ipfacts/bin", "conf"));
        CPPUNIT_ASSERT_EQUAL(std::string("/cfg/ipfacts/ipfacts.yaml"), of("/opt/x/bin/ipfactsd", "/opt/x/bin", "/cfg"));
        CPPUNIT_ASSERT_EQUAL(std::string("(none)"), of("/opt/y/bin/ipfactsd", "/opt/x/bin", "/cfg"));
        CPPUNIT_ASSERT_EQUAL(std::string("/cfg/ipfacts/ipfacts.yaml"), of("/usr/sbin/ipfactsd", "sbin", "/cfg"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(InstallLayoutTest);
