/* One tiny plugin per failure mode, chosen at compile time by BROKEN_MODE:
 *   1 wrong ABI major   2 newer minor without the copes flag
 *   3 init fails        4 newer minor that declares it copes (must load)
 *   5 no entry symbol */
#include <ipfacts/plugin.h>

#include <string.h>

static const ipf_host_api* g_host;

static ipf_status init(const ipf_host_api* host, ipf_plugin_ctx* ctx, void** state, char* err, size_t cap) {
    (void)ctx;
    g_host = host;
    *state = NULL;
#if BROKEN_MODE == 3
    strncpy(err, "the test plugin refuses to start", cap - 1);
    err[cap - 1] = 0;
    return IPF_ERROR;
#else
    (void)err; (void)cap;
    return IPF_OK;
#endif
}

static void shutdown_plugin(void* state) { (void)state; }

static ipf_status answer(void* state, const ipf_request* req, ipf_response* resp) {
    (void)state; (void)req;
    g_host->set_body(resp, (ipf_str){"text/plain", 10}, (ipf_str){"copes\n", 6});
    return IPF_OK;
}

static const ipf_handler_def handlers[] = {{"answer", answer, IPF_HANDLER_NONBLOCKING}};

#if BROKEN_MODE == 1
#define MAJOR 2
#else
#define MAJOR IPF_ABI_MAJOR
#endif
#if BROKEN_MODE == 2 || BROKEN_MODE == 4
#define MINOR 99
#else
#define MINOR IPF_ABI_MINOR
#endif
#if BROKEN_MODE == 4
#define FLAGS IPF_PLUGIN_COPES_WITH_OLDER_HOST
#else
#define FLAGS 0
#endif

#if BROKEN_MODE == 5
#define ENTRY not_the_entry_point /* a typo'd export: the host finds no entry */
#else
#define ENTRY ipfacts_plugin_v1
#endif
__attribute__((visibility("default"))) const ipf_plugin_descriptor* ENTRY(void) {
    static const ipf_plugin_descriptor d = {
        sizeof(ipf_plugin_descriptor), MAJOR, MINOR, FLAGS,
        "broken", "0.0.1", "ABI failure mode test",
        handlers, 1, init, shutdown_plugin,
        "{\"operations\":{\"answer\":{\"responses\":{\"200\":{\"description\":\"text\"}}}}}",
        NULL, NULL, NULL};
    return &d;
}
