// CurlOnDemand defines libcurl's functions for the `workbench` executable and loads libcurl on the
// first call (CurlOnDemand.c says why). Its interface is libcurl's own, so its tests can call them.
#ifndef CURL_ON_DEMAND_H
#define CURL_ON_DEMAND_H
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#endif
