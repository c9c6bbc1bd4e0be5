#include "WhoisServers.h"

#include <yaml-cpp/yaml.h>

#include <stdexcept>

namespace ipfacts::rdap {

bool parseWhoisServer(const std::string& text, WhoisServer& out) {
    std::string host = text, port;
    if (!text.empty() && text[0] == '[') {
        const size_t close = text.find(']');
        if (close == std::string::npos) return false;
        host = text.substr(1, close - 1);
        if (close + 1 < text.size()) {
            if (text[close + 1] != ':') return false;
            port = text.substr(close + 2);
        }
    } else if (const size_t colon = text.find(':');
               colon != std::string::npos && text.find(':', colon + 1) == std::string::npos) {
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
    }
    if (host.empty() || host.size() > 253 || host.find_first_of(" \t/@") != std::string::npos) return false;
    out.host = host;
    out.port = 43;
    if (!port.empty()) {
        if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) return false;
        out.port = std::stoi(port);
        if (out.port < 1 || out.port > 65535) return false;
    }
    return true;
}

WhoisServers WhoisServers::load(const std::string& path) {
    WhoisServers t;
    auto server = [&](const YAML::Node& n, const std::string& what) {
        WhoisServer s;
        if (!n.IsScalar() || !parseWhoisServer(n.as<std::string>(), s))
            throw std::runtime_error(path + ":" + std::to_string(n.Mark().line + 1) + ": " + what +
                                     " is not a WHOIS server (host or host:port)");
        return s;
    };
    try {
        YAML::Node root = YAML::LoadFile(path);
        t.iana_ = server(root["iana"], "iana");
        if (YAML::Node tlds = root["tlds"])
            for (const auto& kv : tlds)
                t.tlds_[kv.first.as<std::string>()] = server(kv.second, kv.first.as<std::string>());
        if (YAML::Node forms = root["query_forms"])
            for (const auto& kv : forms)
                for (const auto& f : kv.second) {
                    const std::string form = f.second.as<std::string>();
                    if (form.find("{query}") == std::string::npos)
                        throw std::runtime_error(path + ":" + std::to_string(f.second.Mark().line + 1) +
                                                 ": a query form needs {query}");
                    t.forms_[kv.first.as<std::string>()][f.first.as<std::string>()] = form;
                }
    } catch (const YAML::Exception& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
    return t;
}

WhoisServer WhoisServers::serverFor(const RdapQuery& q) const {
    if (q.kind == QueryKind::Domain) {
        std::string_view name = q.text;
        for (;;) {  // the longest suffix the table names: "co.uk" before "uk"
            auto it = tlds_.find(std::string(name));
            if (it != tlds_.end()) return it->second;
            const size_t dot = name.find('.');
            if (dot == std::string_view::npos) break;
            name.remove_prefix(dot + 1);
        }
    }
    return iana_;
}

bool WhoisServers::mayRefer(const WhoisServer& server) const {
    if (server.port == 43) return true;
    if (server.text() == iana_.text()) return true;
    for (const auto& [tld, s] : tlds_)
        if (s.text() == server.text()) return true;
    return false;
}

std::string WhoisServers::queryLine(const WhoisServer& server, const RdapQuery& q) const {
    std::string text = q.kind == QueryKind::Autnum ? "AS" + std::to_string(q.asn) : q.text;
    auto it = forms_.find(server.host);
    if (it != forms_.end()) {
        auto f = it->second.find(kindName(q.kind));
        if (f != it->second.end()) {
            std::string form = f->second;
            form.replace(form.find("{query}"), 7, text);
            text = form;
        }
    }
    return text + "\r\n";
}

}  // namespace ipfacts::rdap
