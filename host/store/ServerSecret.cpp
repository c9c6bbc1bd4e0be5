#include "host/store/ServerSecret.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace ipfacts::store {
namespace {

constexpr size_t kSecretBytes = 32;

std::string toHex(std::string_view raw) {
    static const char* hex = "0123456789abcdef";
    std::string out;
    out.reserve(raw.size() * 2);
    for (unsigned char b : raw) {
        out += hex[b >> 4];
        out += hex[b & 0xf];
    }
    return out;
}

/// Writes fresh random bytes to `path` unless it exists: written under a
/// temporary name and linked into place, so no reader sees a partial file
/// and of two processes racing the first link wins.
void createIfAbsent(const std::string& path) {
    unsigned char raw[kSecretBytes];
    if (RAND_bytes(raw, sizeof raw) != 1) throw std::runtime_error("no randomness for the server secret");
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) throw std::runtime_error("cannot create " + tmp + ": " + std::strerror(errno));
    const bool written = ::write(fd, raw, sizeof raw) == static_cast<ssize_t>(sizeof raw) && ::fsync(fd) == 0;
    ::close(fd);
    const int linked = written ? ::link(tmp.c_str(), path.c_str()) : -1;
    const int link_errno = errno;
    ::unlink(tmp.c_str());
    if (!written) throw std::runtime_error("cannot write " + tmp);
    if (linked != 0 && link_errno != EEXIST)
        throw std::runtime_error("cannot create " + path + ": " + std::strerror(link_errno));
}

}  // namespace

ServerSecret ServerSecret::loadOrCreate(const std::string& state_dir) {
    const std::string path = state_dir + "/server-secret";
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) createIfAbsent(path);
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() != kSecretBytes)
        throw std::runtime_error(path + ": want " + std::to_string(kSecretBytes) + " bytes, found " +
                                 std::to_string(bytes.size()) + " (remove it to make a new secret)");
    return ServerSecret(std::move(bytes));
}

std::string ServerSecret::hmac(std::string_view data) const {
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    HMAC(EVP_sha256(), bytes_.data(), static_cast<int>(bytes_.size()),
         reinterpret_cast<const unsigned char*>(data.data()), data.size(), out, &len);
    return std::string(reinterpret_cast<const char*>(out), len);
}

std::string ServerSecret::hmacHex(std::string_view data) const { return toHex(hmac(data)); }

std::string ServerSecret::hmacHex(std::string_view purpose, std::string_view data) const {
    return toHex(ServerSecret(hmac(purpose)).hmac(data));
}

}  // namespace ipfacts::store
