#!/usr/bin/env python3
"""Writes expected.txt for ModelRedeclarationTableTests: Models.swift compiled with
`swiftc -swift-version 5` as one program that decodes document.json with JSONDecoder and prints
what the test prints after the paste (`print(countries.map { $0 })`, then the names)."""
import os
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    models = open(os.path.join(HERE, "Models.swift"), encoding="utf-8").read()
    document = open(os.path.join(HERE, "document.json"), encoding="utf-8").read().strip()
    program = models + f'''
import Foundation
let countries = try JSONDecoder().decode(Countries.self, from: Data(#"{document}"#.utf8))
print(countries.map {{ $0 }})
print(countries.map {{ $0.name.common + "/" + $0.cca2 }})
'''
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "main.swift")
        with open(source, "w", encoding="utf-8") as file:
            file.write(program)
        binary = os.path.join(folder, "main")
        subprocess.run(["swiftc", "-swift-version", "5", source, "-o", binary], check=True)
        output = subprocess.run([binary], check=True, capture_output=True, text=True).stdout
    with open(os.path.join(HERE, "expected.txt"), "w", encoding="utf-8") as file:
        file.write(output)
    print(output, end="")


if __name__ == "__main__":
    main()
