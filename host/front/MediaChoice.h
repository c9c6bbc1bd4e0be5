// MediaChoice: which of its three forms `/` answers (content negotiation the
// way ifconfig.co does it). An Accept header that names text/plain,
// application/json or text/html (exactly or as text/*) decides, by q-value;
// otherwise the User-Agent does: a command-line client gets the address as
// text, a browser (a "Mozilla/" User-Agent) the HTML page, anyone else the text.
#pragma once

#include <string_view>

namespace ipfacts::front {

enum class FrontForm { Text, Json, Html };

/// The form for a request with these headers (either may be empty);
/// `command_line` says the User-Agent is a command-line client's.
FrontForm chooseForm(std::string_view accept, std::string_view user_agent, bool command_line);

}  // namespace ipfacts::front
