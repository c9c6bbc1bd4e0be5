/* A plugin written in C against the frozen ABI 1.0 header (include-1.0/),
 * as a third party would have built it before the host grew to 1.1. The host
 * must keep loading it and answering through it. */
#include <ipfacts/plugin.h>

#include <stdio.h>
#include <string.h>

static const ipf_host_api* g_host;

static ipf_status init(const ipf_host_api* host, ipf_plugin_ctx* ctx, void** state, char* err, size_t cap) {
    (void)ctx; (void)err; (void)cap;
    g_host = host;
    *state = NULL;
    return IPF_OK;
}

static void shutdown_plugin(void* state) { (void)state; }

static ipf_status hello(void* state, const ipf_request* req, ipf_response* resp) {
    (void)state;
    char body[128];
    ipf_str who = {NULL, 0};
    if (g_host->query_get(req, (ipf_str){"name", 4}, 0, &who) != IPF_OK) who = (ipf_str){"world", 5};
    int n = snprintf(body, sizeof body, "hello %.*s from ABI 1.0\n", (int)who.len, who.ptr);
    g_host->set_status(resp, 200);
    g_host->set_body(resp, (ipf_str){"text/plain", 10}, (ipf_str){body, (size_t)n});
    return IPF_OK;
}

/* A handler that reports its own failure: the host must answer 500. */
static ipf_status fail(void* state, const ipf_request* req, ipf_response* resp) {
    (void)state; (void)req; (void)resp;
    return IPF_ERROR;
}

/* A handler that forgets to answer: API misuse, logged, answered 500. */
static ipf_status silent(void* state, const ipf_request* req, ipf_response* resp) {
    (void)state; (void)req; (void)resp;
    return IPF_OK;
}

/* Runs on a worker thread (no NONBLOCKING flag), like a handler doing I/O. */
static ipf_status slow(void* state, const ipf_request* req, ipf_response* resp) {
    (void)state; (void)req;
    g_host->set_body(resp, (ipf_str){"text/plain", 10}, (ipf_str){"slow\n", 5});
    return IPF_OK;
}

static const ipf_handler_def handlers[] = {{"hello", hello, IPF_HANDLER_NONBLOCKING},
                                           {"fail", fail, IPF_HANDLER_NONBLOCKING},
                                           {"silent", silent, IPF_HANDLER_NONBLOCKING},
                                           {"slow", slow, 0}};

#define TEXT_OP(name) \
    "\"" name "\":{\"summary\":\"ABI 1.0 test plugin\",\"responses\":{\"200\":{\"description\":\"text\"," \
    "\"content\":{\"text/plain\":{\"schema\":{\"type\":\"string\"}}}}}}"
// hello reads `name` from the query: declared, or the host answers 400 unknown_parameter.
#define NAMED_TEXT_OP(name) \
    "\"" name "\":{\"summary\":\"ABI 1.0 test plugin\",\"parameters\":[{\"name\":\"name\",\"in\":\"query\"," \
    "\"schema\":{\"type\":\"string\"}}],\"responses\":{\"200\":{\"description\":\"text\"," \
    "\"content\":{\"text/plain\":{\"schema\":{\"type\":\"string\"}}}}}}"
static const char fragment[] =
    "{\"operations\":{" NAMED_TEXT_OP("hello") "," TEXT_OP("fail") "," TEXT_OP("silent") "," TEXT_OP("slow") "}}";

__attribute__((visibility("default"))) const ipf_plugin_descriptor* ipfacts_plugin_v1(void) {
    static const ipf_plugin_descriptor d = {
        sizeof(ipf_plugin_descriptor), IPF_ABI_MAJOR, IPF_ABI_MINOR, 0,
        "abi10", "1.0.0", "built against the ABI 1.0 header",
        handlers, sizeof handlers / sizeof handlers[0], init, shutdown_plugin, fragment};
    return &d;
}
