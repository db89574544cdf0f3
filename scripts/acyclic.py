#!/usr/bin/env python3
"""Fails when a crate's modules depend on each other in a circle.

Reads, on standard input, the module graph that cargo-modules draws for one crate:

    cargo modules dependencies --package CRATE --lib \
        --no-externs --no-sysroot --no-fns --no-types --no-traits | python3 scripts/acyclic.py CRATE

With functions, types and traits filtered out, cargo-modules moves each item's "uses" edges onto
the module that holds it, so every edge says "module A uses something defined in module B".

The rule, at every level of the module tree: the modules side by side under one parent, each
taken with everything below it, depend on each other in one direction only. `money` and `format`
may not use each other; nor may anything under `checkout` use something under `order` while
something under `order` uses something under `checkout`. A module and its own ancestors are left
out: a parent re-exporting its children and children using their parent's error type is how Rust
modules are meant to be laid out.

(cargo-modules' own `--acyclic` cannot serve: in version 0.27 it checks the unfiltered graph, in
which every type owns its methods and every method taking `self` uses its type, so any crate with
a method is "circular".)
"""

import re
import sys
from collections import defaultdict

EDGE = re.compile(r'^\s*"([^"]+)"\s*->\s*"([^"]+)"\s*\[label="(uses|owns)"')
NODE = re.compile(r'^\s*"([^"]+)"\s*\[label="(crate|[^"|]*mod)\|')


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


def main():
    crate = sys.argv[1] if len(sys.argv) > 1 else "the crate"
    levels = defaultdict(lambda: defaultdict(set))  # parent -> sibling -> siblings it uses
    reasons = defaultdict(list)  # (sibling, sibling) -> the module edges behind it
    edges, modules = 0, 0
    for line in sys.stdin:
        modules += bool(NODE.match(line))
        match = EDGE.match(line)
        if not match:
            continue
        source, target, kind = match.groups()
        if kind == "owns":
            continue
        edges += 1
        if is_ancestor(source, target) or is_ancestor(target, source):
            continue
        parent, a, b = sibling_edge(source, target)
        levels[parent][a].add(b)
        levels[parent].setdefault(b, set())
        reasons[(a, b)].append(f"{source} uses {target}")
    if modules == 0:
        print(f"acyclic: {crate}: no module graph on standard input", file=sys.stderr)
        return 2
    failed = False
    for parent in sorted(levels):
        for component in cycles(levels[parent]):
            failed = True
            print(f"acyclic: {crate}: modules under `{parent}` use each other in a circle:")
            for a in component:
                for b in component:
                    for reason in reasons.get((a, b), []):
                        print(f"    {reason}")
    if not failed:
        print(f"acyclic: {crate}: no module cycles ({modules} modules, {edges} uses between them)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
