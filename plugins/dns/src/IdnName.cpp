#include "IdnName.h"

#include "AsciiName.h"

#include <idn2.h>

#include <memory>
#include <string>

namespace ipfacts::dns {
namespace {

// idn2 allocates its result with its own allocator; only idn2_free may release it.
struct Idn2Free {
    void operator()(char* p) const { idn2_free(p); }
};
using Idn2String = std::unique_ptr<char, Idn2Free>;

}  // namespace

NameCheck idnToAscii(std::string_view utf8) {
    const std::string input(utf8);  // idn2 reads a NUL-terminated string
    char* raw = nullptr;
    const int rc = idn2_to_ascii_8z(input.c_str(), &raw, IDN2_NONTRANSITIONAL | IDN2_NFC_INPUT);
    const Idn2String output(raw);
    if (rc != IDN2_OK)
        return NameCheck::invalid(std::string("the name is not a valid internationalised domain name: ") +
                                  idn2_strerror(rc));
    // idn2 passes ASCII it does not own (spaces, '*', empty labels) through
    // unchanged, so the result still has to meet the plain DNS rules.
    return checkAsciiName(output.get());
}

}  // namespace ipfacts::dns
