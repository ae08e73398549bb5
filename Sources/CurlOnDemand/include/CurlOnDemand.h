// CurlOnDemand has no interface of its own: it defines libcurl's functions for the `workbench`
// executable and loads libcurl on the first call (CurlOnDemand.c says why).
#ifndef CURL_ON_DEMAND_H
#define CURL_ON_DEMAND_H
#endif
