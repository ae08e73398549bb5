#!/usr/bin/env bash
# Writes Tests/SandboxTests/GraphQL/Fixtures/expected.json and extra-expected.json: what GraphQLSwift
# 4.3.0 (through Graphiti) answers to each case of queries.json and extra-queries.json beside them,
# the reference the sandbox's countries API is tested against (CountriesReferenceTests).
#
#   scripts/graphql-reference/make_expected.sh
#
# Builds the reference program in release, in a throw-away folder (the compiler's temporary files
# too), so nothing is left behind.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
datasets="$root/Sources/Sandbox/Data/restcountries"
fixtures="$root/Tests/SandboxTests/GraphQL/Fixtures"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/tmp"
export TMPDIR="$scratch/tmp"

cd "$here"
swift build -c release --scratch-path "$scratch/build" 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]' >&2
for table in queries extra-queries; do
    out="${table/queries/expected}"
    "$scratch/build/release/CountriesReference" "$fixtures/$table.json" "$fixtures/$out.json" "$datasets"
done
python3 "$here/spot_check.py" "$datasets"
