#define PCRE2_CODE_UNIT_WIDTH 8
#include "Regex.h"

#include <pcre2.h>

#include <new>
#include <stdexcept>

namespace ipfacts::ua {
namespace {

// A hostile UA must not buy unbounded backtracking; uap-core's patterns are
// written with bounded repeats and stay far below this.
constexpr uint32_t kMatchLimit = 200000;
constexpr size_t kJitStackStart = size_t{32} * 1024;
constexpr size_t kJitStackMax = size_t{512} * 1024;

struct MatchDataDeleter {
    void operator()(pcre2_match_data* d) const { pcre2_match_data_free(d); }
};
struct MatchContextDeleter {
    void operator()(pcre2_match_context* c) const { pcre2_match_context_free(c); }
};
struct JitStackDeleter {
    void operator()(pcre2_jit_stack* s) const { pcre2_jit_stack_free(s); }
};

/// Per-thread match state, so compiled patterns stay shared and immutable
/// while handlers on several threads match at once.
class MatchScratch {
public:
    MatchScratch()
        : context_(pcre2_match_context_create(nullptr)),
          jitStack_(pcre2_jit_stack_create(kJitStackStart, kJitStackMax, nullptr)) {
        if (!context_) throw std::bad_alloc();
        pcre2_set_match_limit(context_.get(), kMatchLimit);
        if (jitStack_) pcre2_jit_stack_assign(context_.get(), nullptr, jitStack_.get());
    }

    /// Match data with room for at least `pairs` offset pairs.
    pcre2_match_data* data(uint32_t pairs) {
        if (!data_ || capacity_ < pairs) {
            data_.reset(pcre2_match_data_create(pairs, nullptr));
            if (!data_) throw std::bad_alloc();
            capacity_ = pairs;
        }
        return data_.get();
    }
    pcre2_match_context* context() { return context_.get(); }

    static MatchScratch& forThisThread() {
        thread_local MatchScratch scratch;
        return scratch;
    }

private:
    std::unique_ptr<pcre2_match_context, MatchContextDeleter> context_;
    std::unique_ptr<pcre2_jit_stack, JitStackDeleter> jitStack_;
    std::unique_ptr<pcre2_match_data, MatchDataDeleter> data_;
    uint32_t capacity_ = 0;
};

std::string compileError(std::string_view context, std::string_view pattern, int code, PCRE2_SIZE offset) {
    PCRE2_UCHAR text[256];
    pcre2_get_error_message(code, text, sizeof text);
    return (context.empty() ? std::string() : std::string(context) + ": ") + "regex '" + std::string(pattern) +
           "' does not compile at offset " + std::to_string(offset) + ": " + reinterpret_cast<const char*>(text);
}

}  // namespace

void Regex::CodeDeleter::operator()(pcre2_real_code_8* code) const { pcre2_code_free(code); }

Regex::Regex(std::string_view pattern, Case matching, std::string_view context) : pattern_(pattern) {
    uint32_t options = matching == Case::Insensitive ? PCRE2_CASELESS : 0;
    int error = 0;
    PCRE2_SIZE offset = 0;
    code_.reset(
        pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(), options, &error, &offset, nullptr));
    if (!code_) throw std::runtime_error(compileError(context, pattern, error, offset));
    // Without JIT (an unsupported CPU) the interpreter still gives the same
    // answers, only slower, so a JIT failure is not an error.
    pcre2_jit_compile(code_.get(), PCRE2_JIT_COMPLETE);
    pcre2_pattern_info(code_.get(), PCRE2_INFO_CAPTURECOUNT, &groups_);
}

int Regex::run(std::string_view subject) const {
    MatchScratch& scratch = MatchScratch::forThisThread();
    pcre2_match_data* data = scratch.data(groups_ + 1);
    return pcre2_match(code_.get(), reinterpret_cast<PCRE2_SPTR>(subject.data()), subject.size(), 0, 0, data,
                       scratch.context());
}

bool Regex::matches(std::string_view subject) const { return run(subject) > 0; }

std::optional<RegexMatch> Regex::search(std::string_view subject) const {
    if (run(subject) <= 0) return std::nullopt;
    const PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(MatchScratch::forThisThread().data(groups_ + 1));
    std::vector<std::optional<std::string_view>> groups(groups_ + 1);
    for (size_t i = 0; i <= groups_; ++i) {
        PCRE2_SIZE start = ovector[2 * i], end = ovector[2 * i + 1];
        if (start != PCRE2_UNSET && end >= start) groups[i] = subject.substr(start, end - start);
    }
    return RegexMatch(std::move(groups));
}

}  // namespace ipfacts::ua
