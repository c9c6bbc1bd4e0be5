// ipfacts views: the C structs that carry a facility's data (plugin.h), read
// where they lie, and owned copies for the values a plugin keeps. Header-only,
// C++17. Everything here is generated from the field lists of ipfacts/fields.h:
//
//   C struct          view (reads in place)   owned copy (view.keep())
//   ipf_netdb_facts   NetFactsView            NetFacts
//   ipf_dns_answer    DnsAnswerView           DnsAnswer
//   ipf_dns_record    DnsRecordView           DnsRecord
//   ipf_dns_question  DnsQuestionView         DnsQuestion
//   ipf_http_result   HttpReplyView           HttpReply
//   ipf_http_request  HttpCallView            HttpCall
//   ipf_http_header   HttpHeaderView          HttpHeader
//   ipf_tls_probe_request  TlsProbeCallView   TlsProbeCall
//   ipf_tls_probe_result   TlsProbeReplyView  TlsProbeReply
//   ipf_tcp_exchange_request TcpExchangeCallView TcpExchangeCall
//   ipf_tcp_exchange_result  TcpExchangeReplyView TcpExchangeReply
//   ipf_privacy_facts      PrivacyFactsView   PrivacyFacts
//   ipf_privacy_evidence   PrivacyEvidenceView PrivacyEvidence
//   ipf_privacy_reason     PrivacyReasonView  PrivacyReason
//
// A view is a pointer: text members are std::string_view into the C struct's
// memory, valid as long as whoever handed the struct out keeps it (see
// ipfacts/results.hpp). Unknown values are empty optionals, as in the copies.
// fill(owned, c, arena) writes the C struct for an owned value (the host's
// adapters, the test fake); Marshalled keeps values and their C structs together.
#ifndef IPFACTS_VIEWS_HPP
#define IPFACTS_VIEWS_HPP

#include <ipfacts/fields.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace ipfacts {

inline std::string_view view(ipf_str s) { return s.ptr ? std::string_view(s.ptr, s.len) : std::string_view(); }
inline ipf_str str(std::string_view s) { return ipf_str{s.data(), s.size()}; }

