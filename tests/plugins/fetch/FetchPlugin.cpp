// A test plugin that fetches the URL it is given through the host's http
// facility and answers what came back, so the integration suite can prove
// the wiring: plugin -> facility -> guard -> upstream. Never deployed.
#include <ipfacts/plugin.hpp>

#include <string>

class FetchPlugin {
public:
    static constexpr const char* kRequiredFacilities[] = {"http", nullptr};
    static constexpr auto kConfig = ipfacts::kNoConfig;

    explicit FetchPlugin(ipfacts::Host& host) : host_(host) {}

    /// GET ?url=U[&url=V...]: every URL fetched in one batch, results in order.
    void fetch(ipfacts::Request& req, ipfacts::Response& resp) {
        std::vector<ipfacts::HttpCall> calls;
        for (size_t i = 0; i < 8; ++i) {
            auto url = req.query("url", i);
            if (!url) break;
            ipfacts::HttpCall c;
            c.url = std::string(*url);
            calls.push_back(std::move(c));
        }
        if (calls.empty()) {
            resp.error(400, "invalid_parameter", "url is required");
            return;
        }
        ipfacts::JsonWriter w;
        w.beginObject().key("results").beginArray();
        for (const ipfacts::HttpReplyView r : host_.fetchAll(calls)) {  // read in place
            w.beginObject()
                .field("status", r.status())
                .field("peer", r.peer_address())
                .field("body", r.body().substr(0, 200));
            if (r.ok())
                w.key("error").null();
            else
                w.field("error", r.error());
            w.endObject();
        }
        w.endArray().field("checked_at", host_.checkedAt()).field("source", host_.serviceHost()).endObject();
        resp.json(w);
    }

private:
    ipfacts::Host& host_;
};

IPFACTS_PLUGIN(FetchPlugin, "fetch", "1.0.0", "Test plugin: fetches through the http facility",
               ipfacts::kOpenApiFragment, IPFACTS_HANDLER(FetchPlugin, fetch, 0));
