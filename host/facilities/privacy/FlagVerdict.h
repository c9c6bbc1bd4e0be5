// FlagVerdict: the privacy answer from every source's word. A flag is true
// when a source says yes (each yes is evidence); else unknown when a source
// could not answer (its reason: provider down, budget guard, stale feed);
// else false when at least one source answered; with no source switched on
// it is unknown ("switched off"). Operator overrides come last and win,
// named in the evidence; a deny beats an allow.
#pragma once

#include "host/facilities/privacy/SourceWord.h"

#include <ipfacts/views.hpp>

#include <string>
#include <vector>

namespace ipfacts::facilities::privacy {

/// The five flags, in the order the privacy object lists them.
inline const char* const kFlags[] = {"vpn", "proxy", "tor", "relay", "hosting"};

/// `words` from the providers, `overrides` applied after them; `switchedOff`
/// lists the sources of each flag the manifest turned off ("flag" -> names).
PrivacyFacts decide(const std::vector<SourceWord>& words, const std::vector<SourceWord>& overrides,
                    const std::vector<std::pair<std::string, std::string>>& switchedOff);

}  // namespace ipfacts::facilities::privacy
