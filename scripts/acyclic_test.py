#!/usr/bin/env python3
"""Plants circles in small crates made on the fly and checks that `acyclic.py` fails on each, and
passes what is not a circle. `just acyclic` runs it before checking the real crates."""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def crate(files):
    root = tempfile.mkdtemp(prefix="acyclic-")
    for path, text in files.items():
        full = os.path.join(root, "src", path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as handle:
            handle.write(text)
    return root


def verdict(files):
    run = subprocess.run(
        [sys.executable, os.path.join(HERE, "acyclic.py"), crate(files)],
        capture_output=True,
        text=True,
        check=False,
    )
    return run.returncode, run.stdout + run.stderr


CIRCLES = {
    "a use one way, a path written inline the other": {
        "lib.rs": "mod a;\nmod b;\n",
        "a.rs": "use crate::b::Thing;\npub struct Other;\n",
        "b.rs": "pub struct Thing;\nfn f() -> crate::a::Other { crate::a::Other }\n",
    },
    "inline paths both ways, in a folder module": {
        "lib.rs": "pub mod pages;\npub mod state;\n",
        "pages/mod.rs": "mod cache;\npub struct Page;\n",
        "pages/cache.rs": "pub fn f(_: &crate::state::State) {}\n",
        "state.rs": "pub struct State { pages: Vec<crate::pages::Page> }\n",
    },
    "nested use groups and super::": {
        "lib.rs": "mod x;\nmod y;\n",
        "x/mod.rs": "mod inner;\n",
        "x/inner.rs": "use super::super::y::{deep::{Z}};\npub struct X;\n",
        "y/mod.rs": "pub mod deep;\n",
        "y/deep.rs": "pub struct Z;\nimpl Z { fn g(&self) -> crate::x::inner::X { todo!() } }\n",
    },
    "an inline module's uses": {
        "lib.rs": "mod a;\npub mod b {\n    pub fn f() { let _ = crate::a::A; }\n}\n",
        "a.rs": "pub struct A;\nfn g() { crate::b::f() }\n",
    },
}

NOT_CIRCLES = {
    "parents and children use each other": {
        "lib.rs": "mod a;\npub use a::A;\npub struct Error;\n",
        "a.rs": "pub struct A(crate::Error);\n",
    },
    "paths in comments, strings and test modules": {
        "lib.rs": "mod a;\nmod b;\n",
        "a.rs": "use crate::b::B;\npub struct A;\n",
        "b.rs": (
            "pub struct B;\n"
            "// crate::a::A in a comment\n"
            "/* and /* nested */ crate::a::A */\n"
            "const S: &str = \"crate::a::A\";\n"
            "const R: &str = r#\"crate::a::A\"#;\n"
            "#[cfg(test)]\nmod tests {\n    use crate::a::A;\n}\n"
        ),
    },
    "other crates and macro_rules' $crate": {
        "lib.rs": "mod a;\nmod b;\n",
        "a.rs": "use crate::b::B;\nuse serde::Serialize;\n",
        "b.rs": "pub struct B;\nmacro_rules! m { () => { $crate::a::nothing() } }\n",
    },
}


def main():
    failures = 0
    for name, files in CIRCLES.items():
        code, output = verdict(files)
        if code != 1 or "circle" not in output:
            failures += 1
            print(f"acyclic_test: the planted circle ({name}) was not found:\n{output}")
    for name, files in NOT_CIRCLES.items():
        code, output = verdict(files)
        if code != 0:
            failures += 1
            print(f"acyclic_test: a circle was reported where there is none ({name}):\n{output}")
    total = len(CIRCLES) + len(NOT_CIRCLES)
    print(f"acyclic_test: {total - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
