#!/usr/bin/env python3
"""Spot-checks expected.json against the datasets, recomputing some answers straight from the JSON
(independently of the Swift code), as docs/graphql.md and Sources/Sandbox/APIs/Countries/ describe the API.

    python3 spot_check.py [DATASETS-FOLDER]     (default: the sandbox's, Sources/Sandbox/Data/restcountries)
"""
import json
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "../../Sources/Sandbox/Data/restcountries")
with open(os.path.join(folder, "countriesV2.json"), encoding="utf-8") as f:
    v2 = json.load(f)
with open(os.path.join(folder, "countriesV3.1.json"), encoding="utf-8") as f:
    v31 = {c["cca2"]: c for c in json.load(f)}
with open(os.path.join(here, "../../Tests/SandboxTests/GraphQL/Fixtures/expected.json"), encoding="utf-8") as f:
    expected = json.load(f)

CONTINENTS = {"Africa": "AF", "Antarctica": "AN", "Asia": "AS", "Europe": "EU",
              "North America": "NA", "Oceania": "OC", "South America": "SA"}
RTL = {"ar", "dv", "fa", "ha", "he", "ks", "ku", "ps", "sd", "ug", "ur", "yi"}

countries = []
for r in sorted(v2, key=lambda r: [ord(ch) for ch in r["alpha2Code"]]):
    o = v31[r["alpha2Code"]]
    phones = [p for p in r.get("callingCodes", []) if p != ""]
    currencies = [c["code"] for c in r.get("currencies") or [] if c.get("code")]
    countries.append({
        "code": r["alpha2Code"], "name": o["name"]["common"], "native": r["nativeName"],
        "phone": ",".join(phones), "phones": phones, "capital": r.get("capital") or None,
        "currency": ",".join(currencies) or None, "currencies": currencies, "emoji": o["flag"],
        "emojiU": " ".join("U+%04X" % ord(ch) for ch in o["flag"]),
        "continent": CONTINENTS[o["continents"][0]],
        "languages": [l for l in r.get("languages", []) if l.get("iso639_1")],
    })
languages = {}
for c in countries:
    for l in c["languages"]:
        languages.setdefault(l["iso639_1"], {"code": l["iso639_1"], "name": l["name"],
                                             "native": l["nativeName"], "rtl": l["iso639_1"] in RTL})

failures = 0


def check(case, want):
    global failures
    got = expected[case]["sorted"]
    if got != want:
        failures += 1
        print(f"MISMATCH {case}:\n  expected.json: {json.dumps(got, ensure_ascii=False)[:400]}\n"
              f"  recomputed:    {json.dumps(want, ensure_ascii=False)[:400]}")
    else:
        print(f"ok {case}")


def language_out(code):
    return dict(languages[code])


by_code = {c["code"]: c for c in countries}
co = by_code["CO"]
check("country_full_nested", {"data": {"country": {
    **{k: co[k] for k in ["code", "name", "native", "phone", "phones", "capital", "currency",
                          "currencies", "emoji", "emojiU"]},
    "continent": {"code": co["continent"], "name": "South America"},
    "languages": [language_out(l["iso639_1"]) for l in co["languages"]]}}})
assert co["phone"] == "57" and co["continent"] == "SA" and [l["iso639_1"] for l in co["languages"]] == ["es"]

check("countries_all_codes", {"data": {"countries": [{"code": c["code"]} for c in countries]}})
aq = by_code["AQ"]
check("country_without_capital_or_currency", {"data": {"country": {
    **{k: aq[k] for k in ["code", "name", "capital", "currency", "currencies", "phone", "phones"]},
    "languages": [{"code": l["iso639_1"]} for l in aq["languages"]]}}})
check("filter_currency_eq", {"data": {"countries": [
    {"code": c["code"], "name": c["name"], "currencies": c["currencies"]}
    for c in countries if "CHF" in c["currencies"]]}})
check("filter_currency_ne", {"data": {"countries": [
    {"code": c["code"], "currency": c["currency"], "currencies": c["currencies"]}
    for c in countries if c["continent"] == "AN" and all(x != "NOK" for x in c["currencies"])]}})
check("filter_continent_in", {"data": {"countries": [
    {"code": c["code"], "continent": {"code": c["continent"]}}
    for c in countries if c["continent"] in ("AN", "SA")]}})
check("filter_continent_ne", {"data": {"countries": [
    {"code": c["code"], "name": c["name"], "continent": {"code": c["continent"]}}
    for c in countries if c["continent"] != "AF" and re.search("^Ma", c["name"])]}})
check("filter_name_regex", {"data": {"countries": [
    {"code": c["code"], "name": c["name"]} for c in countries if re.search("^Ne", c["name"])]}})
check("continent_with_countries", {"data": {"continent": {"code": "AN", "name": "Antarctica", "countries": [
    {"code": c["code"], "name": c["name"], "emoji": c["emoji"]} for c in countries if c["continent"] == "AN"]}}})
check("language_by_code", {"data": {"language": language_out("fa")}})
check("languages_filter", {"data": {"languages": [language_out(code) for code in sorted(languages)
                                                  if code in ("ar", "he", "es")]}})
check("filter_variable_object", {"data": {"countries": [
    {"code": c["code"], "name": c["name"]} for c in countries
    if c["code"] in ("NZ", "AU", "XX") and "USD" not in c["currencies"]]}})
print(f"{len(countries)} countries, {len(languages)} languages; "
      f"{'all spot checks agree' if failures == 0 else f'{failures} mismatches'}")
sys.exit(1 if failures else 0)
