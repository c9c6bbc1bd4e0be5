#include "host/store/ServerSecret.h"

#include "host/store/KeyStore.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace ipfacts::store {
namespace {

/// A descriptor closed on scope exit.
struct Fd {
    int fd;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

std::string readAll(int fd, const std::string& path) {
    std::string out;
    char buf[64];
    while (true) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0) throw std::runtime_error("cannot read " + path + ": " + std::strerror(errno));
        if (n == 0) break;
        out.append(buf, static_cast<size_t>(n));
        if (out.size() > ServerSecret::kBytes) break;
    }
    return out;
}

}  // namespace

ServerSecret ServerSecret::loadOrCreate(const std::string& state_dir) {
    const std::string path = state_dir + "/" + kFileName;
    // O_EXCL: of two nodes (or two starts) racing, one creates and the other reads.
    Fd created{::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600)};
    if (created.fd >= 0) {
        unsigned char raw[kBytes];
        if (RAND_bytes(raw, sizeof raw) != 1) throw std::runtime_error("no randomness for the server secret");
        // Written to a side file first would be tidier, but O_EXCL already makes
        // this file ours alone; a crash mid-write leaves a short file, refused below.
        if (::write(created.fd, raw, sizeof raw) != static_cast<ssize_t>(sizeof raw) || ::fsync(created.fd) != 0)
            throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
        return ServerSecret(std::string(reinterpret_cast<const char*>(raw), sizeof raw));
    }
    if (errno != EEXIST) throw std::runtime_error("cannot create " + path + ": " + std::strerror(errno));
    Fd existing{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
    if (existing.fd < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
    struct stat st {};
    if (::fstat(existing.fd, &st) == 0 && (st.st_mode & 077) != 0)
        throw std::runtime_error(path + " is readable by other users (mode " + std::to_string(st.st_mode & 0777) +
                                 "); chmod 600 it");
    std::string bytes = readAll(existing.fd, path);
    if (bytes.size() != kBytes)
        throw std::runtime_error(path + " holds " + std::to_string(bytes.size()) + " bytes, not " +
                                 std::to_string(kBytes) + "; restore it from a backup (hashes of stored data depend on it)");
    return ServerSecret(std::move(bytes));
}

std::string ServerSecret::hmacHex(std::string_view data) const {
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    HMAC(EVP_sha256(), bytes_.data(), static_cast<int>(bytes_.size()), reinterpret_cast<const unsigned char*>(data.data()),
         data.size(), mac, &len);
    return lowerHex(mac, len);
}

bool equalTokens(std::string_view a, std::string_view b) {
    return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string randomHex(size_t bytes) {
    std::string raw(bytes, '\0');
    if (RAND_bytes(reinterpret_cast<unsigned char*>(raw.data()), static_cast<int>(bytes)) != 1)
        throw std::runtime_error("no randomness");
    return lowerHex(reinterpret_cast<const unsigned char*>(raw.data()), bytes);
}

}  // namespace ipfacts::store
