#include "OpensslHandles.h"

namespace ipfacts::ssl {

X509Ptr parseDer(std::string_view der) {
    const auto* p = reinterpret_cast<const unsigned char*>(der.data());
    X509Ptr cert(d2i_X509(nullptr, &p, static_cast<long>(der.size())));
    // Bytes left over mean this was not one certificate: refuse rather than guess.
    if (cert && p != reinterpret_cast<const unsigned char*>(der.data()) + der.size()) return nullptr;
    return cert;
}

}  // namespace ipfacts::ssl
