#include "host/html/HtmlText.h"

#include <openssl/evp.h>

namespace ipfacts::html {
namespace {

std::string sha256Base64(std::string_view text) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_Digest(text.data(), text.size(), digest, &len, EVP_sha256(), nullptr);
    unsigned char out[4 * ((EVP_MAX_MD_SIZE + 2) / 3) + 1];
    int n = EVP_EncodeBlock(out, digest, static_cast<int>(len));
    return std::string(reinterpret_cast<char*>(out), static_cast<size_t>(n));
}

}  // namespace

std::string escape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string strictPolicy(std::string_view style, std::string_view form_action) {
    return "default-src 'none'; style-src 'sha256-" + sha256Base64(style) +
           "'; img-src 'self' data:; base-uri 'none'; form-action " + std::string(form_action) +
           "; frame-ancestors 'none'";
}

std::string hashSource(std::string_view text) { return "'sha256-" + sha256Base64(text) + "'"; }

}  // namespace ipfacts::html
