#include "SpfRecord.h"

namespace ipfacts::mail {

const SpfTerm* SpfRecord::all() const {
    for (const SpfTerm& t : terms)
        if (t.name == "all") return &t;
    return nullptr;
}

const SpfTerm* SpfRecord::modifierNamed(const std::string& name) const {
    for (const SpfTerm& t : modifiers)
        if (t.name == name) return &t;
    return nullptr;
}

int SpfRecord::ownLookupCount() const {
    int n = 0;
    for (const SpfTerm& t : terms) n += t.countsTowardLimit ? 1 : 0;
    for (const SpfTerm& t : modifiers) n += t.countsTowardLimit ? 1 : 0;
    return n;
}

}  // namespace ipfacts::mail
