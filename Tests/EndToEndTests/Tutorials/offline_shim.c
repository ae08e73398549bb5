// For generate.py only: the reference program sends a real API's URL to the sandbox, as
// `workbench --offline` does, so that its printed output is what the same code prints against the
// real service. FoundationNetworking calls libcurl's curl_easy_setopt through the dynamic linker;
// this definition, exported by the program (-Xlinker --export-dynamic), comes first and rewrites
// CURLOPT_URL by the prefixes in TUTORIAL_ROUTES ("REAL-PREFIX=SANDBOX-PREFIX;…").
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int curl_easy_setopt(void *handle, int option, ...) {
    int (*real)(void *, int, ...) = (int (*)(void *, int, ...))dlsym(RTLD_NEXT, "curl_easy_setopt");
    va_list arguments;
    va_start(arguments, option);
    void *value = va_arg(arguments, void *);
    va_end(arguments);
    const char *routes = getenv("TUTORIAL_ROUTES");
    if (option != 10002 || !value || !routes) return real(handle, option, value);
    const char *url = value;
    char *copy = strdup(routes);
    int result = -1;
    for (char *route = strtok(copy, ";"); route && result < 0; route = strtok(NULL, ";")) {
        char *equals = strchr(route, '=');
        if (!equals) continue;
        *equals = 0;
        size_t length = strlen(route);
        if (strncmp(url, route, length) != 0) continue;
        char *routed = malloc(strlen(equals + 1) + strlen(url + length) + 1);
        strcpy(routed, equals + 1);
        strcat(routed, url + length);
        result = real(handle, option, routed);
        free(routed);
    }
    free(copy);
    return result < 0 ? real(handle, option, value) : result;
}
