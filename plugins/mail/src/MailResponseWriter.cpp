#include "MailResponseWriter.h"

#include <ipfacts/json.hpp>

namespace ipfacts::mail {
namespace {

template <class T>
void optionalField(JsonWriter& w, const char* key, const std::optional<T>& v) {
    if (v)
        w.field(key, *v);
    else
        w.fieldNull(key);
}

void stringArray(JsonWriter& w, const char* key, const std::vector<std::string>& items) {
    w.key(key).beginArray();
    for (const std::string& s : items) w.value(s);
    w.endArray();
}

void writeMx(JsonWriter& w, const MxHost& h) {
    w.beginObject().field("host", h.host).field("preference", h.preference);
    stringArray(w, "addresses", h.addresses);
    w.field("resolves", h.resolves);
    optionalField(w, "error", h.error);
    w.endObject();
}

// ---- spf ------------------------------------------------------------------

void writeNode(JsonWriter& w, const SpfNode& node);

std::string qualifierText(char q) { return std::string(1, q); }

void writeTerm(JsonWriter& w, const SpfTerm& t, const SpfTermCost* cost) {
    w.beginObject();
    if (!t.modifier)
        w.field("qualifier", qualifierText(t.qualifier)).field("mechanism", t.name);
    else
        w.field("modifier", t.name);
    optionalField(w, "value", t.value);
    if (!t.modifier) {
        optionalField(w, "cidr4", t.cidr4);
        optionalField(w, "cidr6", t.cidr6);
    }
    w.field("text", t.text).field("countsTowardLimit", t.countsTowardLimit).field("macro", t.hasMacro);
    if (t.modifier) w.field("known", t.known);
    w.field("lookupCount", cost ? cost->lookups : 0).field("voidLookup", cost && cost->voidLookup);
    optionalField(w, "mxNames", cost ? cost->mxNames : std::nullopt);
    stringArray(w, "notes", cost ? cost->notes : std::vector<std::string>());
    w.key("record");
    if (cost && cost->child)
        writeNode(w, *cost->child);
    else
        w.null();
    w.endObject();
}

void writeTerms(JsonWriter& w, const char* key, const std::vector<SpfTerm>& terms,
                const std::vector<SpfTermCost>& costs) {
    w.key(key).beginArray();
    for (size_t i = 0; i < terms.size(); ++i) writeTerm(w, terms[i], i < costs.size() ? &costs[i] : nullptr);
    w.endArray();
}

// An include's or redirect's record, nested under its term.
void writeNode(JsonWriter& w, const SpfNode& node) {
    w.beginObject().field("domain", node.domain);
    w.field("raw", node.record ? node.record->raw : std::string())
        .field("valid", node.record && node.record->valid && node.found.size() == 1);
    optionalField(w, "problem", node.problem);
    w.field("lookupCount", node.lookupCount);
    if (node.record) {
        writeTerms(w, "terms", node.record->terms, node.termCosts);
        writeTerms(w, "modifiers", node.record->modifiers, node.modifierCosts);
    } else {
        w.key("terms").beginArray().endArray().key("modifiers").beginArray().endArray();
    }
    w.endObject();
}

void writeEvaluation(JsonWriter& w, const std::optional<SpfEvaluation>& e) {
    w.key("evaluation");
    if (!e) return void(w.null());
    w.beginObject().field("ip", e->ip).field("result", e->result).field("reason", e->reason);
    w.key("path").beginArray();
    for (const SpfStep& s : e->path)
        w.beginObject().field("domain", s.domain).field("term", s.term).field("result", s.result).endObject();
    w.endArray().field("lookupCount", e->lookupCount).field("voidLookupCount", e->voidLookupCount);
    stringArray(w, "skipped", e->skipped);
    w.key("sender");
    e->sender ? w.value(*e->sender) : w.null();
    w.key("helo");
    e->helo ? w.value(*e->helo) : w.null();
    w.endObject();
}

void writeSpf(JsonWriter& w, const MailFacts& f) {
    const SpfCheck& spf = f.spf;
    const SpfNode& root = *spf.root;
    const SpfRecord empty;
    const SpfRecord& r = root.record ? *root.record : empty;
    w.key("spf").beginObject();
    w.field("found", root.record.has_value()).field("raw", r.raw);
    w.field("valid", root.record.has_value() && spf.errors.empty()).field("version", r.version);
    std::vector<std::string> errors = spf.errors;
    if (!root.record && root.problem) errors.insert(errors.begin(), *root.problem);
    stringArray(w, "errors", errors);
    writeTerms(w, "terms", r.terms, root.termCosts);
    writeTerms(w, "modifiers", r.modifiers, root.modifierCosts);
    w.field("lookupCount", spf.lookupCount).field("exceedsLookupLimit", spf.exceedsLookupLimit);
    w.field("lookupLimit", kSpfLookupLimit);
    w.key("all");
    if (const SpfTerm* all = r.all()) {
        size_t i = static_cast<size_t>(all - r.terms.data());
        writeTerm(w, *all, i < root.termCosts.size() ? &root.termCosts[i] : nullptr);
    } else {
        w.null();
    }
    w.field("voidLookupCount", static_cast<int>(spf.voidLookups.size()))
        .field("exceedsVoidLookupLimit", spf.exceedsVoidLookupLimit);
    w.key("voidLookups").beginArray();
    for (const SpfVoidLookup& v : spf.voidLookups)
        w.beginObject()
            .field("term", v.term)
            .field("domain", v.domain)
            .field("chain", v.chain)
            .field("name", v.name)
            .endObject();
    w.endArray();
    stringArray(w, "records", root.found);
    stringArray(w, "notes", r.notes);
    optionalField(w, "deprecatedSpfRecord", spf.deprecatedSpfRecord);
    w.field("recordsFetched", spf.recordsFetched).field("partial", !spf.partial.empty());
    stringArray(w, "partialReasons", spf.partial);
    writeEvaluation(w, f.evaluation);
    w.endObject();
}

// ---- dmarc ----------------------------------------------------------------

// rua / ruf as the record has them: the URIs, without size limits.
void uriArray(JsonWriter& w, const char* key, const std::vector<DmarcReportUri>& uris) {
    w.key(key).beginArray();
    for (const DmarcReportUri& u : uris) w.value(u.uri);
    w.endArray();
}

void writeDmarc(JsonWriter& w, const DmarcFacts& d) {
    const DmarcRecord& r = d.record;
    w.key("dmarc").beginObject();
    w.field("found", d.found);
    optionalField(w, "recordName", d.recordName);
    w.field("policySource", d.policySource).field("raw", r.raw).field("valid", d.found && d.errors.empty());
    w.field("version", r.version);
    stringArray(w, "errors", d.errors);
    optionalField(w, "policy", r.policy);
    optionalField(w, "subdomainPolicy", r.subdomainPolicy);
    optionalField(w, "nonexistentPolicy", r.nonexistentPolicy);
    optionalField(w, "percent", r.percent);
    optionalField(w, "adkim", r.adkim);
    optionalField(w, "aspf", r.aspf);
    optionalField(w, "failureOptions", r.failureOptions);
    optionalField(w, "reportInterval", r.reportInterval);
    optionalField(w, "reportFormat", r.reportFormat);
    optionalField(w, "testing", r.testing);
    optionalField(w, "publicSuffixDomain", r.publicSuffixDomain);
    uriArray(w, "aggregateReports", r.aggregateReports);
    uriArray(w, "forensicReports", r.forensicReports);
    w.key("reportDestinations").beginArray();
    for (const ReportDestination& x : d.destinations) {
        w.beginObject().field("tag", x.tag).field("uri", x.uri);
        optionalField(w, "domain", x.domain);
        w.field("external", x.external);
        optionalField(w, "authorized", x.authorized);
        optionalField(w, "error", x.error);
        w.endObject();
    }
    w.endArray().key("tags").beginObject();
    for (const auto& [name, value] : r.tags) w.field(name, value);
    w.endObject();
    stringArray(w, "removedTags", r.removedTags);
    stringArray(w, "notes", r.notes);
    stringArray(w, "records", d.records);
    const OrganizationalDomain& o = d.organizational;
    w.key("organizationalDomain")
        .beginObject()
        .field("publicSuffixList", o.publicSuffixList)
        .field("treeWalk", o.treeWalk)
        .field("agree", o.agree);
    optionalField(w, "treeWalkPolicyDomain", o.treeWalkPolicyDomain);
    stringArray(w, "walked", o.walked);
    stringArray(w, "notes", o.notes);
    w.endObject().endObject();
}

// ---- mta_sts, tls_rpt -------------------------------------------------------

void writeMtaSts(JsonWriter& w, const MtaStsFacts& m) {
    w.key("mta_sts").beginObject().field("found", m.record.has_value());
    w.key("record");
    if (m.record) {
        w.beginObject().field("raw", m.record->raw).field("valid", m.record->valid);
        optionalField(w, "id", m.record->id);
        stringArray(w, "errors", m.record->errors);
        w.endObject();
    } else {
        w.null();
    }
    stringArray(w, "errors", m.errors);
    w.key("policy").beginObject().field("url", m.policyUrl).field("fetched", m.policyFetched);
    optionalField(w, "status", m.policyStatus);
    optionalField(w, "error", m.policyError);
    const MtaStsPolicyFile none;
    const MtaStsPolicyFile& p = m.policy ? *m.policy : none;
    w.field("valid", m.policy.has_value() && p.valid);
    optionalField(w, "version", p.version);
    optionalField(w, "mode", p.mode);
    optionalField(w, "max_age", p.maxAge);
    stringArray(w, "mx", p.mx);
    stringArray(w, "errors", p.errors);
    w.endObject();
    w.key("mx_coverage").beginArray();
    for (const MxCoverage& c : m.coverage) {
        w.beginObject().field("host", c.host).field("covered", c.covered);
        optionalField(w, "pattern", c.pattern);
        w.endObject();
    }
    w.endArray();
    optionalField(w, "all_mx_covered", m.allMxCovered);
    w.endObject();
}

void writeTlsRpt(JsonWriter& w, const TlsRptFacts& t) {
    w.key("tls_rpt").beginObject().field("found", t.record.has_value());
    w.key("raw").value(t.record ? std::optional<std::string>(t.record->raw) : std::nullopt);
    w.field("valid", t.record && t.record->valid);
    stringArray(w, "rua", t.record ? t.record->reportUris : std::vector<std::string>());
    std::vector<std::string> errors = t.errors;
    if (t.record) errors.insert(errors.end(), t.record->errors.begin(), t.record->errors.end());
    stringArray(w, "errors", errors);
    w.endObject();
}

}  // namespace

std::string writeMailResponse(const MailFacts& f, const ResponseStamp& stamp) {
    JsonWriter w;
    w.beginObject().field("domain", f.domain).field("ascii_domain", f.asciiDomain);
    w.key("records").beginArray();
    for (const MxHost& h : f.mx.records) writeMx(w, h);
    w.endArray().field("null_mx", f.mx.nullMx).key("implicit_mx");
    if (f.mx.implicitMx)
        writeMx(w, *f.mx.implicitMx);
    else
        w.null();
    writeSpf(w, f);
    writeDmarc(w, f.dmarc);
    writeMtaSts(w, f.mtaSts);
    writeTlsRpt(w, f.tlsRpt);
    w.field("dns_questions", f.dnsQuestions);
    f.reasons.writeTo(w);
    stamp.writeTo(w).endObject();
    return w.take();
}

}  // namespace ipfacts::mail
