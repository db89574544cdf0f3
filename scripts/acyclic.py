#!/usr/bin/env python3
"""Fails when a crate's modules depend on each other in a circle.

    python3 scripts/acyclic.py crates/CRATE [crates/OTHER ...]

Reads the crate's sources itself, from `src/lib.rs` down through every `mod` it declares (files
and inline blocks; `#[cfg(test)]` modules are left out, as tests may reach anywhere). Every
path that names a module of the crate counts as a use, wherever it is written:

- `use` declarations, with their nested groups (`use crate::a::{b, c::d};`);
- paths written inline, in types, expressions, attributes and macro calls
  (`crate::pages::PageCache::new(...)`, `super::cart::Line`, `self::keys::KEY`).

An earlier check read the graph that cargo-modules draws, which holds `use` declarations only:
two circles of modules got into `crates/server` through paths written inline.

The rule, at every level of the module tree: the modules side by side under one parent, each
taken with everything below it, depend on each other in one direction only. `money` and `format`
may not use each other; nor may anything under `checkout` use something under `order` while
something under `order` uses something under `checkout`. A module and its own ancestors are left
out: a parent re-exporting its children and children using their parent's error type is how Rust
modules are meant to be laid out.
"""

import os
import re
import sys
from collections import defaultdict


# What is not code: comments (line, block, nested) and literals (strings, raw strings, chars).
LEXEME = re.compile(
    r"""
      (?P<line_comment>//[^\n]*)
    | (?P<block_comment>/\*)
    | (?P<raw_string>b?r(?P<hashes>\#*)")
    | (?P<string>b?"(?:\\.|[^"\\])*")
    | (?P<char>b?'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|.)|[^'\\\n])')
    """,
    re.VERBOSE | re.DOTALL,
)
MOD_DECL = re.compile(r"(?P<attrs>(?:#\[[^\]]*\]\s*)*)(?:pub(?:\([^)]*\))?\s+)?mod\s+(?P<name>\w+)\s*(?P<end>[;{])")
USE = re.compile(r"\buse\s+(?P<tree>[^;]+);")
INLINE_PATH = re.compile(r"(?<![\w$])(?P<path>(?:crate|super|self)(?:\s*::\s*\w+)+)")


def parts(path):
    return path.split("::")


def is_ancestor(a, b):
    """Whether module `a` is `b` or holds it."""
    return parts(b)[: len(parts(a))] == parts(a)


def sibling_edge(source, target):
    """The edge between the two modules side by side under the deepest module holding both."""
    s, t = parts(source), parts(target)
    common = 0
    while common < min(len(s), len(t)) and s[common] == t[common]:
        common += 1
    parent = "::".join(s[:common])
    return parent, "::".join(s[: common + 1]), "::".join(t[: common + 1])


def cycles(graph):
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph[node]):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def code_only(text):
    """`text` with comments and literals blanked out (newlines kept, so nothing shifts)."""
    out, i = [], 0
    while True:
        match = LEXEME.search(text, i)
        if not match:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i : match.start()])
        if match.group("block_comment"):
            depth, j = 1, match.end()
            while depth and j < len(text):
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            end = j
        elif match.group("raw_string"):
            closing = '"' + match.group("hashes")
            found = text.find(closing, match.end())
            end = len(text) if found < 0 else found + len(closing)
        else:
            end = match.end()
        out.append(re.sub(r"[^\n]", " ", text[match.start() : end]))
        i = end


