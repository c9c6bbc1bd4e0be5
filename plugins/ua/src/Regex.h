// A compiled PCRE2 pattern, JIT-compiled once and then matched from any thread.
#ifndef IPFACTS_UA_REGEX_HPP
#define IPFACTS_UA_REGEX_HPP

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// pcre2.h's pcre2_code (8-bit), declared here so the header does not pull
// PCRE2 into every file that matches a regex.
struct pcre2_real_code_8;

namespace ipfacts::ua {

/// The capture groups of one successful match, as views into the subject.
/// Valid only while the subject string lives.
class RegexMatch {
public:
    explicit RegexMatch(std::vector<std::optional<std::string_view>> groups) : groups_(std::move(groups)) {}

    /// Group `index` (0 is the whole match); nullopt when the group did not
    /// take part in the match or the pattern has no such group.
    std::optional<std::string_view> group(size_t index) const {
        return index < groups_.size() ? groups_[index] : std::nullopt;
    }
    /// Number of capture groups the pattern declares (not counting group 0).
    size_t groupCount() const { return groups_.empty() ? 0 : groups_.size() - 1; }

private:
    std::vector<std::optional<std::string_view>> groups_;
};

/// A regular expression compiled with PCRE2 and, where the platform allows,
/// its JIT. Matching is unanchored and byte-wise (UA strings are not
/// guaranteed to be valid UTF-8). Immutable after construction; search() and
/// matches() are thread-safe. Move-only.
class Regex {
public:
    enum class Case { Sensitive, Insensitive };

    /// Compiles `pattern`; throws std::runtime_error naming `context` (where
    /// the pattern came from), the pattern and the offset of the error when it
    /// does not compile.
    explicit Regex(std::string_view pattern, Case matching = Case::Sensitive, std::string_view context = {});

    /// The first match in `subject`, or nullopt when there is none. A match
    /// that PCRE2 gives up on (match limit, JIT stack) counts as none: this
    /// is on the request path, where a hostile subject must not throw.
    std::optional<RegexMatch> search(std::string_view subject) const;

    /// True when `subject` contains a match; allocates nothing.
    bool matches(std::string_view subject) const;

    const std::string& pattern() const { return pattern_; }

private:
    struct CodeDeleter {
        void operator()(pcre2_real_code_8* code) const;
    };

    /// Runs the match; returns the PCRE2 result code and leaves the offsets
    /// in the calling thread's scratch space.
    int run(std::string_view subject) const;

    std::string pattern_;
    std::unique_ptr<pcre2_real_code_8, CodeDeleter> code_;
    uint32_t groups_ = 0;
};

}  // namespace ipfacts::ua

#endif
