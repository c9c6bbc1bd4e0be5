// The smallest useful ipfacts plugin: GET <route>?name=Ada answers
// {"message":"hello, Ada","checked_at":...,"source":...}.
#include <ipfacts/config.hpp>
#include <ipfacts/plugin.hpp>
#include <ipfacts/stamp.hpp>

#include <string>

class HelloPlugin {
public:
    // The host checks the manifest's config section against this table.
    static constexpr ipfacts::ConfigKey kConfig[] = {
        ipfacts::stringKey("greeting", "hello", "the word the greeting starts with")};
    explicit HelloPlugin(ipfacts::Host& host) : host_(host) {
        // Manifest: plugins: { hello: { library: /path/libhello.so, config: { greeting: hi } } }
        greeting_ = *ipfacts::Config(host, kConfig).text("greeting");  // "hello" unless the manifest says
    }

    void greet(ipfacts::Request& req, ipfacts::Response& resp) {
        std::string_view name = req.query("name").value_or("world");
        if (name.size() > 64) {
            resp.error(400, "invalid_parameter", "name is longer than 64 bytes");
            return;
        }
        ipfacts::JsonWriter w;
        w.beginObject().field("message", greeting_ + ", " + std::string(name));
        ipfacts::ResponseStamp::now(host_).writeTo(w).endObject();  // checked_at, source
        resp.json(w);
    }

private:
    ipfacts::Host& host_;
    std::string greeting_;
};

IPFACTS_PLUGIN(HelloPlugin, "hello", "1.0.0", "Greets the caller", ipfacts::kOpenApiFragment,
               IPFACTS_HANDLER(HelloPlugin, greet, IPF_HANDLER_NONBLOCKING));
