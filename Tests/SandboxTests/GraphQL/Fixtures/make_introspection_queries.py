"""Writes the two introspection queries CountriesIntrospectionTests sends: the one GraphiQL and
most GraphQL tools send (graphql-js's getIntrospectionQuery), as graphql-core 3.2.8, its Python
port (MIT licence), prints it, with its options off (introspection-default.graphql) and all on
(introspection-all-options.graphql).

Run it from this folder:

    python3 -m venv /tmp/gql && /tmp/gql/bin/pip install graphql-core==3.2.8 && /tmp/gql/bin/python make_introspection_queries.py
"""

import os

from graphql import get_introspection_query

HERE = os.path.dirname(os.path.abspath(__file__))

queries = {
    "introspection-default.graphql": get_introspection_query(),
    "introspection-all-options.graphql": get_introspection_query(
        descriptions=True, specified_by_url=True, directive_is_repeatable=True, schema_description=True,
        input_value_deprecation=True),
}
for name, text in queries.items():
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        f.write(text + "\n")
    print("wrote", name)
