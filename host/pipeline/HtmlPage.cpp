#include "host/pipeline/HtmlPage.h"

#include <openssl/evp.h>

namespace ipfacts::pipeline {

std::string htmlEscape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string inlineStylePolicy(std::string_view style, std::string_view form_action) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_Digest(style.data(), style.size(), digest, &len, EVP_sha256(), nullptr);
    unsigned char b64[4 * ((EVP_MAX_MD_SIZE + 2) / 3) + 1];
    int n = EVP_EncodeBlock(b64, digest, static_cast<int>(len));
    return "default-src 'none'; style-src 'sha256-" + std::string(reinterpret_cast<char*>(b64), static_cast<size_t>(n)) +
           "'; img-src 'self' data:; base-uri 'none'; form-action " + std::string(form_action) +
           "; frame-ancestors 'none'";
}

}  // namespace ipfacts::pipeline