def matching_brace(text, open_at):
    depth = 0
    for j in range(open_at, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(text) - 1


class Crate:
    def __init__(self, root):
        self.root = root
        self.modules = {}  # module path -> its code, without the blocks of inline child modules
        self.children = defaultdict(set)

    def load(self):
        self.read_file("crate", os.path.join(self.root, "src", "lib.rs"), is_dir_owner=True)

    def read_file(self, module, path, is_dir_owner):
        with open(path, encoding="utf-8") as handle:
            code = code_only(handle.read())
        stem = os.path.splitext(os.path.basename(path))[0]
        folder = os.path.dirname(path) if is_dir_owner else os.path.join(os.path.dirname(path), stem)
        self.read_module(module, code, folder)

    def read_module(self, module, code, folder):
        kept, i = [], 0
        for match in MOD_DECL.finditer(code):
            if match.start() < i:
                continue  # inside an inline module already taken out
            name, is_test = match.group("name"), "cfg(test)" in match.group("attrs").replace(" ", "")
            child = f"{module}::{name}"
            if match.group("end") == "{":
                close = matching_brace(code, match.end() - 1)
                kept.append(code[i : match.start()])
                i = close + 1
                if not is_test:
                    self.children[module].add(name)
                    self.read_module(child, code[match.end() : close], os.path.join(folder, name))
                continue
            if is_test:
                continue
            self.children[module].add(name)
            for candidate, owner in ((os.path.join(folder, f"{name}.rs"), False), (os.path.join(folder, name, "mod.rs"), True)):
                if os.path.exists(candidate):
                    self.read_file(child, candidate, is_dir_owner=owner)
                    break
            else:
                raise SystemExit(f"acyclic: {self.root}: no file for `mod {name};` in {module}")
        kept.append(code[i:])
        self.modules[module] = "".join(kept)

    def resolve(self, module, segments):
        """The crate module a path names (its longest module prefix), or None if external."""
        if not segments:
            return None
        head = segments[0]
        if head == "crate":
            base, rest = "crate", segments[1:]
        elif head in ("self", "super"):
            base, i = module, 0
            while i < len(segments) and segments[i] in ("self", "super"):
                if segments[i] == "super":
                    if base == "crate":
                        return None
                    base = base.rsplit("::", 1)[0]
                i += 1
            rest = segments[i:]
        elif head in self.children[module]:
            base, rest = f"{module}::{head}", segments[1:]
        else:
            return None  # another crate, or a name in scope
        for segment in rest:
            if segment in self.children[base]:
                base = f"{base}::{segment}"
            else:
                break
        return base

    def uses(self):
        """(module, used module, how it was written) for every path naming a crate module."""
        for module, code in self.modules.items():
            for match in USE.finditer(code):
                for path in expand_use(match.group("tree")):
                    target = self.resolve(module, path)
                    if target:
                        yield module, target, "use " + "::".join(path)
            inline = USE.sub(" ", code)
            for match in INLINE_PATH.finditer(inline):
                path = [s.strip() for s in match.group("path").split("::")]
                target = self.resolve(module, path)
                if target:
                    yield module, target, "::".join(path)


def expand_use(tree, prefix=()):
    """Every path a `use` tree brings in: `a::{b, c::{d, e}}` -> a::b, a::c::d, a::c::e."""
    tree = re.sub(r"\s+", " ", tree).strip()
    tree = re.sub(r"^pub(\([^)]*\))? ", "", tree)
    brace = tree.find("{")
    if brace < 0:
        path = [s.strip() for s in re.sub(r" as \w+$", "", tree).split("::") if s.strip()]
        path = [s for s in path if s != "*"]
        if path and path[-1] == "self":
            path = path[:-1]
        return [list(prefix) + path] if path or prefix else []
    head = [s.strip() for s in tree[:brace].split("::") if s.strip()]
    inner = tree[brace + 1 : tree.rfind("}")]
    parts, depth, start = [], 0, 0
    for j, ch in enumerate(inner):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(inner[start:j])
            start = j + 1
    parts.append(inner[start:])
    paths = []
    for part in parts:
        if part.strip():
            paths.extend(expand_use(part, tuple(prefix) + tuple(head)))
    return paths


def check(root):
    """Prints the crate's circles (or that it has none); returns whether it has any."""
    name = os.path.basename(os.path.normpath(root))
    crate = Crate(root)
    crate.load()
    levels = defaultdict(lambda: defaultdict(set))  # parent -> sibling -> siblings it uses
    reasons = defaultdict(set)  # (sibling, sibling) -> the uses behind it
    edges = 0
    for source, target, written in crate.uses():
        if is_ancestor(source, target) or is_ancestor(target, source):
            continue
        edges += 1
        parent, a, b = sibling_edge(source, target)
        levels[parent][a].add(b)
        levels[parent].setdefault(b, set())
        reasons[(a, b)].add(f"{source} uses {target} (`{written}`)")
    failed = False
    for parent in sorted(levels):
        for component in cycles(levels[parent]):
            failed = True
            print(f"acyclic: {name}: modules under `{parent}` use each other in a circle:")
            for a in component:
                for b in component:
                    for reason in sorted(reasons.get((a, b), [])):
                        print(f"    {reason}")
    if not failed:
        print(f"acyclic: {name}: no module cycles ({len(crate.modules)} modules, {edges} uses between siblings)")
    return failed


def main():
    roots = sys.argv[1:]
    if not roots:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    failed = [root for root in roots if check(root)]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