namespace fields {

/// The C++ type an integer member reads as (uint8_t as int, as arithmetic does).
template <class T>
using Promoted = decltype(+std::declval<T>());

/// The struct a LIST member points to.
template <class Pointer>
using ElementOf = std::remove_cv_t<std::remove_pointer_t<Pointer>>;

/// The owned copy and the view of each C struct, filled in below.
template <class C>
struct Types;

template <class C, class = void>
struct Sized : std::false_type {};
template <class C>
struct Sized<C, std::void_t<decltype(C::struct_size)>> : std::true_type {};

/// True when a struct of `c`'s size holds the bytes up to `end`: always for
/// structs without struct_size, which never grow.
template <class C>
bool reaches(const C& c, size_t end) {
    if constexpr (Sized<C>::value)
        return c.struct_size >= end;
    else
        return true;
}

constexpr size_t roundUp(size_t n, size_t align) { return (n + align - 1) / align * align; }

/// The arrays a filled struct's LIST members point to, kept as long as it is.
class Arena {
public:
    template <class T>
    T* array(size_t n) {
        if (n == 0) return nullptr;
        T* items = new T[n]();
        blocks_.emplace_back(items, [](void* p) { delete[] static_cast<T*>(p); });
        return items;
    }

private:
    std::vector<std::unique_ptr<void, void (*)(void*)>> blocks_;
};

/// Read-only access to one C struct; the generated views derive from it.
template <class C>
class View {
public:
    using CStruct = C;
    explicit View(const C& c) : c_(&c) {}
    /// The C struct itself.
    const C& raw() const { return *c_; }

protected:
    bool live(size_t end) const { return reaches(*c_, end); }

private:
    const C* c_;
};

/// A random-access iterator over an array (`Pos` points into it) that hands
/// out each element as `Read` reads it: the iterator of every list of views.
template <class Value, class Pos, Value (*Read)(Pos)>
class ReadingIterator {
public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = Value;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Value;
    explicit ReadingIterator(Pos p = nullptr) : p_(p) {}
    Value operator*() const { return Read(p_); }
    Value operator[](difference_type n) const { return Read(p_ + n); }
    ReadingIterator& operator++() { return *this += 1; }
    ReadingIterator operator++(int) {
        ReadingIterator old = *this;
        ++p_;
        return old;
    }
    ReadingIterator& operator--() { return *this += -1; }
    ReadingIterator& operator+=(difference_type n) {
        p_ += n;
        return *this;
    }
    ReadingIterator operator+(difference_type n) const { return ReadingIterator(p_ + n); }
    ReadingIterator operator-(difference_type n) const { return ReadingIterator(p_ - n); }
    difference_type operator-(const ReadingIterator& o) const { return p_ - o.p_; }
    bool operator==(const ReadingIterator& o) const { return p_ == o.p_; }
    bool operator!=(const ReadingIterator& o) const { return p_ != o.p_; }
    bool operator<(const ReadingIterator& o) const { return p_ < o.p_; }

private:
    Pos p_;
};

template <class V>
V readItem(const typename V::CStruct* p) {
    return V(*p);
}
template <class V>
V readIndirect(const typename V::CStruct* const* p) {
    return V(**p);
}
inline std::string_view readText(const ipf_str* p) { return view(*p); }

/// The items of an array of `Item` in place, each handed out as `Read` reads
/// it: a LIST member's views, a TEXT_LIST member's texts.
template <class Value, class Item, Value (*Read)(const Item*)>
class ArrayView {
public:
    using iterator = ReadingIterator<Value, const Item*, Read>;
    ArrayView() = default;
    ArrayView(const Item* items, size_t count) : items_(count ? items : nullptr), count_(items ? count : 0) {}
    size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    Value operator[](size_t i) const { return Read(items_ + i); }
    iterator begin() const { return iterator(items_); }
    iterator end() const { return iterator(items_ + count_); }

private:
    const Item* items_ = nullptr;
    size_t count_ = 0;
};

/// The views of a LIST member's items, in order.
template <class V>
using ListView = ArrayView<V, typename V::CStruct, readItem<V>>;
/// The items of a TEXT_LIST member, in order.
using TextList = ArrayView<std::string_view, ipf_str, readText>;

/// True when `a` and `b` are equal ignoring ASCII letter case (header names).
inline bool sameLetters(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

/// The views of `texts` as a TEXT_LIST array kept in `arena`.
inline ipf_str* fillTexts(const std::vector<std::string>& texts, Arena& arena) {
    ipf_str* out = arena.array<ipf_str>(texts.size());
    for (size_t i = 0; i < texts.size(); ++i) out[i] = str(texts[i]);
    return out;
}

/// `items` joined by commas into `arena`; {NULL,0} when there are none.
inline ipf_str joinCsv(const std::vector<std::string>& items, Arena& arena) {
    if (items.empty()) return ipf_str{nullptr, 0};
    std::string joined;
    for (const std::string& item : items) joined += (joined.empty() ? "" : ",") + item;
    char* bytes = arena.array<char>(joined.size());
    std::memcpy(bytes, joined.data(), joined.size());
    return ipf_str{bytes, joined.size()};
}

/// A comma-separated list split into its items; none for an empty text.
inline std::vector<std::string> splitCsv(std::string_view text) {
    std::vector<std::string> items;
    while (!text.empty()) {
        const size_t comma = text.find(',');
        items.emplace_back(text.substr(0, comma));
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    }
    return items;
}

template <class Owned>
typename Owned::CStruct* fillArray(const std::vector<Owned>& items, Arena& arena);

}  // namespace fields

// ---- What each kind of fields.h becomes ----------------------------------
// In an owned copy (a plain member), in fill() (owned `o` -> C `c`), in a view
// (an accessor of the same name) and in keep() (view -> owned `o`). Each
// expects `CStruct` in scope.

#define IPFACTS_OWNED_SIZE(n, a)
#define IPFACTS_OWNED_TEXT(n, a) std::string n;
#define IPFACTS_OWNED_TEXT_OR(n, a) std::string n = a;
#define IPFACTS_OWNED_OPT_TEXT(n, a) std::optional<std::string> n;
#define IPFACTS_OWNED_NULLABLE_TEXT(n, a) std::string n;
#define IPFACTS_OWNED_INT(n, a) ::ipfacts::fields::Promoted<decltype(CStruct::n)> n = a;
#define IPFACTS_OWNED_OPT_INT(n, a) std::optional<::ipfacts::fields::Promoted<decltype(CStruct::n)>> n;
#define IPFACTS_OWNED_FLAG(n, a) bool n = a;
#define IPFACTS_OWNED_TRI_FLAG(n, a) std::optional<bool> n;
#define IPFACTS_OWNED_PRESENCE(n, a)
#define IPFACTS_OWNED_OPT_REAL(n, a) std::optional<double> n;
#define IPFACTS_OWNED_LIST(n, a) \
    std::vector<typename ::ipfacts::fields::Types<::ipfacts::fields::ElementOf<decltype(CStruct::n)>>::Owned> n;
#define IPFACTS_OWNED_TEXT_LIST(n, a) std::vector<std::string> n;
#define IPFACTS_OWNED_CSV_TEXT(n, a) std::vector<std::string> n;
#define IPFACTS_OWNED_COUNT(n, a)
#define IPFACTS_OWNED_RESERVED(n, a)
#define IPFACTS_OWNED(kind, n, a) IPFACTS_OWNED_##kind(n, a)

#define IPFACTS_FILL_SIZE(n, a) c.n = sizeof c;
#define IPFACTS_FILL_TEXT(n, a) c.n = ::ipfacts::str(o.n);
#define IPFACTS_FILL_TEXT_OR(n, a) c.n = ::ipfacts::str(o.n);
#define IPFACTS_FILL_OPT_TEXT(n, a) c.n = o.n ? ::ipfacts::str(*o.n) : ipf_str{nullptr, 0};
#define IPFACTS_FILL_NULLABLE_TEXT(n, a) c.n = o.n.empty() ? ipf_str{nullptr, 0} : ::ipfacts::str(o.n);
#define IPFACTS_FILL_INT(n, a) c.n = static_cast<decltype(c.n)>(o.n);
#define IPFACTS_FILL_OPT_INT(n, a) c.n = static_cast<decltype(c.n)>(o.n && *o.n >= 0 ? *o.n : -1);
#define IPFACTS_FILL_FLAG(n, a) c.n = o.n ? 1 : 0;
#define IPFACTS_FILL_TRI_FLAG(n, a) c.n = static_cast<decltype(c.n)>(o.n ? (*o.n ? 1 : 0) : -1);
#define IPFACTS_FILL_PRESENCE(n, a) c.n = 1;
#define IPFACTS_FILL_OPT_REAL(n, a) \
    c.n = o.n.value_or(0.0);        \
    if (!o.n) c.a = 0;
#define IPFACTS_FILL_LIST(n, a)                     \
    c.n = ::ipfacts::fields::fillArray(o.n, arena); \
    c.a = o.n.size();
#define IPFACTS_FILL_TEXT_LIST(n, a)                \
    c.n = ::ipfacts::fields::fillTexts(o.n, arena); \
    c.a = o.n.size();
#define IPFACTS_FILL_CSV_TEXT(n, a) c.n = ::ipfacts::fields::joinCsv(o.n, arena);
#define IPFACTS_FILL_COUNT(n, a)
#define IPFACTS_FILL_RESERVED(n, a) std::memset(&c.n, 0, sizeof c.n);
#define IPFACTS_FILL(kind, n, a) IPFACTS_FILL_##kind(n, a)

#define IPFACTS_LIVE(n) this->live(offsetof(CStruct, n) + sizeof(CStruct::n))
#define IPFACTS_READ_SIZE(n, a)
#define IPFACTS_READ_TEXT(n, a) \
    std::string_view n() const { return IPFACTS_LIVE(n) ? ::ipfacts::view(this->raw().n) : std::string_view(); }
#define IPFACTS_READ_TEXT_OR(n, a)                                                                          \
    std::string_view n() const {                                                                            \
        return IPFACTS_LIVE(n) && this->raw().n.ptr ? ::ipfacts::view(this->raw().n) : std::string_view(a); \
    }
#define IPFACTS_READ_OPT_TEXT(n, a)                                      \
    std::optional<std::string_view> n() const {                          \
        if (!IPFACTS_LIVE(n) || !this->raw().n.ptr) return std::nullopt; \
        return ::ipfacts::view(this->raw().n);                           \
    }
#define IPFACTS_READ_NULLABLE_TEXT(n, a) IPFACTS_READ_TEXT(n, a)
#define IPFACTS_READ_INT(n, a) \
    ::ipfacts::fields::Promoted<decltype(CStruct::n)> n() const { return IPFACTS_LIVE(n) ? this->raw().n : a; }
#define IPFACTS_READ_OPT_INT(n, a)                                               \
    std::optional<::ipfacts::fields::Promoted<decltype(CStruct::n)>> n() const { \
        if (!IPFACTS_LIVE(n) || this->raw().n < 0) return std::nullopt;          \
        return this->raw().n;                                                    \
    }
#define IPFACTS_READ_FLAG(n, a) \
    bool n() const { return IPFACTS_LIVE(n) ? this->raw().n != 0 : bool(a); }
#define IPFACTS_READ_TRI_FLAG(n, a)                                     \
    std::optional<bool> n() const {                                     \
        if (!IPFACTS_LIVE(n) || this->raw().n < 0) return std::nullopt; \
        return this->raw().n != 0;                                      \
    }
#define IPFACTS_READ_PRESENCE(n, a) \
    bool n() const { return IPFACTS_LIVE(n) && this->raw().n != 0; }
#define IPFACTS_READ_OPT_REAL(n, a)                        \
    std::optional<double> n() const {                      \
        if (!IPFACTS_LIVE(n) || !a()) return std::nullopt; \
        return this->raw().n;                              \
    }
#define IPFACTS_READ_LIST(n, a)                                                                      \
    ::ipfacts::fields::ListView<                                                                     \
        typename ::ipfacts::fields::Types<::ipfacts::fields::ElementOf<decltype(CStruct::n)>>::View> \
    n() const {                                                                                      \
        if (!IPFACTS_LIVE(a)) return {};                                                             \
        return {this->raw().n, this->raw().a};                                                       \
    }
#define IPFACTS_READ_TEXT_LIST(n, a)           \
    ::ipfacts::fields::TextList n() const {    \
        if (!IPFACTS_LIVE(a)) return {};       \
        return {this->raw().n, this->raw().a}; \
    }
#define IPFACTS_READ_CSV_TEXT(n, a) IPFACTS_READ_TEXT(n, a)
#define IPFACTS_READ_COUNT(n, a)
#define IPFACTS_READ_RESERVED(n, a)
#define IPFACTS_READ(kind, n, a) IPFACTS_READ_##kind(n, a)

#define IPFACTS_KEEP_SIZE(n, a)
#define IPFACTS_KEEP_TEXT(n, a) o.n = std::string(n());
#define IPFACTS_KEEP_TEXT_OR(n, a) o.n = std::string(n());
#define IPFACTS_KEEP_OPT_TEXT(n, a) \
    if (auto v = n()) o.n = std::string(*v);
#define IPFACTS_KEEP_NULLABLE_TEXT(n, a) o.n = std::string(n());
#define IPFACTS_KEEP_INT(n, a) o.n = n();
#define IPFACTS_KEEP_OPT_INT(n, a) o.n = n();
#define IPFACTS_KEEP_FLAG(n, a) o.n = n();
#define IPFACTS_KEEP_TRI_FLAG(n, a) o.n = n();
#define IPFACTS_KEEP_PRESENCE(n, a)
#define IPFACTS_KEEP_OPT_REAL(n, a) o.n = n();
#define IPFACTS_KEEP_LIST(n, a) \
    for (const auto& item : n()) o.n.push_back(item.keep());
#define IPFACTS_KEEP_TEXT_LIST(n, a) \
    for (std::string_view item : n()) o.n.emplace_back(item);
#define IPFACTS_KEEP_CSV_TEXT(n, a) o.n = ::ipfacts::fields::splitCsv(n());
#define IPFACTS_KEEP_COUNT(n, a)
#define IPFACTS_KEEP_RESERVED(n, a)
#define IPFACTS_KEEP(kind, n, a) IPFACTS_KEEP_##kind(n, a)

// Every member listed, in order, with no gap: a member added to plugin.h but
// not to fields.h fails the static_assert below.
#define IPFACTS_STEP(kind, n, a)                                                                      \
    ordered = ordered && offsetof(CStruct, n) == fields::roundUp(end, alignof(decltype(CStruct::n))); \
    end = offsetof(CStruct, n) + sizeof(CStruct::n);

/// Defines, for the C struct CTYPE with the field list FIELDS, fill() of its
/// owned copy OWNED_T, VIEW_T::keep(), the Types entry, and the check that
/// FIELDS names every member.
#define IPFACTS_DECLARE_RECORD(CTYPE, FIELDS, OWNED_T, VIEW_T)                                     \
    inline void fill(const OWNED_T& o, CTYPE& c, ::ipfacts::fields::Arena& arena) {                \
        (void)arena;                                                                               \
        FIELDS(IPFACTS_FILL)                                                                       \
    }                                                                                              \
    inline OWNED_T VIEW_T::keep() const {                                                          \
        OWNED_T o;                                                                                 \
        FIELDS(IPFACTS_KEEP)                                                                       \
        return o;                                                                                  \
    }                                                                                              \
    namespace fields {                                                                             \
    template <>                                                                                    \
    struct Types<CTYPE> {                                                                          \
        using Owned = ::ipfacts::OWNED_T;                                                          \
        using View = ::ipfacts::VIEW_T;                                                            \
    };                                                                                             \
    constexpr bool listedExactly(const CTYPE*) {                                                   \
        using CStruct = CTYPE;                                                                     \
        size_t end = 0;                                                                            \
        bool ordered = true;                                                                       \
        FIELDS(IPFACTS_STEP)                                                                       \
        return ordered && roundUp(end, alignof(CTYPE)) == sizeof(CTYPE);                           \
    }                                                                                              \
    static_assert(listedExactly(static_cast<const CTYPE*>(nullptr)),                               \
                  #CTYPE ": its field list in ipfacts/fields.h must name every member, in order"); \
    }

/// Defines the owned copy OWNED_T of the C struct CTYPE (a plain struct, one
/// member per entry of FIELDS), its view VIEW_T (one accessor per entry) and
/// everything IPFACTS_DECLARE_RECORD adds. OWNED_EXTRA and VIEW_EXTRA name
/// macros adding members to each (IPFACTS_NO_EXTRA: none).
#define IPFACTS_RECORD(CTYPE, FIELDS, OWNED_T, VIEW_T, OWNED_EXTRA, VIEW_EXTRA) \
    struct OWNED_T {                                                            \
        using CStruct = CTYPE;                                                  \
        FIELDS(IPFACTS_OWNED)                                                   \
        OWNED_EXTRA                                                             \
    };                                                                          \
    class VIEW_T : public fields::View<CTYPE> {                                 \
    public:                                                                     \
        using View::View;                                                       \
        FIELDS(IPFACTS_READ)                                                    \
        VIEW_EXTRA                                                              \
        OWNED_T keep() const;                                                   \
    };                                                                          \
    IPFACTS_DECLARE_RECORD(CTYPE, FIELDS, OWNED_T, VIEW_T)

#define IPFACTS_NO_EXTRA
// Replies whose `error` is empty on success.
#define IPFACTS_OK_OWNED \
    bool ok() const { return error.empty(); }
#define IPFACTS_OK_VIEW \
    bool ok() const { return error().empty(); }
// HttpReplyView: ok() and a header by name.
#define IPFACTS_HTTP_REPLY_VIEW                                                   \
    IPFACTS_OK_VIEW                                                               \
    /** The first header named `name` (letter case ignored), if any. */           \
    std::optional<std::string_view> header(std::string_view name) const {         \
        for (const HttpHeaderView h : headers())                                  \
            if (::ipfacts::fields::sameLetters(h.name(), name)) return h.value(); \
        return std::nullopt;                                                      \
    }

// ---- DNS (ipf_dns_record, ipf_dns_answer, ipf_dns_question) ------------------
// DnsRecord: one resource record in presentation format. DnsAnswer: what one
// server answered, or why it did not (rcode -1: no response, and `error`
// says why). DnsQuestion: a name (A-label form) and a type mnemonic ("AAAA").

IPFACTS_RECORD(ipf_dns_record, IPF_DNS_RECORD_FIELDS, DnsRecord, DnsRecordView, IPFACTS_NO_EXTRA, IPFACTS_NO_EXTRA)
IPFACTS_RECORD(ipf_dns_answer, IPF_DNS_ANSWER_FIELDS, DnsAnswer, DnsAnswerView, IPFACTS_NO_EXTRA, IPFACTS_NO_EXTRA)
IPFACTS_RECORD(ipf_dns_question, IPF_DNS_QUESTION_FIELDS, DnsQuestion, DnsQuestionView, IPFACTS_NO_EXTRA,
               IPFACTS_NO_EXTRA)

// ---- Address facts (ipf_netdb_facts) -------------------------------------------
// NetFacts: facts about one address; empty optionals are unknown. A fresh copy
// is "nothing known": version 4, rir UNKNOWN, connection_type unknown.

IPFACTS_RECORD(ipf_netdb_facts, IPF_NETDB_FACTS_FIELDS, NetFacts, NetFactsView, IPFACTS_NO_EXTRA, IPFACTS_NO_EXTRA)

// ---- Outbound HTTP (ipf_http_header, ipf_http_request, ipf_http_result) -------
// HttpCall: one outbound request (Host::fetchAll); zero values (and -1
// redirects) take the manifest's defaults, an empty method is GET. HttpReply:
// what one call produced; `error` is empty on success (a 4xx/5xx is not an error).

IPFACTS_RECORD(ipf_http_header, IPF_HTTP_HEADER_FIELDS, HttpHeader, HttpHeaderView, IPFACTS_NO_EXTRA, IPFACTS_NO_EXTRA)
IPFACTS_RECORD(ipf_http_request, IPF_HTTP_REQUEST_FIELDS, HttpCall, HttpCallView, IPFACTS_NO_EXTRA, IPFACTS_NO_EXTRA)
IPFACTS_RECORD(ipf_http_result, IPF_HTTP_RESULT_FIELDS, HttpReply, HttpReplyView, IPFACTS_OK_OWNED,
               IPFACTS_HTTP_REPLY_VIEW)

// ---- Guarded TLS connect, since 1.4 (ipf_tls_probe_request, ipf_tls_probe_result)
// TlsProbeCall: one probe (ipfacts::tlsProbeAll); zero values take the host's
// defaults (connect: section), `alpn` lists the protocols to offer.
// TlsProbeReply: what one probe found; `error` is empty on success, a chain
// that does not verify is not an error (verify_code / verify_text say so), and
// `chain` holds the DER certificates as presented, leaf first.

IPFACTS_RECORD(ipf_tls_probe_request, IPF_TLS_PROBE_REQUEST_FIELDS, TlsProbeCall, TlsProbeCallView, IPFACTS_NO_EXTRA,
               IPFACTS_NO_EXTRA)
IPFACTS_RECORD(ipf_tls_probe_result, IPF_TLS_PROBE_RESULT_FIELDS, TlsProbeReply, TlsProbeReplyView, IPFACTS_OK_OWNED,
               IPFACTS_OK_VIEW)

// ---- Guarded plain TCP exchange, since 1.5 (ipf_tcp_exchange_request, ipf_tcp_exchange_result)
// TcpExchangeCall: one exchange (ipfacts::tcpExchangeAll): connect to `host`
// and `port`, write `payload`, read until the server closes; zero values take
// the host's defaults. TcpExchangeReply: `response` holds what was read,
// `error` is empty when the server closed after a complete answer.

IPFACTS_RECORD(ipf_tcp_exchange_request, IPF_TCP_EXCHANGE_REQUEST_FIELDS, TcpExchangeCall, TcpExchangeCallView,
               IPFACTS_NO_EXTRA, IPFACTS_NO_EXTRA)
IPFACTS_RECORD(ipf_tcp_exchange_result, IPF_TCP_EXCHANGE_RESULT_FIELDS, TcpExchangeReply, TcpExchangeReplyView,
               IPFACTS_OK_OWNED, IPFACTS_OK_VIEW)
// ---- Privacy flags, since 1.5 (ipf_privacy_facts and its rows) -----------------
// PrivacyFacts: what the privacy providers say about one address; a flag is
// an empty optional when its sources were unavailable (`reasons` says why).
// PrivacyEvidence: one source's word on one flag (the matching prefix or ASN
// and the date of its data). PrivacyReason: why a flag is unknown.

IPFACTS_RECORD(ipf_privacy_evidence, IPF_PRIVACY_EVIDENCE_FIELDS, PrivacyEvidence, PrivacyEvidenceView,
               IPFACTS_NO_EXTRA, IPFACTS_NO_EXTRA)
IPFACTS_RECORD(ipf_privacy_reason, IPF_PRIVACY_REASON_FIELDS, PrivacyReason, PrivacyReasonView, IPFACTS_NO_EXTRA,
               IPFACTS_NO_EXTRA)
IPFACTS_RECORD(ipf_privacy_facts, IPF_PRIVACY_FACTS_FIELDS, PrivacyFacts, PrivacyFactsView, IPFACTS_NO_EXTRA,
               IPFACTS_NO_EXTRA)

namespace fields {

template <class Owned>
typename Owned::CStruct* fillArray(const std::vector<Owned>& items, Arena& arena) {
    auto* out = arena.array<typename Owned::CStruct>(items.size());
    for (size_t i = 0; i < items.size(); ++i) fill(items[i], out[i], arena);
    return out;
}

/// The C structs of `items`, pointing into them (and into `arena`): for a
/// call that reads them before `items` changes (plugin.hpp's requests).
template <class Owned>
std::vector<typename Owned::CStruct> fillAll(const std::vector<Owned>& items, Arena& arena) {
    std::vector<typename Owned::CStruct> out(items.size());
    for (size_t i = 0; i < items.size(); ++i) fill(items[i], out[i], arena);
    return out;
}

}  // namespace fields

/// Owned values and their C structs, filled once and kept together: what a
/// host adapter or a fake hands out. The C structs point into the values, so
/// neither moves while this lives (moving a Marshalled moves neither).
template <class Owned>
class Marshalled {
public:
    using CStruct = typename Owned::CStruct;
    using ViewType = typename fields::Types<CStruct>::View;

    explicit Marshalled(std::vector<Owned> values) : values_(std::move(values)), structs_(values_.size()) {
        for (size_t i = 0; i < values_.size(); ++i) fill(values_[i], structs_[i], arena_);
    }
    Marshalled(Marshalled&&) noexcept = default;
    Marshalled& operator=(Marshalled&&) noexcept = default;
    Marshalled(const Marshalled&) = delete;
    Marshalled& operator=(const Marshalled&) = delete;

    size_t size() const { return structs_.size(); }
    /// OWNERSHIP: valid while this lives.
    const CStruct* at(size_t i) const { return i < structs_.size() ? &structs_[i] : nullptr; }
    ViewType operator[](size_t i) const { return ViewType(structs_[i]); }
    const std::vector<Owned>& values() const { return values_; }

private:
    std::vector<Owned> values_;
    fields::Arena arena_;
    std::vector<CStruct> structs_;
};

}  // namespace ipfacts

#endif
