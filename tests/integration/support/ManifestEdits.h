// Edits integration tests make to the suite's manifest text before starting
// a daemon of their own. Each throws when the text it edits is missing, so a
// manifest change cannot turn an edit into a silent no-op. Header-only.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

namespace ipfacts::testing {

/// Replaces the first `from` in `text`.
inline void replace(std::string& text, const std::string& from, const std::string& to) {
    size_t at = text.find(from);
    if (at == std::string::npos) throw std::runtime_error("the test manifest has no '" + from + "'");
    text.replace(at, from.size(), to);
}

/// Points the manifest's stub resolver at `port` alone.
inline void resolverOnly(std::string& text, int port) {
    size_t at = text.find("servers: [\"127.0.0.1:");
    if (at == std::string::npos) throw std::runtime_error("the test manifest names no resolver server");
    size_t end = text.find(']', at);
    text.replace(at, end + 1 - at, "servers: [\"127.0.0.1:" + std::to_string(port) + "\"]");
}

/// The port of the suite's silent listener ({{SILENT_PORT}}: accepts, never
/// answers), read from the "silent" DoH resolver's URL in an edited text.
inline std::string silentPort(const std::string& text) {
    const std::string url = "name: silent, url: \"https://127.0.0.1:";
    size_t at = text.find(url);
    if (at == std::string::npos) throw std::runtime_error("the test manifest has no silent resolver");
    at += url.size();
    return text.substr(at, text.find('/', at) - at);
}

/// Drops every manifest line that mentions one of the plugins the suite expects refused
/// (they alone keep its daemon unready), for a node that must be ready.
inline void withoutRefusedPlugins(std::string& text) {
    std::istringstream in(text);
    std::string line, out;
    while (std::getline(in, line)) {
        bool refused = false;
        for (const char* p : {"wrong_major", "newer_minor", "init_fails", "no_entry"})
            refused = refused || line.find(p) != std::string::npos;
        if (!refused) out += line + "\n";
    }
    text = out;
}

}  // namespace ipfacts::testing
