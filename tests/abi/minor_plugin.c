/* A plugin written in C against one frozen ABI header of 1.1 to 1.6
 * (include-1.N/, as the SDK shipped it), as a third party would have built it
 * then. The build compiles this file once per frozen header; the current host
 * must keep loading each and answering through it, with what its minor added:
 *   1.1 request_url         1.2 may_block
 *   1.3 a declared config key, read with config_get, and a required facility
 *   1.6 netdb's lookup_wanted
 * GET answers "hello from ABI 1.N" followed by those readings. */
#include <ipfacts/plugin.h>

#include <stdio.h>
#include <string.h>

#define TEXT(x) #x
#define NUMBER(x) TEXT(x)
#define PLUGIN_NAME "abi1" NUMBER(IPF_ABI_MINOR)

static const ipf_host_api* g_host;
static ipf_plugin_ctx* g_ctx;

static ipf_status init(const ipf_host_api* host, ipf_plugin_ctx* ctx, void** state, char* err, size_t cap) {
    (void)err; (void)cap;
    g_host = host;
    g_ctx = ctx;
    *state = NULL;
    return IPF_OK;
}

static void shutdown_plugin(void* state) { (void)state; }

/* Appends " name=value" to the body at *used. */
static void append(char* body, size_t cap, int* used, const char* name, ipf_str value) {
    int n = snprintf(body + *used, cap - (size_t)*used, " %s=%.*s", name, (int)value.len, value.ptr ? value.ptr : "");
    if (n > 0 && *used + n < (int)cap) *used += n;
}

static ipf_status hello(void* state, const ipf_request* req, ipf_response* resp) {
    char body[512];
    int used = snprintf(body, sizeof body, "hello from ABI 1.%d", IPF_ABI_MINOR);
    (void)state;
    append(body, sizeof body, &used, "url", g_host->request_url(req));
#if IPF_ABI_MINOR >= 2
    append(body, sizeof body, &used, "may_block", g_host->may_block(req) ? (ipf_str){"1", 1} : (ipf_str){"0", 1});
#endif
#if IPF_ABI_MINOR >= 3
    {
        ipf_str greeting = {NULL, 0};
        g_host->config_get(g_ctx, (ipf_str){"greeting", 8}, &greeting);
        append(body, sizeof body, &used, "greeting", greeting);
    }
#endif
#if IPF_ABI_MINOR >= 6
    {
        const ipf_netdb_facts* facts = NULL;
        ipf_str address = g_host->client_address(req);
        if (g_host->netdb->lookup_wanted(g_ctx, address, IPF_NETDB_WANT_RIR, &facts) == IPF_OK) {
            append(body, sizeof body, &used, "kind", facts->kind);
            g_host->netdb->facts_free(facts);
        }
    }
#endif
    body[used++] = '\n';
    g_host->set_status(resp, 200);
    g_host->set_body(resp, (ipf_str){"text/plain", 10}, (ipf_str){body, (size_t)used});
    return IPF_OK;
}

static const ipf_handler_def handlers[] = {{"hello", hello, IPF_HANDLER_NONBLOCKING}};

static const char fragment[] =
    "{\"operations\":{\"hello\":{\"summary\":\"ABI 1." NUMBER(IPF_ABI_MINOR) " test plugin\","
    "\"responses\":{\"200\":{\"description\":\"text\",\"content\":{\"text/plain\":{\"schema\":{\"type\":\"string\"}}}}}}}}";

#if IPF_ABI_MINOR >= 3
static const char* const required[] = {"netdb", NULL};
static const ipf_config_key keys[] = {{"greeting", IPF_CONFIG_STRING, 1, NULL, "said back in the answer"},
                                      {NULL, 0, 0, NULL, NULL}};
#endif

__attribute__((visibility("default"))) const ipf_plugin_descriptor* ipfacts_plugin_v1(void) {
    static const ipf_plugin_descriptor d = {
        sizeof(ipf_plugin_descriptor), IPF_ABI_MAJOR, IPF_ABI_MINOR, 0,
        PLUGIN_NAME, "1.0.0", "built against a frozen ABI header",
        handlers, sizeof handlers / sizeof handlers[0], init, shutdown_plugin, fragment
#if IPF_ABI_MINOR >= 3
        , required, keys
#endif
    };
    return &d;
}
